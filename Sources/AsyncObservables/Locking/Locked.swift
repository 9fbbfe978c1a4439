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
/// Like `Mutex`, the lock is not reentrant: never call `withLock` from inside `withLock` on
/// the same instance.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
