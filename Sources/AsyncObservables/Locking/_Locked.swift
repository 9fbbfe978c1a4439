#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread` mutex: the lock under every shared state of this package.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futexes inside the prebuilt
/// standard library, which Thread Sanitizer cannot see, so every correct use of it is
/// reported as a data race and TSan runs become useless. A `pthread` mutex is understood
/// by TSan on every platform, and costs the same uncontended.
///
/// The value and the mutex live in one heap object (a `ManagedBuffer` whose header is the
/// value and whose single element is the mutex), so a lock costs one allocation, not two:
/// every subscription owns one, so this is most of what an idle subscriber costs beyond its
/// buffer. Copies of a `_Locked` share that object: it has reference semantics, like a class.
///
/// Like `Mutex`, the lock is not reentrant: never call `withLock` from inside `withLock` on
/// the same instance.
@usableFromInline
package struct _Locked<Value>: @unchecked Sendable {
    /// The value (the header) and the mutex (the one element), in one object; the mutex
    /// never moves while the object lives.
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline let storage: Storage

    /// A lock guarding `value`.
    ///
    /// > Note: Inlinable, so that the storage class is made for a concrete `Value` in the
    /// > caller: compiled generically, each lock looked its class up in the runtime's generic
    /// > metadata cache (a router makes several; the `open-url` cold-start row).
    @inlinable
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The pointers stay valid while `storage` lives, which the call keeps it doing.
        let (value, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        pthread_mutex_lock(mutex)
        defer {
            pthread_mutex_unlock(mutex)
            withExtendedLifetime(storage) {}
        }
        return try body(&value.pointee)
    }

    /// Runs `body` under the lock if it is free now; returns `nil` at once, without running
    /// `body`, when another thread holds it. For a caller that must never wait behind a
    /// thread that keeps re-taking the lock (a `pthread` mutex is not fair: a thread locking
    /// it in a loop can hold a waiter off for seconds).
    @inlinable
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        let (value, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer {
            pthread_mutex_unlock(mutex)
            withExtendedLifetime(storage) {}
        }
        return try body(&value.pointee)
    }

    /// Takes and releases the lock, so that what the last holder did before releasing it is
    /// ordered before what follows, for Thread Sanitizer too.
    ///
    /// A task resumed through a continuation calls it, with the lock its resumer released
    /// before resuming, before using what it was handed: a resume that lands before the
    /// task has suspended lets the task go on without passing through an executor, an
    /// ordering that is real but that Thread Sanitizer cannot see.
    @inlinable
    package func synchronizeWithLastHolder() {
        withLock { _ in }
    }
}
