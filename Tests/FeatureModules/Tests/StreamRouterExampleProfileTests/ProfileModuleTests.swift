import Foundation
import StreamRouter
import StreamRouterExampleProfile
import StreamRouterTesting
import Testing

/// The profile module on its own: a router of its routes, its handle, its guard and loader.
@Suite(.timeLimit(.minutes(1))) struct ProfileModuleTests {
    @Test func theModelNavigatesAndEditsInModuleTerms() async throws {
        let router = Router<ProfileRoute>()
        router.addGuard(ProfileModule.signInGuard(isSignedIn: { true }))
        router.addLoader(named: ProfileModule.loaderName) { try await ProfileModule.load($0) }
        let model = ProfileModel(router: ScopedRouter(router))
        try await model.open(profile: 3)
        #expect(router.stack == [.detail(id: 3)])
        #expect(model.profile(3) == Profile(id: 3, name: "User 3"))
        let edited = Task { try await model.edit(profile: 3) }
        try await eventually { router.stack.count == 2 }
        try await model.save(name: "Ada")
        #expect(try await edited.value == "Ada")
        #expect(router.stack == [.detail(id: 3)])
    }

    @Test func editingWhileSignedOutShowsSignIn() async throws {
        let router = Router<ProfileRoute>()
        router.addGuard(ProfileModule.signInGuard(isSignedIn: { false }))
        let handle = ScopedRouter(router)
        let events = StreamRecorder(handle.events)
        try await handle.navigate(to: .edit(id: 1))
        #expect(router.stack == [])
        #expect(router.modal == .signIn)
        try await events.wait { $0.contains { $0.state != nil } }
        #expect(events.values.contains { if case .redirected = $0 { true } else { false } })
    }

    @Test func theModulesLinksOpenItsRoutes() async throws {
        let router = Router<ProfileRoute>()
        #expect(await router.openURL(try #require(URL(string: "https://example.com/profile/4/edit"))))
        #expect(router.stack == [.detail(id: 4), .edit(id: 4)])
        #expect(ProfileRoute.urls.conflicts.isEmpty)
    }
}
