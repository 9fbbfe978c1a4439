import Foundation
import StreamRouter
import Synchronization

/// A deep link that arrives during onboarding: held while the app shows its first screens,
/// released after "login" through a guard that now allows it, onto a stack built for it.
struct HeldLinkTour {
    enum ShopRoute: RouteProvider {
        case onboarding, home, orders
        case order(id: Int)

        static func registerURLs() -> URLMatcherGroup<ShopRoute>? {
            .group("shop.example.com") {
                $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
            }
        }
    }

    struct NotLoggedIn: Error {}

    func run() async {
        let router = Router<ShopRoute>()
        let loggedIn = Mutex(false)
        router.addGuard(named: "login") { pending in
            let needsLogin = pending.destinations.contains(.orders)
            return needsLogin && !loggedIn.withLock({ $0 }) ? .cancel(NotLoggedIn()) : .allow
        }
        guard let link = URL(string: "https://shop.example.com/orders/42") else { return }
        router.holdURLs(expiringAfter: .seconds(600))
        print("  holdURLs(expiringAfter: .seconds(600))   (onboarding starts)")
        let opening = Task { await router.openURL(link) }
        while router.heldURLs.isEmpty {
            await Task.yield()
        }
        try? await router.navigate(to: .onboarding)
        print("  openURL(\(link.absoluteString)) waits; navigate(to: .onboarding)")
        print("      heldURLs \(router.heldURLs.map(\.path))   stack \(Self.describe(router.stack))")
        loggedIn.withLock { $0 = true }
        try? await router.replace(with: [.home])
        print("  \"login\" succeeds; replace(with: [.home])   stack \(Self.describe(router.stack))")
        router.releaseURLs()
        let handled = await opening.value
        print("  releaseURLs(): the held link opens through the guard -> \(handled)")
        print("      heldURLs \(router.heldURLs)   stack \(Self.describe(router.stack))   (the built stack)")
    }

    /// `[.orders, .order(id: 42)]`: the routes without their module and type names.
    static func describe(_ stack: [ShopRoute]) -> String {
        "[" + stack.map { ".\($0)" }.joined(separator: ", ") + "]"
    }
}
