import Foundation
import StreamRouter

/// Resident memory per idle subscriber: 10,000 subscriptions to one navigator (streams
/// created, registered, never consumed, nothing buffered), against 10,000 bare
/// `AsyncStream<Int>`s kept with their continuations.
///
/// Each figure comes from a fresh child process (`--memory-probe library|baseline`) that
/// reads `VmRSS` from `/proc/self/status` before and after making the subscribers: in this
/// process, memory freed by earlier scenarios would be reused and hide the cost. The
/// storage holding the subscriptions is allocated and touched before the first reading, so
/// it is not counted.
enum SubscriberMemoryScenario {
    static let name = "memory"
    static let count = 10_000

    static func comparisons() throws -> [Comparison] {
        guard residentBytes() != nil else {
            return [pending(reason: "/proc/self/status has no VmRSS on this system")]
        }
        return [
            Comparison(
                scenario: name,
                name: "10,000 idle subscribers",
                unit: "subscriber",
                libraryLabel: "Navigator.actions",
                baselineLabel: "bare AsyncStream",
                kind: .memory(
                    library: { runProbe(.library) },
                    baseline: { runProbe(.baseline) }
                ),
                target: .library(atMost: 512, "≤ 512 B")
            )
        ]
    }

    private static func pending(reason: String) -> Comparison {
        Comparison(
            scenario: name, name: "10,000 idle subscribers", unit: "subscriber",
            libraryLabel: "Navigator.actions", baselineLabel: "bare AsyncStream",
            kind: .pending(reason: reason), target: .library(atMost: 512, "≤ 512 B")
        )
    }

    /// Runs this executable as `--memory-probe side` and reads the bytes per subscriber it prints.
    static func runProbe(_ side: Side) -> Double? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--memory-probe", side.rawValue]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isWhitespace)
            .last
            .flatMap { Double($0) }
    }

    /// In the child process: makes `count` idle subscribers of one side and returns the
    /// resident bytes they added, per subscriber.
    static func probe(_ side: Side) -> Double? {
        switch side {
        case .library:
            let navigator = Navigator(initialPath: "/")
            // One subscription first: the publisher's one-time costs are not per subscriber.
            let first = navigator.actions
            defer { withExtendedLifetime((navigator, first)) {} }
            return measure { navigator.actions }
        case .baseline:
            let first = BareAsyncStreamBaseline.idleStream()
            defer { withExtendedLifetime(first) {} }
            return measure { BareAsyncStreamBaseline.idleStream() }
        }
    }

    /// Keeps `count` values made by `make` and returns the resident bytes they added, each.
    private static func measure<Subscriber>(_ make: () -> Subscriber) -> Double? {
        let storage = UnsafeMutablePointer<Subscriber>.allocate(capacity: count)
        defer { storage.deallocate() }
        // Touch the storage so its pages are resident before the first reading.
        UnsafeMutableRawPointer(storage).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<Subscriber>.stride * count
        )
        guard let before = residentBytes() else { return nil }
        for index in 0..<count {
            (storage + index).initialize(to: make())
        }
        let after = residentBytes()
        storage.deinitialize(count: count)
        guard let after else { return nil }
        return Double(after - before) / Double(count)
    }

    /// `VmRSS` of this process, in bytes, from `/proc/self/status`.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
