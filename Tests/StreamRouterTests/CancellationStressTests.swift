@_spi(Testing) import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// Consumers cancelled while a publisher on another thread delivers to them: the inversion
/// that deadlocked a publisher yielding under its lock against `Task.cancel` running the
/// stream's termination handler. Each source gets 20,000 cancellations, under a watchdog
/// that fails the test instead of hanging when the threads stop moving.
///
/// Each cancellation is timed too, from `cancel()` to the end of the consumer's task, and
/// the longest must stay under a second: a cancelled consumer's teardown once waited for the
/// publisher's lock, which a thread navigating in a loop kept re-taking, for 1 to 10
/// seconds.
@Suite(.serialized, .timeLimit(.minutes(5))) struct CancellationStressTests {
    static let cancellations = 20_000
    /// The longest a cancellation may take, from `cancel()` to the end of the consumer's task.
    static let longestCancellation = Duration.seconds(1)

    @Test func cancellingPathsConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        try await stress(
            publish: { step in navigator.navigate(step.isMultiple(of: 2) ? "/a" : "/b") },
            subscribe: { navigator.paths }
        )
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingActionsConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        try await stress(
            publish: { step in navigator.navigate(step.isMultiple(of: 2) ? "/a/1" : "/b") },
            subscribe: { navigator.actions(bufferingPolicy: .bufferingNewest(1)) }
        )
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingMatchesConsumersWhileNavigating() async throws {
        let navigator = Navigator()
        let pattern = try PathPattern("/user/:id")
        try await stress(
            publish: { step in navigator.navigate("/user/\(step % 3)") },
            subscribe: { navigator.matches(pattern) }
        )
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func cancellingSubjectConsumersWhileSending() async throws {
        let subject = CurrentValueSubject(0)
        try await stress(publish: { step in subject.send(step) }, subscribe: { subject.values })
        try await eventually { subject.subscriberCount == 0 }
    }

    /// Consumers of the clock-driven operators cancelled while a thread sends to their base:
    /// the task reading the base and the timer task deliver through the operator's state
    /// machine, and the consumer's cancellation handler ends both. Debounce with no quiet
    /// interval delivers from its timer as soon as it catches up with the sends; throttle
    /// delivers the first element at once and the others at each interval's end; the timeout's
    /// timer keeps waking to find its deadline moved.
    @Test func cancellingDebounceConsumersWhileSending() async throws {
        let subject = MulticastSubject<Int>()
        try await stress(
            publish: { step in subject.send(step) },
            subscribe: { subject.values.debounce(for: .zero, clock: ContinuousClock()) }
        )
        try await eventually { subject.subscriberCount == 0 }
    }

    @Test func cancellingThrottleConsumersWhileSending() async throws {
        let subject = MulticastSubject<Int>()
        try await stress(
            publish: { step in subject.send(step) },
            subscribe: { subject.values.throttle(for: .microseconds(50), clock: ContinuousClock()) }
        )
        try await eventually { subject.subscriberCount == 0 }
    }

    @Test func cancellingTimeoutConsumersWhileSending() async throws {
        let subject = MulticastSubject<Int>()
        try await stress(
            publish: { step in subject.send(step) },
            subscribe: { subject.values.timeout(after: .milliseconds(5), clock: ContinuousClock()) }
        )
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

    /// A feature module's slice of a router's events, on a router and on a tab router:
    /// consumers of a module's handle are cancelled while a task navigates to the module's
    /// routes and the app's.
    @Test func cancellingModuleEventConsumersWhileNavigating() async throws {
        let module = RouteEmbedding<StressModuleRoute, StressRoute>(module: "Stress", embed: StressRoute.module) {
            if case .module(let route) = $0 { route } else { nil }
        }
        let router = Router<StressRoute>()
        let tabs = TabRouter<Int, StressRoute>(tabs: [0, 1], selected: 0) { _ in 0 }
        for (scoped, app) in [(router.scoped(to: module), router), (tabs.scoped(to: module), tabs.router(for: 0))] {
            let publisher = Task {
                var step = 0
                while !Task.isCancelled {
                    step += 1
                    switch step % 3 {
                    case 0: try? await scoped.navigate(to: .screen(step % 5))
                    case 1: try? await app.navigate(to: .sheet)
                    default: try? await app.navigateToRoot()
                    }
                }
            }
            defer { publisher.cancel() }
            try await stress(cancellations: Self.cancellations / 2, publish: nil) { scoped.events }
            publisher.cancel()
            await publisher.value
        }
        try await eventually { router.subscriberCount == 0 && tabs.router(for: 0).subscriberCount == 0 }
    }

    /// Presentations publish too: consumers of the displayed path (`paths`) and of the
    /// model-facing state stream are cancelled while a task presents sheets, pushes inside
    /// them and dismisses them.
    @Test func cancellingPresentationConsumersWhileNavigating() async throws {
        let router = Router<StressRoute>()
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                switch step % 4 {
                case 0: try? await router.navigate(to: [.sheet, .screen(step % 3)])
                case 1: try? await router.navigate(to: .screen(step % 5))
                case 2: try? await router.navigateBack()
                default: try? await router.dismiss()
                }
            }
        }
        defer { publisher.cancel() }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { router.paths }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { router.states }
        publisher.cancel()
        await publisher.value
        try await eventually { router.subscriberCount == 0 }
    }

    /// Pending confirmations: consumers are cancelled while a task asks, proceeds and
    /// cancels confirmations of a leave condition and of a guard.
    @Test func cancellingConfirmationConsumersWhileAsking() async throws {
        let router = Router<StressRoute>(state: RouterState(stack: [.screen(0)]))
        router.addLeaveCondition(for: .screen(1), prompt: "leave?") { true }
        router.addGuard(named: "ask") { pending in pending.destinations.contains(.sheet) ? .confirm("sheet?") : .allow }
        let answerer = Task {
            for await confirmation in router.pendingConfirmations() {
                guard let confirmation else { continue }
                if confirmation.request.id.isMultiple(of: 3) { confirmation.cancel() } else { confirmation.proceed() }
            }
        }
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                switch step % 4 {
                case 0: try? await router.navigate(to: .screen(1))
                case 1: try? await router.navigateBack()
                case 2: try? await router.navigate(to: .sheet)
                default: try? await router.dismiss()
                }
            }
        }
        defer {
            publisher.cancel()
            answerer.cancel()
        }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { router.pendingConfirmations() }
        publisher.cancel()
        await publisher.value
        answerer.cancel()
        await answerer.value
        try await eventually { router.pendingNavigationCount == 0 }
    }

    /// A scene registry's merged events and window requests: consumers are cancelled while
    /// tasks navigate two windows and ask for new ones.
    @Test func cancellingSceneRegistryConsumersWhileNavigating() async throws {
        let scenes = SceneRouters<Router<StressRoute>>(urlMatchers: nil) { _, _ in Router<StressRoute>() }
        let windows = [scenes.router(for: "a"), scenes.router(for: "b")]
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                let router = windows[step % 2]
                switch step % 3 {
                case 0: try? await router.navigate(to: .screen(step % 5))
                case 1: try? await router.navigateBack()
                default: scenes.openWindow(showing: [.screen(step % 4)])
                }
                if step.isMultiple(of: 16) { await Task.yield() }
            }
        }
        defer { publisher.cancel() }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { scenes.events() }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { scenes.windowRequests() }
        publisher.cancel()
        await publisher.value
    }

    /// The screen on show and the screen views of every router kind: consumers are
    /// cancelled while tasks push, present, pop, dismiss and switch tabs.
    @Test func cancellingScreenConsumersWhileNavigating() async throws {
        enum StressTab: String, Codable, Sendable, CaseIterable { case one, two }
        let router = Router<StressRoute>()
        let app = TabRouter<StressTab, StressRoute>(tabs: StressTab.allCases, selected: .one) { _ in nil }
        let split = SplitRouter<StressRoute>(columns: .double)
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                switch step % 5 {
                case 0: try? await router.navigate(to: .sheet)
                case 1: try? await router.navigate(to: .screen(step % 3), source: .link)
                case 2: try? await app.navigate(to: .screen(step % 4))
                case 3: try? await app.select(step.isMultiple(of: 2) ? .one : .two, popsToRoot: false)
                default:
                    try? await router.dismiss()
                    try? await router.navigateBack()
                    try? await app.navigateBack()
                    try? await split.navigate(to: .screen(step % 3))
                    try? await split.navigateBack()
                }
            }
        }
        defer { publisher.cancel() }
        let share = Self.cancellations / 4
        try await stress(cancellations: share, publish: nil) { router.screenViews() }
        try await stress(cancellations: share, publish: nil) { router.displayedScreens() }
        try await stress(cancellations: share, publish: nil) { app.screenViews() }
        try await stress(cancellations: share, publish: nil) { split.screenViews(clock: TestClock()) }
        publisher.cancel()
        await publisher.value
        try await eventually { router.subscriberCount == 0 }
    }

    /// What a tab router presents above its tabs publishes on its streams too: consumers of
    /// its events, paths and states are cancelled while a task presents above the tabs,
    /// pushes inside, dismisses, and navigates the selected tab.
    @Test func cancellingTabRouterConsumersWhilePresentingAboveTheTabs() async throws {
        enum StressTab: String, Codable, Sendable, CaseIterable { case one, two }
        let app = TabRouter<StressTab, StressRoute>(tabs: StressTab.allCases, selected: .one) { _ in nil }
        let publisher = Task {
            var step = 0
            while !Task.isCancelled {
                step += 1
                switch step % 5 {
                case 0: try? await app.present(.sheet)
                case 1: try? await app.navigate(to: .screen(step % 3))
                case 2: try? await app.navigateBack()
                case 3: try? await app.dismiss()
                default: try? await app.select(step.isMultiple(of: 2) ? .one : .two, popsToRoot: false)
                }
            }
        }
        defer { publisher.cancel() }
        try await stress(cancellations: Self.cancellations / 3, publish: nil) { app.events }
        try await stress(cancellations: Self.cancellations / 3, publish: nil) { app.paths() }
        try await stress(cancellations: Self.cancellations / 3, publish: nil) { app.states() }
        publisher.cancel()
        await publisher.value
    }

    /// Superseded navigations (their waits, hooks, loaders and `async` URL resolutions
    /// cancelled by later ones, and some by their own task) while consumers are cancelled
    /// mid-delivery: nothing hangs, and nothing is left pending.
    @Test func cancellingConsumersWhileNavigationsSupersedeEachOther() async throws {
        let links = URLMatcherGroup<StressRoute>.group("stress.example") {
            $0.map("screen/{n}") { match async throws in
                await Task.yield()
                return .screen(try match.param("n"))
            }
        }
        let router = Router<StressRoute>(urlMatchers: links, options: NavigationOptions(concurrency: .latestWins))
        router.addGuard { _ in
            await Task.yield()
            try Task.checkCancellation()
            return .allow
        }
        router.addLoader(named: "screen") { route in
            await Task.yield()
            return route
        }
        let publishers = (0..<2).map { lane in
            Task {
                var step = lane
                while !Task.isCancelled {
                    step += 1
                    let current = step
                    let navigation = Task {
                        switch current % 4 {
                        case 0: _ = await router.openURL(URL(string: "https://stress.example/screen/\(current % 7)")!)
                        case 1: try? await router.navigate(to: [.sheet, .screen(current % 3)])
                        case 2: try? await router.navigate(to: .screen(current % 5))
                        default: try? await router.navigateToRoot()
                        }
                    }
                    if step % 5 == 0 { navigation.cancel() }
                    await navigation.value
                }
            }
        }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { router.events }
        try await stress(cancellations: Self.cancellations / 2, publish: nil) { router.paths }
        for publisher in publishers { publisher.cancel() }
        for publisher in publishers { await publisher.value }
        try await eventually { router.subscriberCount == 0 && router.pendingNavigationCount == 0 }
    }

    /// Held deep links: consumers await `openURL` on a held link (a continuation parked in
    /// the router's hold) and are cancelled while another thread holds and releases links,
    /// which resumes them; neither side may resume under the lock the other takes.
    @Test func cancellingHeldOpenURLsWhileHoldingAndReleasing() async throws {
        let matchers = URLMatcherGroup<StressRoute>.group("stress.example.com") {
            $0.mapStack("screen/{n}") { [.screen(try $0.param("n"))] }
        }
        let router = Router<StressRoute>(urlMatchers: matchers)
        let url = try #require(URL(string: "https://stress.example.com/screen/1"))
        try await stress(
            publish: { step in
                if step.isMultiple(of: 2) {
                    router.holdURLs(expiringAfter: .seconds(60))
                } else {
                    router.releaseURLs()
                }
            },
            subscribe: { HeldOpenings(router: router, url: url) }
        )
        router.releaseURLs()
        #expect(router.heldURLs.isEmpty)
        try await eventually { router.subscriberCount == 0 && router.pendingNavigationCount == 0 }
    }
}

