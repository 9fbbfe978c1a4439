import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Persistence and streams under hostile input: what is at a store's path, what a saved file
/// holds, and what an unread stream keeps.
@Suite(.serialized, .timeLimit(.minutes(3))) struct HostileStoreTests {
    // MARK: - Not a regular file at the store's path

    /// A FIFO at the path: loading it once blocked forever in `open` (waiting for a writer),
    /// so `Router(store:)` hung at launch. Now it is refused at once with a typed error, and
    /// the router starts from its initial state.
    @Test func aFIFOAtTheStorePathIsRefusedWithoutBlocking() throws {
        let folder = try FileStateStoreTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("state.json")
        try #require(mkfifo(url.path, 0o600) == 0)
        let store = FileStateStore(url: url)

        let loaded = try withTimeout(unblocking: url) { Result { () throws(FileStateStoreError) in try store.load() } }
        guard case .failure(let error) = loaded else {
            Issue.record("expected a failure, got \(loaded)")
            return
        }
        #expect(error.operation == .notARegularFile)
        #expect(error.fileType == .fifo)
        #expect(error.path == url.path)
        #expect(error.description == "did not read '\(url.path)': it is a FIFO, not a regular file")
        let limited = try withTimeout(unblocking: url) { Result { try store.load(maximumBytes: 1_000) } }
        if case .failure(let error as FileStateStoreError) = limited {
            #expect(error.operation == .notARegularFile)
        } else {
            Issue.record("expected a FileStateStoreError, got \(limited)")
        }

        let router = try withTimeout(unblocking: url) {
            Router<Screen>(initialState: RouterState(stack: [.home]), store: store)
        }
        #expect(router.stack == [.home])
        guard case .restoreFailed(.store(let reason))? = router.restoration else {
            Issue.record("expected a store failure, got \(String(describing: router.restoration))")
            return
        }
        #expect(reason.contains("FIFO"))
    }

    /// A folder, a character device (through a symbolic link) and a socket at the path:
    /// each refused as not a regular file, naming what it is.
    @Test func otherFilesThatAreNotRegularAreRefused() throws {
        let folder = try FileStateStoreTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        let directory = folder.appendingPathComponent("folder.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let folderError = #expect(throws: FileStateStoreError.self) { try FileStateStore(url: directory).load() }
        #expect(folderError?.operation == .notARegularFile && folderError?.fileType == .folder)
        #expect(folderError?.errorNumber == EISDIR)

        let device = folder.appendingPathComponent("device.json")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")
        let deviceError = #expect(throws: FileStateStoreError.self) { try FileStateStore(url: device).load() }
        #expect(deviceError?.operation == .notARegularFile && deviceError?.fileType == .characterDevice)
        #expect(deviceError?.errorNumber == EINVAL)

        let socketPath = folder.appendingPathComponent("socket.json").path
        let socketDescriptor = try bindUnixSocket(at: socketPath)
        defer { close(socketDescriptor) }
        let socketError = #expect(throws: FileStateStoreError.self) {
            try FileStateStore(url: URL(fileURLWithPath: socketPath)).load()
        }
        #expect(socketError?.operation == .notARegularFile && socketError?.fileType == .socket)

        // A regular file behind the same kind of link still loads.
        let target = folder.appendingPathComponent("target.json")
        try Data("saved".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(try FileStateStore(url: link).load() == Data("saved".utf8))
    }

    // MARK: - Control characters in restored routes

    /// A route value holding an escape sequence: the default `path` percent-encodes it
    /// (`/label/%1B%5B2J`), which once hid it from the policy. A link with `%1B` is refused;
    /// the same value from disk is now refused too, with a typed error.
    @Test func aRestoredRouteWithAControlCharacterIsRefused() async throws {
        let store = InMemoryStateStore()
        let router = Router<Screen>(store: store)
        try await router.navigate(to: [.home, .label("\u{1B}[2J")])
        router.flush()
        #expect(Screen.label("\u{1B}[2J").path == "/label/%1B%5B2J")

        let relaunched = Router<Screen>(initialState: RouterState(stack: [.home]), store: store)
        #expect(
            relaunched.restoration
                == .restoreFailed(.rejectedInput(.controlCharacter(.routePathSegment, scalar: 0x1B, offset: 0))))
        #expect(relaunched.stack == [.home], "the initial state, as for other refused saves")
        #expect(relaunched.restoration?.description.contains("\u{1B}") == false, "logs never carry the escape")

        // Through the guards, the same.
        let guarded = Router<Screen>(store: store, restoring: .throughGuards)
        #expect(
            await guarded.restore()
                == .restoreFailed(.rejectedInput(.controlCharacter(.routePathSegment, scalar: 0x1B, offset: 0))))
        #expect(guarded.stack.isEmpty)

        // A link holding the same escape is refused as it always was.
        #expect(await router.openURL(try #require(URL(string: "https://shop.example/label/%1B%5B2J"))) == false)
    }

    /// C1 controls (two bytes once decoded), a modal's route and a presentation's stack are
    /// checked too; printable values, percent-encoded or not, still restore.
    @Test func everyRestoredRouteIsCheckedAndPrintableOnesStillRestore() async throws {
        let c1 = RouterState<Screen>(stack: [.home, .label("next\u{85}line")])
        #expect(
            restored(c1)
                == .restoreFailed(.rejectedInput(.controlCharacter(.routePathSegment, scalar: 0x85, offset: 4))))
        let modal = RouterState<Screen>(stack: [.home], presentations: [Presentation(.label("\u{7}"))])
        #expect(
            restored(modal)
                == .restoreFailed(.rejectedInput(.controlCharacter(.routePathSegment, scalar: 7, offset: 0))))
        let inside = RouterState<Screen>(stack: [], presentations: [Presentation(.home, stack: [.label("a\u{0}")])])
        #expect(
            restored(inside)
                == .restoreFailed(.rejectedInput(.controlCharacter(.routePathSegment, scalar: 0, offset: 1))))

        let printable = RouterState<Screen>(
            stack: [.home, .label("a b/c %1B ü 100%")], presentations: [Presentation(.label("ok"))])
        #expect(restored(printable) == .restored)
    }

    /// The rule on its own: the path as it is, then each segment decoded; a malformed escape
    /// is kept as it is.
    @Test func checkingARestoredRoutePath() throws {
        let policy = InputPolicy.standard
        try policy.check(restoredRoutePath: "/plain/a%20b/100%/%zz/%")
        #expect(throws: InputError.controlCharacter(.routePathSegment, scalar: 0x0A, offset: 3)) {
            try policy.check(restoredRoutePath: "/ok/abc%0a")
        }
        #expect(throws: InputError.controlCharacter(.routePathSegment, scalar: 0x1B, offset: 1)) {
            try policy.check(restoredRoutePath: "/x/%%1B%")
        }
        #expect(throws: InputError.controlCharacter(.path, scalar: 0x1B, offset: 3)) {
            try policy.check(restoredRoutePath: "/a/\u{1B}")
        }
        #expect(throws: InputError.tooLong(.path, length: 5, limit: 4)) {
            try InputPolicy(maximumPathLength: 4).check(restoredRoutePath: "/abcd")
        }
    }

    // MARK: - Entries counted before routes are decoded

    /// A million saved routes with a raised byte limit: refused from the count of the saved
    /// array, without decoding one route (it once decoded them all: seconds and hundreds of
    /// megabytes before counting).
    @Test func aMillionSavedRoutesAreRefusedBeforeAnyIsDecoded() throws {
        let entries = 1_000_000
        var json = Data(#"{"version":1,"state":{"stack":["#.utf8)
        json.append(contentsOf: Array(repeating: Array("0,".utf8), count: entries - 1).joined())
        json.append(contentsOf: Array("0]}}".utf8))
        let store = InMemoryStateStore(data: json)
        let policy = InputPolicy(maximumStateBytes: 64 * 1_024 * 1_024)

        CountedRoute.decodes.store(0, ordering: .relaxed)
        let start = ContinuousClock.now
        let router = Router<CountedRoute>(store: store, policy: policy)
        let elapsed = ContinuousClock.now - start
        #expect(router.restoration == .restoreFailed(.tooManyEntries(count: entries, limit: 1_000)))
        #expect(router.stack.isEmpty)
        #expect(CountedRoute.decodes.load(ordering: .relaxed) == 0, "no route decoded")
        #expect(elapsed < .seconds(10), "refused in \(elapsed)")

        // A presentations array, and a presentation's stack, are counted the same way.
        let presentations =
            #"{"version":1,"state":{"stack":[1],"presentations":["#
            + Array(repeating: #"{"route":1,"style":"sheet","stack":[]}"#, count: 1_001).joined(separator: ",") + "]}}"
        CountedRoute.decodes.store(0, ordering: .relaxed)
        let many = Router<CountedRoute>(store: InMemoryStateStore(data: Data(presentations.utf8)), policy: policy)
        #expect(many.restoration == .restoreFailed(.tooManyEntries(count: 1_001, limit: 1_000)))
        #expect(CountedRoute.decodes.load(ordering: .relaxed) == 0)
        let deep =
            #"{"version":1,"state":{"stack":[],"presentations":[{"route":1,"style":"sheet","stack":["#
            + Array(repeating: "2", count: 1_001).joined(separator: ",") + "]}]}}"
        CountedRoute.decodes.store(0, ordering: .relaxed)
        let inside = Router<CountedRoute>(store: InMemoryStateStore(data: Data(deep.utf8)), policy: policy)
        #expect(inside.restoration == .restoreFailed(.tooManyEntries(count: 1_001, limit: 1_000)))
        #expect(CountedRoute.decodes.load(ordering: .relaxed) == 0)

        // What is presented above a tab router's tabs is counted the same way.
        let aboveTabs =
            #"{"version":1,"state":{"selected":"main","stacks":[],"aboveTabs":["#
            + Array(repeating: #"{"route":1,"style":"sheet","stack":[]}"#, count: 1_001).joined(separator: ",") + "]}}"
        CountedRoute.decodes.store(0, ordering: .relaxed)
        let app = TabRouter<String, CountedRoute>(
            tabs: ["main"], selected: "main", store: InMemoryStateStore(data: Data(aboveTabs.utf8)), policy: policy
        ) { _ in nil }
        #expect(app.restoration == .restoreFailed(.tooManyEntries(count: 1_001, limit: 1_000)))
        #expect(CountedRoute.decodes.load(ordering: .relaxed) == 0)

        // Within the limit, the routes decode and restore.
        let fine = #"{"version":1,"state":{"stack":[1,2],"presentations":[{"route":3,"style":"sheet","stack":[4]}]}}"#
        let restoredRouter = Router<CountedRoute>(store: InMemoryStateStore(data: Data(fine.utf8)), policy: policy)
        #expect(restoredRouter.restoration == .restored)
        #expect(restoredRouter.stack == [CountedRoute(value: 1), CountedRoute(value: 2)])
        #expect(restoredRouter.modal == CountedRoute(value: 3))
    }

    /// A navigator's history is counted (back and forward entries together) before any
    /// entry is decoded.
    @Test func aHugeSavedHistoryIsRefusedBeforeItIsDecoded() throws {
        let back = Array(repeating: #""/a""#, count: 600).joined(separator: ",")
        let forward = Array(repeating: #""/b""#, count: 500).joined(separator: ",")
        let json = #"{"version":1,"state":{"entries":["# + back + #"],"forwardEntries":["# + forward + "]}}"
        let navigator = Navigator(initialPath: "/home", store: InMemoryStateStore(data: Data(json.utf8)))
        #expect(navigator.restoration == .restoreFailed(.tooManyEntries(count: 1_100, limit: 1_000)))
        #expect(navigator.path == "/home")
    }

    // MARK: - An unread titles stream

    /// `titles` is a current value: an unread one keeps the newest state only, however many
    /// navigations happen (it once kept one per navigation, about 200 bytes each).
    @Test func anUnreadTitlesStreamKeepsOnlyTheNewestValue() async throws {
        let router = Router<Screen>()
        let unread = router.titles
        for step in 0..<100_000 {
            if step.isMultiple(of: 2) {
                try await router.navigate(to: .label("\(step)"))
            } else {
                try await router.navigateBack()
            }
        }
        #expect(router.bufferedElementCount == 1)
        let split = SplitRouter<Screen>(columns: .double)
        let splitTitles = split.titles
        for step in 0..<1_000 {
            try await split.navigate(to: .label("\(step)"))
        }
        #expect(split.router.bufferedElementCount == 1)

        // It still yields the newest titles when read.
        for await titles in unread {
            #expect(titles == [])
            break
        }
        withExtendedLifetime(splitTitles) {}

        // Asked for, every change is still there to see.
        let every = router.titles(bufferingPolicy: .unbounded)
        for index in 0..<10 {
            try await router.navigate(to: .label("\(index)"))
        }
        #expect(router.bufferedElementCount == 1 + 11)
        withExtendedLifetime(every) {}
    }

    // MARK: - Support

    enum Screen: RouteProvider {
        case home
        case label(String)

        static func registerURLs() -> URLMatcherGroup<Screen>? {
            .group("shop.example") {
                $0.map("label/{text}") { .label(try $0.param("text")) }
            }
        }

        var metadata: RouteMetadata {
            switch self {
            case .home: RouteMetadata()
            case .label(let text): RouteMetadata(title: text)
            }
        }
    }

    /// A route saved as a bare number, counting its decodes.
    struct CountedRoute: RouteProvider {
        static let decodes = Atomic<Int>(0)
        var value: Int

        init(value: Int) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            Self.decodes.add(1, ordering: .relaxed)
            value = try decoder.singleValueContainer().decode(Int.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }

        var path: String { "/n/\(value)" }
    }

    /// How restoring `state`, saved as a router saves it, goes.
    private func restored(_ state: RouterState<Screen>) -> PersistenceEvent? {
        struct Saved: Encodable {
            var version = 1
            var state: RouterState<Screen>
        }
        let store = InMemoryStateStore(data: try? JSONEncoder().encode(Saved(state: state)))
        return Router<Screen>(store: store).restoration
    }

    /// Runs `body` on a thread of its own and waits up to 10 seconds for it; when it does
    /// not return in time (blocked opening the FIFO at `fifo`), records the hang, opens the
    /// FIFO for writing so that the reader gets to its end, and fails.
    private func withTimeout<Result: Sendable>(
        unblocking fifo: URL, _ body: @escaping @Sendable () -> Result
    ) throws -> Result {
        let result = _Locked<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        if done.wait(timeout: .now() + .seconds(10)) == .timedOut {
            Issue.record("loading blocked on the FIFO")
            let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        return try #require(result.withLock { $0 })
    }

    /// A Unix domain socket bound at `path`; the caller closes it.
    private func bindUnixSocket(at path: String) throws -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        return descriptor
    }
}
