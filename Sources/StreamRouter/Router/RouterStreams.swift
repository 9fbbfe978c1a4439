import Foundation

/// Navigation as streams, for code built on `for await` loops (XRouter's RxSwift bindings:
/// `navigate(to:)` as a `Completable`, `openURL(_:)` as a `Single<Bool>`). Get it from
/// ``Router/streams``.
///
/// ```swift
/// for try await _ in router.streams.navigate(to: .home) {}   // returns when done, or throws
/// for await handled in router.streams.openURL(url) { ... }   // one Bool
/// ```
///
/// The navigation is requested when the stream is *created* (it takes its turn in the
/// router's queue then), and runs in a task of its own. Cancelling the consuming task, or
/// dropping the stream before it finishes, cancels the navigation if it has not committed
/// yet.
public struct RouterStreams<Route: RouteProvider>: Sendable {
    let router: Router<Route>

    /// Navigates to `route`; the stream yields nothing and finishes when the navigation
    /// commits, or throws its ``NavigationError``.
    public func navigate(to route: Route) -> AsyncThrowingStream<Never, any Error> {
        perform(.navigate(to: [route]))
    }

    /// Navigates to `routes` in one navigation; the stream finishes when it commits, or
    /// throws its ``NavigationError``.
    public func navigate(to routes: [Route]) -> AsyncThrowingStream<Never, any Error> {
        perform(.navigate(to: routes))
    }

    /// Performs `operation`; the stream finishes when it commits, or throws its
    /// ``NavigationError``.
    public func perform(_ operation: NavigationOperation<Route>) -> AsyncThrowingStream<Never, any Error> {
        let request = router.enqueue(operation, url: nil)
        let (stream, continuation) = AsyncThrowingStream<Never, any Error>.makeStream()
        let task = Task { [router] in
            do {
                try await router.run(request)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }

    /// Opens `url` as ``Router/openURL(_:)`` does; the stream yields whether it was
    /// handled, then finishes.
    public func openURL(_ url: URL) -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream<Bool>.makeStream()
        guard let request = router.beginOpening(url) else {
            continuation.yield(false)
            continuation.finish()
            return stream
        }
        let task = Task { [router] in
            continuation.yield(await router.finishOpening(url, request))
            continuation.finish()
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }
}
