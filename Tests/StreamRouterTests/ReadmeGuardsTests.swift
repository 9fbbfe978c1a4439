import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// README "Guards that hold" (and the docs' "Guards that hold" section), compiled and run.
@Suite(.suiteLimit) struct ReadmeGuardsTests {
    enum ShopRoute: RouteProvider {
        case cart, checkout, editAddress, login
        var transition: RouteTransition { self == .login ? .modal : .push }
    }

    final class Session: Sendable {
        private let loggedIn = _Locked(false)
        var isLoggedIn: Bool { loggedIn.withLock { $0 } }
        func logIn() { loggedIn.withLock { $0 = true } }
        func logOut() { loggedIn.withLock { $0 = false } }
    }

    final class Form: Sendable {
        private let unsaved = _Locked(false)
        var hasUnsavedChanges: Bool {
            get { unsaved.withLock { $0 } }
            set { unsaved.withLock { $0 = newValue } }
        }
    }

    enum FormError: Error { case unsavedChanges }

    static func preload(_ route: ShopRoute) async throws {}

    /// Run 1, logged in: reached `[cart, checkout]`.
    static func savedStore() async throws -> InMemoryStateStore {
        let store = InMemoryStateStore()
        let router = Router<ShopRoute>(store: store)
        try await router.navigate(to: [.cart, .checkout])
        router.flush()
        return store
    }

    @Test func guardsThatHoldSection() async throws {
        let store = try await Self.savedStore()
        let session = Session()
        let form = Form()
        let printed = _Locked<[String]>([])
        func print(_ items: Any...) { printed.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) } }

        // The README block, verbatim from here.
        let auth = NavigationGuard<ShopRoute>(named: "auth") { pending in
            pending.destinations.contains(.checkout) && !session.isLoggedIn ? .redirect(to: .login) : .allow
        }
        let router = Router<ShopRoute>(store: store, guards: [auth])  // the saved stack goes through "auth"
        await router.restore()  // waits for that: [cart, checkout] redirected
        print(router.path, router.modal == .login)  // "/login true": redirected to the login sheet

        // In the login screen, once the user has logged in:
        session.logIn()
        try await router.dismiss()
        try await router.resumeRedirected()  // the redirected request, through the guards again
        print(router.path)  // "/cart/checkout"

        // "Are you sure?" on leaving a form with unsaved changes (a swipe-back through
        // `RouterModel.stack` is refused the same way, and the binding snaps back):
        router.addGuard(named: "unsaved changes") { pending in
            switch pending.request.operation {
            case .back, .backTo, .toRoot, .dismiss, .dismissAll, .replace:
                pending.from.top == .editAddress && form.hasUnsavedChanges ? .cancel(FormError.unsavedChanges) : .allow
            default:
                .allow
            }
        }

        router.defaultGuardDeadline = .seconds(10)  // off by default; measured on router.guardClock
        router.addPreparation(named: "load", deadline: .seconds(3)) { route in try await Self.preload(route) }
        // End of the README block.

        #expect(printed.withLock { $0 } == ["/login true", "/cart/checkout"])
        #expect(router.restoration == .restoreRedirected(to: "navigate(to: [login])"))
        #expect(router.redirectedRequest == nil, "resumed: no longer kept")
        #expect(try await router.resumeRedirected() == false, "nothing left to resume")

        // The leave guard: refused while the form has unsaved changes, allowed after.
        try await router.navigate(to: .editAddress)
        form.hasUnsavedChanges = true
        for leave in [NavigationOperation<ShopRoute>.back(count: 1), .backTo(.cart), .toRoot, .replace(with: [])] {
            let error = await navigationError { try await router.perform(leave) }
            #expect(error == .cancelledByGuard(name: "unsaved changes", reason: FormError.unsavedChanges))
            #expect(router.stack == [.cart, .checkout, .editAddress])
        }
        form.hasUnsavedChanges = false
        try await router.navigateBack()
        #expect(router.stack == [.cart, .checkout])
    }

    @MainActor
    @Test func aSwipeBackFromAnUnsavedFormIsRefusedAndTheBindingSnapsBack() async throws {
        let form = Form()
        form.hasUnsavedChanges = true
        let full: [ShopRoute] = [.cart, .editAddress]
        let router = Router<ShopRoute>(state: RouterState(stack: full))
        router.addGuard(named: "unsaved changes") { pending in
            switch pending.request.operation {
            case .back, .backTo, .toRoot, .dismiss, .dismissAll, .replace:
                pending.from.top == .editAddress && form.hasUnsavedChanges ? .cancel(FormError.unsavedChanges) : .allow
            default:
                .allow
            }
        }
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router)
        model.stack = [.cart]  // the swipe-back
        await model.settled()
        #expect(router.stack == full && model.stack == full, "stack unchanged; the binding reads the old stack")
        let request = NavigationRequest<ShopRoute>(id: 0, operation: .back(count: 1))
        #expect(
            try await events.next(2) == [
                .started(request),
                .cancelled(request, .cancelledByGuard(name: "unsaved changes", reason: FormError.unsavedChanges)),
            ])
        form.hasUnsavedChanges = false
        model.stack = [.cart]
        await model.settled()
        #expect(router.stack == [.cart] && model.stack == [.cart])
    }

    @Test func aLoginRedirectResumesTheOriginalRequestWithItsURL() async throws {
        let session = Session()
        let router = Router<ShopRoute>(urlMatchers: .group("shop.example.com") { $0.map("checkout") { .checkout } })
        router.addGuard(named: "auth") { pending in
            pending.destinations.contains(.checkout) && !session.isLoggedIn ? .redirect(to: .login) : .allow
        }
        try await router.navigate(to: .cart)
        let url = URL(string: "https://shop.example.com/checkout")!
        #expect(await router.openURL(url))
        #expect(router.modal == .login && router.stack == [.cart])
        let kept = try #require(router.redirectedRequest)
        #expect(kept.operation == .navigate(to: [.checkout]) && kept.url == url)

        // Still logged out: resuming redirects again, and keeps the request again.
        try await router.dismiss()
        #expect(try await router.resumeRedirected())
        #expect(router.modal == .login && router.redirectedRequest?.operation == .navigate(to: [.checkout]))

        session.logIn()
        try await router.dismiss()
        let events = StreamRecorder(router.events)
        #expect(try await router.resumeRedirected())
        #expect(router.stack == [.cart, .checkout] && router.modal == nil)
        let started = try await events.next(1).first
        #expect(started?.request?.url == url, "the resumed request keeps its URL")

        // Giving up: discarding leaves nothing to resume.
        session.logOut()
        try await router.navigateBack()
        try await router.navigate(to: .checkout)
        router.discardRedirected()
        #expect(try await router.resumeRedirected() == false)
        #expect(router.stack == [.cart] && router.modal == .login)
    }
}