/// The results of opening `url` again and again on `router`, as a sequence a stress
/// consumer iterates: `true` at once (the consumer is iterating), then each `openURL`'s
/// answer (held while the router holds), until the consuming task is cancelled.
private struct HeldOpenings: AsyncSequence, Sendable {
    let router: Router<StressRoute>
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let router: Router<StressRoute>
        let url: URL
        var started = false

        mutating func next() async -> Bool? {
            guard started else {
                started = true
                return true
            }
            guard !Task.isCancelled else { return nil }
            return await router.openURL(url)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(router: router, url: url)
    }
}

/// A typed route for the router stress tests.
enum StressRoute: RouteProvider {
    case screen(Int)
    case sheet
    case module(StressModuleRoute)

    var transition: RouteTransition { self == .sheet ? .sheet : .push }
}

/// A feature module's routes, embedded in ``StressRoute``.
enum StressModuleRoute: RouteProvider {
    case screen(Int)
}

/// Runs `publish` in a loop on a thread of its own (when given) while another thread,
/// `cancellations` times, starts a consumer of `subscribe()` (on a thread of its own too, a
/// ``ThreadExecutor``: its end is then timed without waiting for a free thread of the tasks'
/// pool, which the suites running alongside may keep busy), waits until it has received
/// a value (so it is iterating while the publisher delivers), cancels it after a random
/// short spin, and waits for it to end. Fails, rather than hangs, when the cancellations
/// stop progressing before the watchdog's deadline, and when a cancellation took longer
/// than ``CancellationStressTests/longestCancellation`` (from `cancel()` to the end of the
/// consumer's task).
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
                if step.isMultiple(of: 64) { sched_yield() }  // leave the other core some room
            }
        }
    }
    let executor = ThreadExecutor()
    defer { executor.stop() }
    Thread.detachNewThread {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<cancellations {
            let stream = subscribe()
            let received = _Locked(false)
            let ended = DispatchSemaphore(value: 0)
            let consumer = Task(executorPreference: executor) {
                do {
                    for try await _ in stream {
                        received.withLock { $0 = true }
                    }
                } catch {}
                ended.signal()
            }
            var spins = 0
            while !received.withLock({ $0 }), spins < 100_000 {
                spins += 1
                sched_yield()
            }
            for _ in 0..<Int.random(in: 0..<256, using: &generator) {
                if consumer.isCancelled { break }
            }
            let cancelled = ContinuousClock.now
            consumer.cancel()
            ended.wait()
            progress.count(taking: ContinuousClock.now - cancelled)
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
    #expect(
        progress.longest < CancellationStressTests.longestCancellation,
        "the longest of \(progress.done) cancellations took \(progress.longest)")
}

