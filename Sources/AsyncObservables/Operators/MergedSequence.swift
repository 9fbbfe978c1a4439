/// Merges several asynchronous sequences of one type into one sequence that yields each
/// element as soon as any base produces it (RxSwift's and Combine's `merge`).
///
/// ```swift
/// for await action in merge(navigatorA.actions, navigatorB.actions) { ... }
/// ```
///
/// The merged sequence finishes when every base has finished. If a base throws, the
/// merged sequence throws that error (after the elements that arrived before it) and
/// cancels the other bases.
///
/// - Parameters:
///   - bases: The sequences to merge.
///   - bufferingPolicy: The buffer between the bases and the consumer: the bases are read
///     eagerly, so a fast base piles up behind a slow consumer unless the buffer is
///     bounded (unbounded by default).
public func merge<Base: AsyncSequence & Sendable>(
    _ bases: Base...,
    bufferingPolicy: BufferingPolicy = .unbounded
) -> MergedSequence<Base> where Base.Element: Sendable {
    MergedSequence(bases, bufferingPolicy: bufferingPolicy)
}

/// Merges an array of asynchronous sequences; see ``merge(_:bufferingPolicy:)-(Base...,_)``.
public func merge<Base: AsyncSequence & Sendable>(
    _ bases: [Base],
    bufferingPolicy: BufferingPolicy = .unbounded
) -> MergedSequence<Base> where Base.Element: Sendable {
    MergedSequence(bases, bufferingPolicy: bufferingPolicy)
}

/// An asynchronous sequence of the elements of several bases, in arrival order.
///
/// Iteration starts one child task per base, consuming it eagerly into a buffer with the
/// sequence's ``BufferingPolicy``. Cancelling the consuming task, or dropping the
/// iterator, cancels them; a cancelled consumer's `next()` returns `nil`.
public struct MergedSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: the bases'.
    public typealias Element = Base.Element
    /// The error the sequence throws: the bases' (`Never` when they cannot throw).
    public typealias Failure = Base.Failure

    private let bases: [Base]
    private let bufferingPolicy: BufferingPolicy

    init(_ bases: [Base], bufferingPolicy: BufferingPolicy) {
        self.bases = bases
        self.bufferingPolicy = bufferingPolicy
    }

    /// Makes an iterator; its first `next()` starts one child task per base.
    public func makeAsyncIterator() -> Iterator {
        Iterator(bases: bases, bufferingPolicy: bufferingPolicy)
    }

    /// The iterator of an ``MergedSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private let bases: [Base]
        private let bufferingPolicy: BufferingPolicy
        private var consumers: Consumers?
        private var isDone = false

        init(bases: [Base], bufferingPolicy: BufferingPolicy) {
            self.bases = bases
            self.bufferingPolicy = bufferingPolicy
        }

        /// The next element of any base, in arrival order, or `nil` once every base has finished.
        /// - Throws: The first error a base throws; the other bases are then cancelled.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Element? {
            guard !isDone else { return nil }
            let consumers = consumers ?? Consumers(bases: bases, bufferingPolicy: bufferingPolicy)
            self.consumers = consumers
            if let element = await consumers.output.next(isolation: actor) {
                return element
            }
            isDone = true
            self.consumers = nil
            // A cancelled consumer gets `nil`, even when a base failed first.
            if !Task.isCancelled, let failure = consumers.takeFailure() {
                throw failure
            }
            return nil
        }

        /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }

    /// The child tasks consuming the bases into one buffer; cancelled when the iterator
    /// lets go of them or its consumer is cancelled. No lock is held while a child resumes
    /// the consumer.
    private final class Consumers: Sendable {
        let output: _StreamBuffer<Element>
        private let failure = _Locked<Failure?>(nil)
        private let task = _Locked<Task<Void, Never>?>(nil)

        init(bases: [Base], bufferingPolicy: BufferingPolicy) {
            let output = _StreamBuffer<Element>(bufferingPolicy: bufferingPolicy)
            self.output = output
            let failure = failure
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    for base in bases {
                        group.addTask {
                            do throws(Failure) {
                                for try await element in base {
                                    if output.enqueue(element) {
                                        output.wake()
                                    }
                                }
                            } catch {
                                failure.withLock { $0 = $0 ?? error }
                                output.finish()
                            }
                        }
                    }
                    for await _ in group {
                        if failure.withLock({ $0 != nil }) {
                            group.cancelAll()
                        }
                    }
                }
                output.finish()
            }
            self.task.withLock { $0 = task }
            output.setTermination { task.cancel() }
        }

        /// The error that ended the merge, once.
        func takeFailure() -> Failure? {
            failure.withLock { failure in
                defer { failure = nil }
                return failure
            }
        }

        deinit {
            output.cancel()
            task.withLock { $0 }?.cancel()
        }
    }
}

@available(*, unavailable)
extension MergedSequence.Iterator: Sendable {}
