/// The consumers a publisher handed values to while holding its lock, to wake once the lock
/// is released. One wake needs no allocation; more go to an array.
@usableFromInline
struct _PendingWakes {
    private var first: (any _StreamEndpoint)?
    private var rest: [any _StreamEndpoint] = []

    @usableFromInline
    init() {}

    /// Remembers a consumer to wake.
    @usableFromInline
    mutating func append(_ endpoint: any _StreamEndpoint) {
        if first == nil {
            first = endpoint
        } else {
            rest.append(endpoint)
        }
    }

    /// Wakes every remembered consumer, in the order they were handed their values. Call it
    /// with no lock held.
    @usableFromInline
    func wakeAll() {
        first?.wake()
        for endpoint in rest {
            endpoint.wake()
        }
    }
}
