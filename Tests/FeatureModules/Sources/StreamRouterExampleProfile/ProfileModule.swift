import StreamRouter

/// A profile, as the module's loader fetches it.
public struct Profile: Sendable, Equatable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the profile module gives the app: its guard and its loader, written against its own
/// routes.
public enum ProfileModule {
    /// Editing a profile needs a signed-in user: the guard sends the others to sign in.
    /// - Parameter isSignedIn: Whether a user is signed in now.
    /// - Returns: The guard.
    public static func signInGuard(isSignedIn: @escaping @Sendable () -> Bool) -> NavigationGuard<ProfileRoute> {
        NavigationGuard(named: "profile.signIn") { pending in
            let edits = pending.destinations.contains { if case .edit = $0 { true } else { false } }
            return edits && !isSignedIn() ? .redirect(to: .signIn) : .allow
        }
    }

    /// The loader of the profile a detail screen shows.
    public static let loaderName = "profile"

    /// Loads the profile of a detail screen; nothing for the other screens.
    /// - Parameter route: A profile screen.
    /// - Returns: Its profile, or `nil`.
    @Sendable public static func load(_ route: ProfileRoute) async throws -> (any Sendable)? {
        guard case .detail(let id) = route else { return nil }
        return Profile(id: id, name: "User \(id)")
    }
}

/// The profile screens' model: it navigates through the module's handle, in module terms.
public struct ProfileModel: Sendable {
    let router: ScopedRouter<ProfileRoute>

    /// - Parameter router: The module's handle.
    public init(router: ScopedRouter<ProfileRoute>) {
        self.router = router
    }

    /// Shows a profile.
    public func open(profile id: Int) async throws {
        try await router.navigate(to: .detail(id: id))
    }

    /// Edits a profile, and returns the name saved (`nil` when the editor was left without
    /// saving).
    public func edit(profile id: Int) async throws -> String? {
        try await router.navigate(to: .edit(id: id), returning: String.self)
    }

    /// Leaves the editor, saving `name`.
    public func save(name: String) async throws {
        try await router.navigateBack(returning: name)
    }

    /// The profile loaded for a detail screen.
    public func profile(_ id: Int) -> Profile? {
        router.loaded(Profile.self, for: .detail(id: id))
    }
}
