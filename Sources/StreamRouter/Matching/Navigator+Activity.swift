extension Navigator {
    /// Whether a link to `path` is active, like `NavLink`'s active flag: the current path is
    /// `path` (when `exact`), or `path` or a descendant of it (segment by segment: `/news` is
    /// active for `/news/latest`, not for `/newsroom`). `path` is resolved against the
    /// current path first.
    public func isActive(_ path: String, exact: Bool = false) -> Bool {
        let current = self.path
        return Self.isActive(PathResolver.resolve(path, against: current), in: current, exact: exact)
    }

    /// Whether the link to `path` is active now, then each change. `path` is resolved
    /// against the path current when this is called.
    public func activity(
        of path: String,
        exact: Bool = false,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<Bool, Never> & Sendable {
        let target = resolve(path)
        return paths(bufferingPolicy: bufferingPolicy)
            .map { Self.isActive(target, in: $0, exact: exact) }
            .removeDuplicates()
    }

    static func isActive(_ target: String, in current: String, exact: Bool) -> Bool {
        if current == target { return true }
        if exact { return false }
        if target == "/" { return true }
        return current.utf8.count > target.utf8.count
            && current.utf8.starts(with: target.utf8)
            && current.utf8.dropFirst(target.utf8.count).first == UInt8(ascii: "/")
    }
}
