import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Seeded fuzz-style tests: thousands of random inputs, each reproducible from its seed and
/// case number (printed on failure).
@Suite(.suiteLimit) struct FuzzTests {
    static let alphabet: [String] = [
        "/", "/", "/", ":", "?", "*", ".", "..", "a", "b", "id", "x1", "1", "-", "_", "%2F", "%",
        "\u{E9}", "\u{1F600}", "\u{0}", "\n", " ", "//", "A", "::", "??",
    ]

    static func randomText(_ random: inout SeededGenerator, maxLength: UInt64 = 12) -> String {
        let count = Int(random.next(below: maxLength + 1))
        return (0..<count).map { _ in alphabet[Int(random.next(below: UInt64(alphabet.count)))] }.joined()
    }

    /// A path's shape after normalisation: absolute, no empty, `.` or `..` segment.
    static func isNormalised(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func patternsCompileOrThrowAndRoundTrip(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        var compiled = 0
        for index in 0..<2_500 {
            if index.isMultiple(of: 100) { await Task.yield() }  // let other tests' tasks run
            let glob = Self.randomText(&random)
            let path = Self.randomText(&random)
            let context = Comment(
                rawValue: "seed \(seed) case \(index): glob \(glob.debugDescription) path \(path.debugDescription)")
            do {
                let pattern = try PathPattern(glob)
                compiled += 1
                #expect(try PathPattern(pattern.description) == pattern, context)
                #expect(pattern.match(path) == ReferencePatternMatcher(pattern: pattern).match(path), context)
                if let match = pattern.match(path) {
                    #expect(Self.isNormalised(match.path), context)
                    #expect(match.parameters.values.allSatisfy { !$0.isEmpty && !$0.contains("/") }, context)
                }
            } catch {
                #expect(!error.description.isEmpty, context)
            }
        }
        #expect(compiled > 100, "the generator should produce valid patterns too")
    }

    @Test(arguments: [5, 6, 7, 8] as [UInt64])
    func navigationAlwaysYieldsANormalisedPath(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let navigator = Navigator()
        for index in 0..<2_500 {
            if index.isMultiple(of: 100) { await Task.yield() }  // let other tests' tasks run
            let path = Self.randomText(&random, maxLength: 20)
            let before = navigator.path
            let context = Comment(
                rawValue:
                    "seed \(seed) case \(index): from \(before.debugDescription) navigate \(path.debugDescription)")
            do {
                let action = try navigator.navigate(checked: path, replace: random.next(below: 4) == 0)
                #expect(Self.isNormalised(navigator.path), context)
                #expect(action == nil || action?.previousPath == before, context)
                // Normalisation is idempotent.
                #expect(navigator.resolve(navigator.path) == navigator.path, context)
                #expect(Navigator(initialPath: navigator.path).path == navigator.path, context)
            } catch {
                #expect(navigator.path == before, context)
            }
            if random.next(below: 5) == 0 { navigator.goBack(total: Int(random.next(below: 3))) }
        }
    }

    @Test(arguments: [9, 10] as [UInt64])
    func randomBytesNeverBreakRestoration(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let valid = try #require(Self.savedState())
        for index in 0..<1_500 {
            if index.isMultiple(of: 100) { await Task.yield() }
            var data: Data
            if random.next(below: 2) == 0 {
                data = Data((0..<random.next(below: 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            } else {
                data = valid
                for _ in 0...random.next(below: 4) where !data.isEmpty {
                    let position = Int(random.next(below: UInt64(data.count)))
                    data[position] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.next(below: 3) == 0 { data = data.prefix(Int(random.next(below: UInt64(data.count + 1)))) }
            }
            let navigator = Navigator(initialPath: "/default", store: InMemoryStateStore(data: data))
            let context = Comment(rawValue: "seed \(seed) case \(index): \(data.base64EncodedString())")
            #expect(Self.isNormalised(navigator.path), context)
            if navigator.restoration != .restored {
                #expect(navigator.path == "/default", context)
                #expect(navigator.historyStackSize == 0, context)
            }
        }
    }

    static func savedState() -> Data? {
        let store = InMemoryStateStore()
        let navigator = Navigator(store: store)
        for path in ["/news", "/news/42", "/settings"] { navigator.navigate(path) }
        navigator.goBack()
        navigator.flush()
        return store.data
    }
}
