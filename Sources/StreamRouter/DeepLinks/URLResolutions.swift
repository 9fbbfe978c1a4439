/// The `async` URL mappings a router is awaiting, each with what cancels it: a later
/// navigation under ``NavigationOptions/Concurrency/latestWins`` cancels them all.
struct URLResolutions: Sendable {
    private var cancels: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 0

    /// Registers a resolution.
    /// - Returns: Its id, for ``remove(_:)``.
    mutating func add(_ cancel: @escaping @Sendable () -> Void) -> UInt64 {
        defer { nextID &+= 1 }
        cancels[nextID] = cancel
        return nextID
    }

    /// Forgets a resolution that ended.
    mutating func remove(_ id: UInt64) {
        cancels.removeValue(forKey: id)
    }

    /// Forgets every resolution.
    /// - Returns: What cancels each, to call after unlocking.
    mutating func removeAll() -> [@Sendable () -> Void] {
        defer { cancels.removeAll() }
        return Array(cancels.values)
    }

    /// How many resolutions are being awaited.
    var count: Int { cancels.count }
}
