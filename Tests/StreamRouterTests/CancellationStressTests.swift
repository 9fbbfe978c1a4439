import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Consumers cancelled while a publisher on another thread delivers to them: the inversion
/// that deadlocked a publisher yielding under its lock against `Task.cancel` running the
/// stream's termination handler. Each source gets 20,000 cancellations (100,000 in all),
/// under a watchdog that fails the test instead of hanging when the threads stop moving.
@Suite(.timeLimit(.minutes(5))) struct CancellationStressTests {
    static let cancellations = 20_000

    @Test func cancellingPathsConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        try await stress(publish: { step in navigator.navigate(step.isMultiple(of: 2) ? "/a" : "/b") }) {
            navigator.paths
        }
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingActionsConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        try await stress(publish: { step in navigator.navigate(step.isMultiple(of: 2) ? "/a/1" : "/b") }) {
            navigator.actions(bufferingPolicy: .bufferingNewest(1))
        }
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingMatchesConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        let pattern = try PathPattern("/user/:id")
        try await stress(publish: { step in navigator.navigate("/user/\(step % 3)") }) {
            navigator.matches(pattern)
        }
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingSubjectConsumersWhileSending() async throws {
        let subject = CurrentValueSubject(0)
        try await stress(publish: { step in subject.send(step) }) { subject.values }
        try await eventually { subject.subscriberCount == 0 }
    }

    @Test func cancellingRouterEventConsumersWhileNavigating() async throws {
        let router = Router<StressRoute>()
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                if step.isMultiple(of: 2) {
                    try? await router.navigate(to: .screen(step % 5))
                } else {
                    try? await router.navigateBack()
                }
            }
        }
        defer { publisher.cancel() }
        try await stress(publish: nil) { router.events }
        publisher.cancel()
        await publisher.value
        try await eventually { router.subscriberCount == 0 }
    }
}

/// A typed route for the router stress test.
enum StressRoute: RouteProvider {
    case screen(Int)
}

/// Runs `publish` in a loop on a thread of its own (when given) while another thread
/// starts consumers of `subscribe()` and cancels each one at a random moment, often while
/// it is being resumed with a value. Fails, rather than hangs, when the cancellations stop
/// progressing before the watchdog's deadline.
private func stress<Stream: AsyncSequence & Sendable>(
    cancellations: Int = CancellationStressTests.cancellations,
    publish: (@Sendable (Int) -> Void)?,
    subscribe: @escaping @Sendable () -> Stream
) async throws where Stream.Element: Sendable {
    let progress = StressProgress()
    if let publish {
        Thread.detachNewThread {
            var step = 0
            while !progress.isStopped {
                step += 1
                publish(step)
            }
        }
    }
    Thread.detachNewThread {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<cancellations {
            let stream = subscribe()
            let consumer = Task {
                do {
                    for try await _ in stream {}
                } catch {}
            }
            // Let the consumer reach its first `next()` (or not), then cancel it while the
            // publisher is likely delivering to it.
            for _ in 0..<Int.random(in: 0..<64, using: &generator) {
                if consumer.isCancelled { break }
            }
            consumer.cancel()
            progress.count()
        }
        progress.stop()
    }
    do {
        try await eventually(timeout: .seconds(240)) { progress.isStopped }
    } catch {
        progress.stop()
        Issue.record("cancellations stopped progressing after \(progress.done) of \(cancellations): deadlock")
        throw error
    }
    #expect(progress.done == cancellations)
}

/// What the stress threads share with the test.
private final class StressProgress: Sendable {
    private let state = Locked((done: 0, stopped: false))

    func count() { state.withLock { $0.done += 1 } }
    func stop() { state.withLock { $0.stopped = true } }
    var done: Int { state.withLock { $0.done } }
    var isStopped: Bool { state.withLock { $0.stopped } }
}
