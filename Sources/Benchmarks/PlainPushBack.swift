import StreamRouter

/// The baseline of the tab, split and journal rows: `navigate(to:)` then `navigateBack()` on
/// a plain `Router`, timed in runs of ``chunk``.
enum PlainPushBack {
    /// The most operations timed in one run.
    static let chunk = 100

    /// A route with a cheap, explicit path.
    enum Screen: RouteProvider {
        case item(Int)

        var path: String {
            switch self {
            case .item(let number): "/item/\(number)"
            }
        }
    }

    /// A push + back on a new `Router`, about `operations` times.
    static func run(_ operations: Int) async -> Sample {
        let router = Router<Screen>(urlMatchers: nil)
        return await timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
    }

    /// Times about `operations` runs of `body`, in chunks.
    static func timed(_ operations: Int, _ body: () async throws -> Void) async -> Sample {
        await timed(operations, afterEachChunk: { _ in }, body: body)
    }

    /// Times about `operations` runs of `body`, in chunks, running `afterEachChunk` (given
    /// the chunk's count) untimed after each.
    static func timed(
        _ operations: Int, afterEachChunk: (Int) async -> Void, body: () async throws -> Void
    ) async -> Sample {
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var done = 0
        while done < operations {
            let count = min(chunk, operations - done)
            let start = clock.now
            do {
                for _ in 0..<count {
                    try await body()
                }
            } catch {
                print("a navigation failed: \(error)")
                return Sample(elapsed: elapsed, operations: done)
            }
            elapsed += start.duration(to: clock.now)
            done += count
            await afterEachChunk(count)
        }
        return Sample(elapsed: elapsed, operations: done)
    }
}
