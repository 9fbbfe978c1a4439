/// The routers whose guards, preparations or transition handlers the current task is
/// running: a task-local marker, so a navigation started from inside one of those hooks
/// (directly, or in a `Task {}` that inherits task-locals) is detected and fails with
/// ``NavigationError/reentrantNavigation`` instead of waiting forever for the navigation
/// that runs the hook. A `Task.detached` inherits nothing, so its navigation just takes its
/// turn.
@usableFromInline
enum GuardedRouters {
    @TaskLocal static var current: Set<ObjectIdentifier> = []

    /// Runs `body` with `router` marked as being guarded on this task.
    @usableFromInline
    static func marking<T>(
        _ router: AnyObject,
        _ body: () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        let result: Result<T, NavigationError> = await $current.withValue(current.union([ObjectIdentifier(router)])) {
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
        current.contains(ObjectIdentifier(router))
    }
}
