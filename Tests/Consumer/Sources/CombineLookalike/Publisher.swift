// A stand-in for Combine, which is not on Linux: the public names of Combine that a SwiftUI
// file sees (SwiftUI re-exports Combine) and that could meet AsyncObservables' names, with
// Combine-like shapes (`Publisher<Output, Failure>`, subjects that are classes generic over
// their output and failure, `sink`, `AnyCancellable`), and small synchronous bodies. Of these,
// only `CurrentValueSubject` is also an AsyncObservables name; the others show which names
// need no qualification. The consumer test imports it next to StreamRouter.

/// Combine's `Publisher`: a type that delivers values of `Output`, then a completion.
public protocol Publisher<Output, Failure> {
    /// The type of the values it publishes.
    associatedtype Output
    /// The type of error it can fail with.
    associatedtype Failure: Error

    /// Subscribes `receiveValue` (the stand-in for Combine's `receive(subscriber:)`).
    func receive(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable
}

extension Publisher where Failure == Never {
    /// Combine's `sink(receiveValue:)`.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        receive(receiveValue)
    }
}

/// Combine's `Subscribers` namespace.
public enum Subscribers {
    /// Combine's `Subscribers.Completion`.
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher failed with an error.
        case failure(Failure)
    }
}

/// Combine's `Just`: one value, then finished.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value it publishes.
    public let output: Output

    /// Creates a publisher of `output`.
    public init(_ output: Output) {
        self.output = output
    }

    public func receive(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        receiveValue(output)
        return AnyCancellable {}
    }
}
