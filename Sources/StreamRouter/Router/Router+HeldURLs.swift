import Foundation

// Holding deep links until the app is ready for them: the hold's state machine is
// `_URLHold`; `openURL` asks it whether a hold is in effect, and comes here while one is.
extension Router {
    /// Holds the deep links opened from now on, in order, until ``releaseURLs()``: during
    /// onboarding, before login, before the UI is mounted.
    ///
    /// ```swift
    /// router.holdURLs(expiringAfter: .seconds(600))
    /// Task { await router.openURL(url) }      // waits, held
    /// router.heldURLs                          // [url]
    /// router.releaseURLs()                     // opens it, through the guards
    /// ```
    ///
    /// While links are held, ``openURL(_:)`` still applies the input policy and the pattern
    /// matching at once (what could never open returns `false` at once, with its reason),
    /// then waits. Each held link expires on its own, `expiry` after it was opened, measured
    /// on ``guardClock`` (as it was when the hold began): its ``openURL(_:)`` then returns
    /// `false` and publishes ``URLNotHandledReason/expired``. Navigations other than
    /// ``openURL(_:)`` run as usual while links are held. Calling this while holding changes
    /// the expiry of the links opened from then on.
    ///
    /// At most ``InputPolicy/maximumHeldURLs`` links (of the router's ``policy``; 1,000 by
    /// default) wait at once: past it, ``openURL(_:)`` returns `false` at once and publishes
    /// ``URLNotHandledReason/tooManyHeld(limit:)``, and the links already held are kept.
    /// Holding, releasing, expiring and cancelling cost time linear in the links (no link is
    /// searched for), and no lock is held while their callers are resumed.
    /// - Parameter expiry: How long each link is kept after it was opened.
    public func holdURLs(expiringAfter expiry: Duration) {
        _urlHold.hold(expiringAfter: expiry, limit: policy.maximumHeldURLs, on: guardClock)
    }

    /// Ends the hold of ``holdURLs(expiringAfter:)`` and opens the held links in the order
    /// they were opened: each one's navigation takes its turn here, in order (before any
    /// navigation called after this returns), and goes through the guards as any
    /// ``openURL(_:)`` does; each waiting ``openURL(_:)`` then returns whether its link was
    /// handled. A held link that no longer opens (its mapping now throws) returns `false`
    /// with its reason, published as for any ``openURL(_:)``. A link whose mapping is
    /// `async` is resolved when the release reaches it, and takes its turn once resolved,
    /// as ``openURL(_:)`` does: the links released after it do not wait for the network.
    /// Does nothing when no hold is in effect.
    @inlinable
    public func releaseURLs() {
        let released = _urlHold.release()
        guard !released.isEmpty else { return }
        // Every navigation takes its turn now, in order (the mapping found when the link was
        // held runs now); the waiters then run one by one.
        _urlHold.relay(
            released.map { link in
                if let found = link.found, _isAwaitedMapping(found) {
                    return (link.id, _AwaitedURLMapping())
                }
                let request =
                    link.found.map { _beginOpening(link.url, found: $0, source: link.source) }
                    ?? _beginOpening(link.url, source: link.source)
                return (link.id, request.map { $0 as any Sendable })
            })
    }

    /// The links held by ``holdURLs(expiringAfter:)`` and waiting, oldest first; empty when
    /// none is (or no hold is in effect).
    public var heldURLs: [URL] {
        _urlHold.urls
    }

    /// Waits until at least `count` held links wait (for the Benchmarks: a hand-off instead
    /// of polling ``heldURLs``). One such caller at a time; not cancellable.
    package func waitUntilHeld(_ count: Int) async {
        await _urlHold.waitUntilParked(count)
    }

    /// ``openURL(_:)`` while a hold is in effect: checks the URL now, holds it, and waits.
    /// Inlinable (and never inlined), so that the navigation it finishes is specialised for
    /// `Route` in the client, like ``openURL(_:)``'s.
    @inlinable
    @inline(never)
    func _openURLWhileHoldingSlowPath(_ url: URL, source: NavigationSource?) async -> Bool {
        // What could never open is answered now, not when the hold ends.
        guard let found = _reportingMappingFound(for: url) else { return false }
        switch await _urlHold.waitWhileHeld(url, found: found, source: source) {
        case .notHeld:
            // Released meanwhile.
            if _isAwaitedMapping(found) {
                return await _open(url, _resolveAwaitedMapping(url, found), source: source)
            }
            guard let request = _beginOpening(url, found: found, source: source) else { return false }
            return await _finishOpening(url, request)
        case .released(let delivery, let holdsTurn) where delivery is _AwaitedURLMapping:
            // The links released after it do not wait for the network (their turns are
            // taken already): it takes its turn once resolved, as `openURL` does.
            if holdsTurn { _urlHold.handOn() }
            return await _open(url, _resolveAwaitedMapping(url, found), source: source)
        case .released(let delivery, let holdsTurn):
            defer { if holdsTurn { _urlHold.handOn() } }
            guard let request = delivery as? NavigationRequest<Route> else { return false }  // Its reason is published.
            return await _finishOpening(url, request)
        case .expired:
            _publishNotHandled(url, .expired)
            return false
        case .cancelled:
            _publishNotHandled(url, .navigationFailed(.taskCancelled))
            return false
        case .refused(let limit):
            _publishNotHandled(url, .tooManyHeld(limit: limit))
            return false
        }
    }

    /// The mapping ``_mappingFound(for:)`` finds for `url`, or `nil` once the reason there
    /// is none is published.
    @inlinable
    func _reportingMappingFound(for url: URL) -> (mapping: Int, match: MatchedURL)? {
        do throws(URLNotHandledReason) {
            return try _mappingFound(for: url)
        } catch {
            _publishNotHandled(url, error)
            return nil
        }
    }

    /// Whether the mapping `found` is awaited by ``openURL(_:)`` before its turn (`async`,
    /// or an action).
    @inlinable
    func _isAwaitedMapping(_ found: (mapping: Int, match: MatchedURL)) -> Bool {
        _hasAwaitedMappings && urlMatchers?._mappings[found.mapping].isAwaited == true
    }

    /// The mapping whose pattern matches `url`.
    /// - Throws: Why `url` could never open, whatever the guards and the mapping closures
    ///   say: the input policy refuses it, or no pattern matches it. (Thrown, not a
    ///   `Result`: a `Result` of this tuple is copied through the runtime's generic tuple
    ///   witnesses, which the open-url profile showed on every link.)
    @inlinable
    func _mappingFound(for url: URL) throws(URLNotHandledReason) -> (mapping: Int, match: MatchedURL) {
        do throws(InputError) {
            try policy.check(url: url.absoluteString)
        } catch {
            throw .rejectedInput(error)
        }
        guard let urlMatchers else { throw .noURLsRegistered }
        return try urlMatchers._lookup.find(url)
    }
}

/// What a released held link whose mapping is `async` is given: resolve it, then navigate
/// (as ``Router/openURL(_:)`` does for such a link).
@usableFromInline
struct _AwaitedURLMapping: Sendable {
    @usableFromInline init() {}
}
