extension Navigator {
    /// Whether a link to `path` is active, like `NavLink`'s active flag: the current path is
    /// `path` (when `exact`), or `path` or a descendant of it (segment by segment: `/news` is
    /// active for `/news/latest`, not for `/newsroom`). `path` is resolved against the
    /// current path first.
    public func isActive(_ path: String, exact: Bool = false) -> Bool {
        let current = self.path
        return PathActivity.isActive(PathResolver.resolve(path, against: current), in: current, exact: exact)
    }
}

extension PathPublisher {
    /// Whether the link to `path` is active now, then each change (see
    /// ``Navigator/isActive(_:exact:)``). A relative `path` is resolved against the stream's
    /// first element: the path current when this is called, unless a bounded
    /// `bufferingPolicy` dropped it before it was read (then the oldest path read). Give an
    /// absolute `path` with a bounded buffer.
    /// - Parameters:
    ///   - path: The link's path, absolute or relative.
    ///   - exact: Whether only `path` itself is active, not its descendants.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``
    ///     (unbounded by default: an unread stream keeps every path since it subscribed, about 25
    ///     bytes each plus the characters of a path longer than 15 bytes; see
    ///     <doc:StreamsAndOperators>).
    public func activity(
        of path: String,
        exact: Bool = false,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<Bool, Never> & Sendable {
        let target = _Locked<String?>(nil)
        return paths(bufferingPolicy: bufferingPolicy)
            .map { current in
                let resolved = target.withLock { target in
                    if target == nil {
                        target = PathResolver.resolve(path, against: current)
                    }
                    return target ?? current
                }
                return PathActivity.isActive(resolved, in: current, exact: exact)
            }
            .removeDuplicates()
    }
}

/// Whether a link is active for a path.
enum PathActivity {
    static func isActive(_ target: String, in current: String, exact: Bool) -> Bool {
        if current.utf8.elementsEqual(target.utf8) { return true }
        if exact { return false }
        if target == "/" { return true }
        return current.utf8.count > target.utf8.count
            && current.utf8.starts(with: target.utf8)
            && current.utf8.dropFirst(target.utf8.count).first == UInt8(ascii: "/")
    }
}
