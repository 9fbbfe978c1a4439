/// Merges several asynchronous sequences of one type into one sequence that yields each
/// element as soon as any base produces it (RxSwift's and Combine's `merge`).
///
/// ```swift
/// for await action in merge(navigatorA.actions, navigatorB.actions) { ... }
/// ```
///
/// The merged sequence finishes when every base has finished. If a base throws, the
/// merged sequence throws that error and cancels the other bases.
public func merge<Base: AsyncSequence & Sendable>(_ bases: Base...) -> AsyncMergeSequence<Base>
where Base.Element: Sendable {
    AsyncMergeSequence(bases)
}

/// Merges an array of asynchronous sequences; see ``merge(_:)-(Base...)``.
public func merge<Base: AsyncSequence & Sendable>(_ bases: [Base]) -> AsyncMergeSequence<Base>
where Base.Element: Sendable {
    AsyncMergeSequence(bases)
}

/// An asynchronous sequence of the elements of several bases, in arrival order.
///
/// Iteration starts one child task per base, consuming it eagerly into an unbounded
/// buffer. Cancelling the consuming task, or dropping the iterator, cancels them.
public struct AsyncMergeSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: the bases'.
    public typealias Element = Base.Element
    /// The error the sequence throws: the bases' (`Never` when they cannot throw).
    public typealias Failure = Base.Failure

    private let bases: [Base]

    init(_ bases: [Base]) {
        self.bases = bases
    }

    /// Makes an iterator; its first `next()` starts one child task per base.
    public func makeAsyncIterator() -> Iterator {
        Iterator(bases: bases)
    }

    /// The iterator of an ``AsyncMergeSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private typealias Outcome = Result<Element, Failure>

        private let bases: [Base]
        private var consumers: Consumers?
        private var outcomes: AsyncStream<Outcome>.Iterator?
        private var isDone = false

        init(bases: [Base]) {
            self.bases = bases
        }

        /// The next element of any base, in arrival order, or `nil` once every base has finished.
        /// - Throws: The first error a base throws; the other bases are then cancelled.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Element? {
            guard !isDone else { return nil }
            if outcomes == nil {
                let (stream, continuation) = AsyncStream.makeStream(of: Outcome.self)
                consumers = Consumers(bases: bases, into: continuation)
                outcomes = stream.makeAsyncIterator()
            }
            switch await outcomes?.next(isolation: actor) {
            case .success(let element):
                return element
            case .failure(let error):
                finish()
                throw error
            case nil:
                finish()
                return nil
            }
        }

        /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }

        private mutating func finish() {
            isDone = true
            consumers = nil
            outcomes = nil
        }
    }

    /// The child tasks consuming the bases; cancelled when the iterator lets go of them.
    private final class Consumers: Sendable {
        private let task: Task<Void, Never>

        init(bases: [Base], into continuation: AsyncStream<Result<Element, Failure>>.Continuation) {
            task = Task {
                await withTaskGroup(of: Void.self) { group in
                    for base in bases {
                        group.addTask {
                            do throws(Failure) {
                                for try await element in base {
                                    continuation.yield(.success(element))
                                }
                            } catch {
                                continuation.yield(.failure(error))
                            }
                        }
                    }
                }
                continuation.finish()
            }
            let task = task
            continuation.onTermination = { _ in task.cancel() }
        }

        deinit {
            task.cancel()
        }
    }
}

@available(*, unavailable)
extension AsyncMergeSequence.Iterator: Sendable {}