/// Runs the jobs of the tasks that prefer it, in order, on one thread of its own, until
/// stopped.
private final class ThreadExecutor: TaskExecutor, Sendable {
    private let state = _Locked((jobs: [UnownedJob](), stopped: false))
    private let ready = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [self] in run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Ends the thread once the jobs enqueued before are run.
    func stop() {
        state.withLock { $0.stopped = true }
        ready.signal()
    }

    private func run() {
        while true {
            ready.wait()
            let (job, stopped) = state.withLock { state in
                (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), state.stopped)
            }
            if let job {
                job.runSynchronously(on: asUnownedTaskExecutor())
            } else if stopped {
                return
            }
        }
    }
}

/// What the stress threads share with the test.
private final class StressProgress: Sendable {
    private let state = _Locked((done: 0, stopped: false, longest: Duration.zero))

    /// Counts one cancellation, which took `duration` from `cancel()` to the consumer's end.
    func count(taking duration: Duration) {
        state.withLock {
            $0.done += 1
            $0.longest = max($0.longest, duration)
        }
    }
    func stop() { state.withLock { $0.stopped = true } }
    var done: Int { state.withLock { $0.done } }
    /// The longest cancellation so far.
    var longest: Duration { state.withLock { $0.longest } }
    var isStopped: Bool { state.withLock { $0.stopped } }
}
