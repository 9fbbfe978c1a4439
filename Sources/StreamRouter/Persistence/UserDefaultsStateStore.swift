import Foundation

/// Keeps navigation state in `UserDefaults` under a key you choose, like Routing's
/// `@Router("key")` (one key per navigator or router).
///
/// ```swift
/// let router = Router<AppRoute>(store: UserDefaultsStateStore(key: "main-router"))
/// await router.restore()   // after adding its guards: the saved state goes through them
/// ```
///
/// `UserDefaults` replaces a value in one step, so a save is never torn.
public struct UserDefaultsStateStore: NavigationStateStore {
    /// The key the state is kept under.
    public let key: String
    /// The defaults suite, or `nil` for `UserDefaults.standard`.
    public let suiteName: String?

    /// The suite and the key.
    public var storageIdentity: AnyHashable? { "\(suiteName ?? "standard")\u{0}\(key)" }

    /// A store keeping its state in `UserDefaults` under `key` (in the standard defaults when
    /// `suiteName` is `nil`).
    public init(key: String, suiteName: String? = nil) {
        self.key = key
        self.suiteName = suiteName
    }

    private var defaults: UserDefaults {
        suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }

    /// The data stored under ``key``, or `nil`.
    public func load() throws -> Data? {
        defaults.data(forKey: key)
    }

    /// Stores the data under ``key``, replacing the old value in one step.
    public func save(_ data: Data) throws {
        defaults.set(data, forKey: key)
    }

    /// Removes the saved state.
    public func clear() {
        defaults.removeObject(forKey: key)
    }
}
