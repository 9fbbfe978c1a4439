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

    /// The routers marked on a task: the first inline, so that marking one router allocates
    /// nothing; the rare others (a hook of one router navigating another) in an array.
    @usableFromInline
    struct Marks: Sendable {
        private var routers = _SmallArray<ObjectIdentifier>()

        @usableFromInline
        init() {}

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
    @inlinable
    nonisolated(nonsending) static func marking<T>(
        _ router: AnyObject,
        _ body: nonisolated(nonsending) () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        let result: Result<T, NavigationError> = await _current.withValue(
            _current.get().adding(ObjectIdentifier(router))
        ) {
            do throws(NavigationError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether the current task runs a hook of `router`.
    @usableFromInline
    static func contains(_ router: AnyObject) -> Bool {
        _current.get().contains(ObjectIdentifier(router))
    }
}
