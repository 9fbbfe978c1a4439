/// The routers whose guards, loaders or transition handlers the current task is running: a
/// task-local mark, so a navigation started from inside one of those hooks (directly, or in
/// a `Task {}` that inherits task-locals) is detected and fails with
/// ``NavigationError/reentrantNavigation`` instead of waiting forever for the navigation
/// that runs the hook. A `Task.detached` inherits nothing, so its navigation just takes its
/// turn. A router asks through ``Router/_isRunningHook``, which also checks that one of its
/// hooks runs now (a mark inherited from a hook that has returned is not live).
enum _GuardedRouters {
    /// The routers marked on the current task.
    @TaskLocal static var marked: [ObjectIdentifier] = []

    /// Runs `body` with `router` marked on this task.
    nonisolated(nonsending) static func marking<T>(
        _ router: AnyObject,
        _ body: nonisolated(nonsending) () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        let id = ObjectIdentifier(router)
        let marks = marked.contains(id) ? marked : marked + [id]
        let result: Result<T, NavigationError> = await $marked.withValue(marks) {
            do throws(NavigationError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether `router` is marked on the current task.
    static func contains(_ router: AnyObject) -> Bool {
        marked.contains(ObjectIdentifier(router))
    }
}
