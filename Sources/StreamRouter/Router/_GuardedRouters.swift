import Synchronization

/// The routers whose guards, preparations or transition handlers the current task is
/// running: a task-local marker, so a navigation started from inside one of those hooks
/// (directly, or in a `Task {}` that inherits task-locals) is detected and fails with
/// ``NavigationError/reentrantNavigation`` instead of waiting forever for the navigation
/// that runs the hook. A `Task.detached` inherits nothing, so its navigation just takes its
/// turn.
@usableFromInline
enum _GuardedRouters {
    /// The marks of the current task (a `TaskLocal` spelled out, so that inlinable code can
    /// bind it).
    @usableFromInline static let _current = TaskLocal(wrappedValue: Marks())

    /// How many marking scopes are open now, on every task. While none is, no task holds a
    /// live mark: a scope opened then marks its router without reading the task's marks, and
    /// ``contains(_:)`` answers with one atomic load. (A mark a `Task {}` inherited from a
    /// scope that has ended is not live: the navigation that ran that hook is no longer in
    /// the way.)
    @usableFromInline static let _openScopes = Atomic<Int>(0)

    /// The routers marked on a task: the first inline, so that marking one router allocates
    /// nothing; the rare others (a hook of one router navigating another) in an array.
    @usableFromInline
    struct Marks: Sendable {
        private var routers = _SmallArray<ObjectIdentifier>()

        @usableFromInline
        init() {}

        /// `router` alone.
        @usableFromInline
        init(_ router: ObjectIdentifier) {
            routers.append(router)
        }

        @usableFromInline
        func contains(_ router: ObjectIdentifier) -> Bool {
            routers.contains(router)
        }

        @usableFromInline
        func adding(_ router: ObjectIdentifier) -> Marks {
            var marks = self
            if !contains(router) {
                marks.routers.append(router)
            }
            return marks
        }
    }

    /// Runs `body` with `router` marked as being guarded on this task.
    @inlinable @inline(__always)
    nonisolated(nonsending) static func marking<T>(
        _ router: AnyObject,
        _ body: nonisolated(nonsending) () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        let marks = _openScope(for: router)
        defer { _closeScope() }
        let result: Result<T, NavigationError> = await _current.withValue(marks) {
            do throws(NavigationError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs `body`, app code that throws anything, with `router` marked as being guarded on
    /// this task (no result to wrap: its error passes as it is).
    @inlinable @inline(__always)
    nonisolated(nonsending) static func marking<T>(
        _ router: AnyObject,
        running body: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        let marks = _openScope(for: router)
        defer { _closeScope() }
        return try await _current.withValue(marks) { try await body() }
    }

    /// Opens a marking scope: the marks of the current task with `router` added. With no
    /// other scope open, the task holds no live mark: nothing to read and keep.
    @inlinable
    static func _openScope(for router: AnyObject) -> Marks {
        let othersOpen = _openScopes.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue > 0
        return othersOpen ? _current.get().adding(ObjectIdentifier(router)) : Marks(ObjectIdentifier(router))
    }

    /// Closes the scope `_openScope(for:)` opened.
    @inlinable
    static func _closeScope() {
        _openScopes.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    /// Whether the current task runs a hook of `router`.
    @usableFromInline
    static func contains(_ router: AnyObject) -> Bool {
        _openScopes.load(ordering: .acquiring) > 0 && _current.get().contains(ObjectIdentifier(router))
    }
}
