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
///
/// The navigation streams throw typed errors (`some AsyncSequence<Never, NavigationError>`),
/// so `for try await` in a `throws(NavigationError)` context, or a `catch` that switches over
/// ``NavigationError``, needs no cast.
public struct RouterStreams<Route: RouteProvider>: Sendable {
    let router: Router<Route>

    /// Navigates to `route`; the stream yields nothing and finishes when the navigation
    /// commits, or throws its ``NavigationError``.
    public func navigate(to route: Route) -> some AsyncSequence<Never, NavigationError> & Sendable {
        perform(.navigate(to: [route]))
    }

    /// Navigates to `routes` in one navigation; the stream finishes when it commits, or
    /// throws its ``NavigationError``.
    public func navigate(to routes: [Route]) -> some AsyncSequence<Never, NavigationError> & Sendable {
        perform(.navigate(to: routes))
    }

    /// Performs `operation`; the stream finishes when it commits, or throws its
    /// ``NavigationError``. A consumer cancelled before the outcome reaches it gets
    /// ``NavigationError/taskCancelled``, and the navigation is cancelled (unless it has
    /// committed already: read the router's state to know).
    public func perform(
        _ operation: NavigationOperation<Route>
    ) -> some AsyncSequence<Never, NavigationError> & Sendable {
        let request = router._enqueue(operation, url: nil)
        let (outcome, continuation) = AsyncStream<NavigationError?>.makeStream()
        let task = Task { [router] in
            do throws(NavigationError) {
                try await router._run(request)
                continuation.yield(nil)
            } catch {
                continuation.yield(error)
            }
            continuation.finish()
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return NavigationCompletion(outcome: outcome)
    }

    /// Opens `url` as ``Router/openURL(_:)`` does; the stream yields whether it was
    /// handled, then finishes. A link whose mapping makes its routes at once takes its turn
    /// when the stream is created; one held by ``Router/holdURLs(expiringAfter:)``, or whose
    /// mapping is awaited or performs an action, waits, resolves and opens as `openURL` does.
    public func openURL(_ url: URL) -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream<Bool>.makeStream()
        let opening: (@Sendable () async -> Bool)?
        if router._urlHold.isHolding {
            opening = { [router] in await router.openURL(url) }
        } else if let found = router._reportingMappingFound(for: url) {
            if router._isAwaitedMapping(found) {
                opening = { [router] in
                    await router._open(url, router._resolveAwaitedMapping(url, found), source: nil)
                }
            } else if let request = router._beginOpening(url, found: found, source: nil) {
                opening = { [router] in await router._finishOpening(url, request) }
            } else {
                opening = nil
            }
        } else {
            opening = nil
        }
        guard let opening else {
            continuation.yield(false)
            continuation.finish()
            return stream
        }
        let task = Task {
            continuation.yield(await opening())
            continuation.finish()
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }
}

/// One navigation as a sequence: no element, then the end, or the navigation's error
/// (typed, which `AsyncThrowingStream` cannot be).
struct NavigationCompletion: AsyncSequence, Sendable {
    typealias Element = Never
    typealias Failure = NavigationError

    /// The navigation's outcome (`nil` when it committed, else its error), then the end.
    let outcome: AsyncStream<NavigationError?>

    func makeAsyncIterator() -> Iterator {
        Iterator(outcome: outcome.makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        var outcome: AsyncStream<NavigationError?>.Iterator
        var isFinished = false

        mutating func next() async throws(NavigationError) -> Never? {
            try finish(with: await outcome.next())
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws(NavigationError) -> Never? {
            try finish(with: await outcome.next(isolation: actor))
        }

        /// Ends the sequence with the navigation's outcome: `.some(nil)` when it committed,
        /// its error when it failed, and `nil` when the consumer was cancelled first.
        private mutating func finish(with outcome: NavigationError??) throws(NavigationError) -> Never? {
            guard !isFinished else { return nil }
            isFinished = true
            switch outcome {
            case .some(nil): return nil
            case .some(let error?): throw error
            case nil: throw .taskCancelled
            }
        }
    }
}

@available(*, unavailable)
extension NavigationCompletion.Iterator: Sendable {}
