/// Waits until `condition` holds, checking it again after each short pause, or throws
/// ``EventuallyError`` when `timeout` passes first.
///
/// For conditions that no stream reports (a subscriber count dropping to zero after a
/// cancellation, say). Values that arrive on a stream are better awaited with a
/// ``StreamRecorder``.
///
/// - Parameters:
///   - timeout: How long to keep checking.
///   - isolation: The actor `condition` runs on; the caller's by default.
///   - condition: Checked at once, then about every millisecond.
public func eventually(
    timeout: Duration = .seconds(60),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        guard clock.now < deadline else { throw EventuallyError(timeout: timeout) }
        try await clock.sleep(for: .milliseconds(1))
    }
}

/// The condition given to ``eventually(timeout:isolation:_:)`` did not hold in time.
public struct EventuallyError: Error, CustomStringConvertible {
    /// How long the condition was checked.
    public let timeout: Duration

    /// A sentence for test failures, with the timeout.
    public var description: String {
        "The condition did not hold within \(timeout)."
    }
}
