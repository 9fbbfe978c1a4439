// A probe for scripts/crash-test-store.sh: saves state in a loop until killed, and checks
// what a killed writer left behind.
//
//   StreamRouterStoreCrashProbe write <file>      save distinct valid payloads forever
//   StreamRouterStoreCrashProbe validate <file>   load and validate; print the sequence number
//   StreamRouterStoreCrashProbe check <file>      validate, save once more, and verify that
//                                                 no temporary files remain
//
// Exit status: 0 when valid, 1 when the file is missing, torn or invalid, 2 on bad usage.
import Foundation
import StreamRouter

/// One saved state: a sequence number, padding of a length that varies with it (so that a
/// torn file is a different length), and a checksum over both.
struct Payload: Codable {
    var sequence: Int
    var padding: String
    var checksum: UInt64

    init(sequence: Int) {
        self.sequence = sequence
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(sequence % 26)))
        padding = String(repeating: letter, count: (sequence &* 7_919) % 8_000)
        checksum = Self.checksum(sequence: sequence, padding: padding)
    }

    /// FNV-1a over the sequence number and the padding.
    static func checksum(sequence: Int, padding: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(sequence):\(padding)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    var isValid: Bool {
        checksum == Self.checksum(sequence: sequence, padding: padding)
            && padding.count == (sequence &* 7_919) % 8_000
    }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("StreamRouterStoreCrashProbe: \(message)\n".utf8))
    exit(status)
}

/// The valid payload in the store, or a failure naming what is wrong.
func validPayload(in store: FileStateStore) -> Payload {
    let data: Data
    do {
        guard let loaded = try store.load() else { fail("no state file at \(store.url.path)") }
        data = loaded
    } catch {
        fail("cannot load: \(error)")
    }
    if data.isEmpty { fail("the state file is empty") }
    guard let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
        fail("the state file is not a complete payload (\(data.count) bytes)")
    }
    guard payload.isValid else { fail("payload \(payload.sequence) has a wrong checksum or length") }
    return payload
}

func save(_ payload: Payload, to store: FileStateStore) {
    do {
        try store.save(JSONEncoder().encode(payload))
    } catch {
        fail("save \(payload.sequence) failed: \(error)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: write|validate|check <file>", status: 2) }
let url = URL(fileURLWithPath: arguments[2])
let store = FileStateStore(url: url)

switch arguments[1] {
case "write":
    // Continue from the saved sequence number, so that each run writes new payloads.
    var sequence = 0
    if let data = try? store.load(), let saved = try? JSONDecoder().decode(Payload.self, from: data) {
        sequence = saved.sequence
    }
    while true {
        sequence += 1
        save(Payload(sequence: sequence), to: store)
    }
case "validate":
    print(validPayload(in: store).sequence)
case "check":
    let sequence = validPayload(in: store).sequence + 1
    save(Payload(sequence: sequence), to: store)
    guard validPayload(in: store).sequence == sequence else { fail("the last save is not what loads") }
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + ".tmp-"
    let strays = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(prefix) }
    guard strays.isEmpty else { fail("temporary files remain after a save: \(strays.sorted())") }
    print(sequence)
default:
    fail("unknown mode '\(arguments[1])'; expected write, validate or check", status: 2)
}
