/// How a subscription buffers the values its consumer has not taken yet.
///
/// Every subscription has its own buffer, so a slow consumer never blocks the publisher
/// or the other subscribers. The default everywhere is ``unbounded``: nothing is ever
/// dropped, at the price of memory growing while a consumer lags. Choose a bounded policy
/// when a consumer only cares about recent values (a UI showing the current screen).
public enum BufferingPolicy: Sendable, Hashable {
    /// Keep every value until the consumer takes it.
    case unbounded
    /// Keep at most the given number of the *oldest* values; newer values are dropped
    /// while the buffer is full. Negative limits count as zero.
    case bufferingOldest(Int)
    /// Keep at most the given number of the *newest* values; the oldest buffered value
    /// is dropped to make room. Negative limits count as zero.
    case bufferingNewest(Int)
}
