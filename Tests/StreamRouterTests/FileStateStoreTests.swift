import AsyncObservables
import Foundation
import StreamRouter
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(.suiteLimit) struct FileStateStoreTests {
    /// A fresh folder, removed by the caller's `defer`.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FileStateStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in `folder`, sorted.
    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func bytesRoundTrip() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("state.json"))
        try store.save(Data("first".utf8))
        #expect(try store.load() == Data("first".utf8))
        try store.save(Data())
        #expect(try store.load() == Data())
        let large = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try store.save(large)
        #expect(try store.load() == large)
        #expect(try Self.contents(of: folder) == ["state.json"])
    }

    @Test func newFilesAreReadableByTheOwnerOnly() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("state.json")
        try FileStateStore(url: url).save(Data("x".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aMissingFileLoadsNil() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try FileStateStore(url: folder.appendingPathComponent("absent.json")).load() == nil)
    }

    @Test func aSaveIntoAMissingFolderThrowsAndLeavesNothingBehind() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing")
        let store = FileStateStore(url: missing.appendingPathComponent("state.json"))
        let error = #expect(throws: FileStateStoreError.self) { try store.save(Data("x".utf8)) }
        #expect(error?.operation == .createTemporaryFile)
        #expect(error?.errorNumber == ENOENT)
        #expect(error?.path.hasPrefix(missing.path + "/.state.json.tmp-") == true)
        #expect(error?.description.contains("No such file or directory") == true)
        #expect(try Self.contents(of: folder) == [])
        #expect(try store.load() == nil)
    }

    @Test func aFailedRenameRemovesTheTemporaryFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A non-empty folder where the file should be: the rename over it fails.
        let url = folder.appendingPathComponent("state.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data().write(to: url.appendingPathComponent("occupied"))
        let error = #expect(throws: FileStateStoreError.self) { try FileStateStore(url: url).save(Data("x".utf8)) }
        #expect(error?.operation == .replace)
        #expect(error?.path == url.path)
        #expect(try Self.contents(of: folder) == ["state.json"])
    }

    /// Two stores on one file, several writer threads each, and a reader: every read is
    /// nothing (before the first save) or one complete payload, and no save fails.
    @Test func concurrentWritersNeverTearTheFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("state.json")
        let stores = [FileStateStore(url: url), FileStateStore(url: url)]
        // Distinct lengths and bytes: a torn or mixed file matches none of them.
        let payloads = (0..<12).map { index in
            Data(repeating: UInt8(ascii: "a") + UInt8(index), count: 1 + index * 1_531)
        }
        let valid = Set(payloads)
        let deadline = ContinuousClock.now + .seconds(2)
        let writersPerStore = 2
        let results = _Locked((saves: 0, failures: [String](), reads: 0, badReads: [String](), writersDone: 0))

        var threads: [Thread] = []
        let finished = DispatchGroup()
        for (storeIndex, store) in stores.enumerated() {
            for writer in 0..<writersPerStore {
                finished.enter()
                threads.append(
                    Thread {
                        var step = storeIndex * 7 + writer * 3
                        while ContinuousClock.now < deadline, step < 2_000 {
                            do {
                                try store.save(payloads[step % payloads.count])
                                results.withLock { $0.saves += 1 }
                            } catch {
                                results.withLock { $0.failures.append("\(error)") }
                            }
                            step += 1
                        }
                        results.withLock { $0.writersDone += 1 }
                        finished.leave()
                    })
            }
        }
        finished.enter()
        threads.append(
            Thread {
                let reader = FileStateStore(url: url)
                while ContinuousClock.now < deadline + .seconds(1),
                    results.withLock({ $0.writersDone }) < stores.count * writersPerStore
                {
                    do {
                        if let data = try reader.load(), !valid.contains(data) {
                            results.withLock { $0.badReads.append("\(data.count) bytes") }
                        }
                        results.withLock { $0.reads += 1 }
                    } catch {
                        results.withLock { $0.badReads.append("\(error)") }
                    }
                }
                finished.leave()
            })
        for thread in threads { thread.start() }
        #expect(finished.wait(timeout: .now() + 30) == .success)

        let outcome = results.withLock { $0 }
        #expect(outcome.failures == [])
        #expect(outcome.badReads == [])
        #expect(outcome.saves > 0)
        #expect(outcome.reads > 0)
        #expect(try valid.contains(#require(try stores[0].load())))
        #expect(try Self.contents(of: folder) == ["state.json"])
    }

    @Test func aStrayTemporaryFileIsRemovedByTheNextSave() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("state.json"))
        // What a writer killed mid-save leaves: a temporary file nobody holds a lock on.
        try Data("{\"half".utf8).write(to: folder.appendingPathComponent(".state.json.tmp-dead-0000"))
        // Another state file's temporary files are not this store's business.
        try Data().write(to: folder.appendingPathComponent(".other.json.tmp-dead-0000"))
        try store.save(Data("new".utf8))
        #expect(try Self.contents(of: folder) == [".other.json.tmp-dead-0000", "state.json"])
        #expect(try store.load() == Data("new".utf8))
    }

    @Test func aLockedTemporaryFileOfALiveWriterIsKept() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("state.json"))
        let live = folder.appendingPathComponent(".state.json.tmp-live-0000")
        try Data("writing".utf8).write(to: live)
        // A writer in the middle of a save holds an exclusive lock on its temporary file.
        let descriptor = open(live.path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX) == 0)

        try store.save(Data("new".utf8))
        #expect(try Self.contents(of: folder) == [".state.json.tmp-live-0000", "state.json"])

        // The writer dies: its lock goes, and the next save removes the file.
        close(descriptor)
        try store.save(Data("newer".utf8))
        #expect(try Self.contents(of: folder) == ["state.json"])
        #expect(try store.load() == Data("newer".utf8))
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetGetsTheBytes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let target = real.appendingPathComponent("target.json")
        let link = folder.appendingPathComponent("state.json")
        let linkToLink = folder.appendingPathComponent("alias.json")
        // Relative links, resolved from the folder of each link; the target does not exist yet.
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/target.json")
        try FileManager.default.createSymbolicLink(atPath: linkToLink.path, withDestinationPath: "state.json")

        try FileStateStore(url: link).save(Data("first".utf8))
        try FileStateStore(url: linkToLink).save(Data("second".utf8))

        for url in [link, linkToLink] {
            let type = try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
            #expect(type == .typeSymbolicLink, "\(url.lastPathComponent)")
        }
        #expect(try Data(contentsOf: target) == Data("second".utf8))
        #expect(try FileStateStore(url: link).load() == Data("second".utf8))
        #expect(try Self.contents(of: folder) == ["alias.json", "real", "state.json"])
        #expect(try Self.contents(of: real) == ["target.json"])
    }

    @Test func aLoopOfSymbolicLinksThrows() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.json")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("b.json").path, withDestinationPath: "a.json")
        let error = #expect(throws: FileStateStoreError.self) { try FileStateStore(url: first).save(Data()) }
        #expect(error?.operation == .resolveSymbolicLink)
        #expect(error?.errorNumber == ELOOP)
        #expect(try Self.contents(of: folder) == ["a.json", "b.json"])
    }
}
