/// What a stack knows of the length of its joined path without running route code: the
/// UTF-8 bytes of its entries' paths computed when they were made, and how many entries
/// defer theirs (see ``_RouteStackEntry``), in one word.
///
/// Both counts use wrapping arithmetic: a stack would need gigabytes of paths or billions
/// of entries to wrap, and a wrapped length would only make a path comparison slower.
@usableFromInline
struct _JoinedPathLength: Hashable, Sendable {
    @usableFromInline var _known: UInt32 = 0
    @usableFromInline var _deferred: UInt32 = 0

    @inlinable init() {}

    /// The length in bytes, when no entry defers its path.
    @inlinable var exact: Int? { _deferred == 0 ? Int(_known) : nil }

    /// Whether the joined path is certainly empty (`/`): no bytes and no deferred path.
    @inlinable var isEmpty: Bool { _known == 0 && _deferred == 0 }

    /// The known bytes: at most the length (a capacity to reserve).
    @inlinable var knownBytes: Int { Int(_known) }

    /// Counts `entry`, pushed.
    @inlinable
    mutating func add<Route>(_ entry: _RouteStackEntry<Route>) {
        switch entry._path {
        case .known(let path): _known &+= UInt32(truncatingIfNeeded: path.utf8.count)
        case .deferred: _deferred &+= 1
        }
    }

    /// Stops counting `entry`, popped.
    @inlinable
    mutating func remove<Route>(_ entry: _RouteStackEntry<Route>) {
        switch entry._path {
        case .known(let path): _known &-= UInt32(truncatingIfNeeded: path.utf8.count)
        case .deferred: _deferred &-= 1
        }
    }

    /// Both stacks' lengths together (a presentation's entry and its stack).
    @inlinable
    static func + (lhs: _JoinedPathLength, rhs: _JoinedPathLength) -> _JoinedPathLength {
        var sum = lhs
        sum._known &+= rhs._known
        sum._deferred &+= rhs._deferred
        return sum
    }
}
