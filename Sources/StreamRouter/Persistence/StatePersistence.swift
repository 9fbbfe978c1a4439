import AsyncObservables
import Foundation

/// What happened while restoring or saving navigation state.
public enum PersistenceEvent: Sendable, Equatable, CustomStringConvertible {
    /// Saved state was found and restored.
    case restored
    /// The store held nothing: the default state was used.
    case nothingSaved
    /// The saved state could not be used; the default state was used instead and the store
    /// was left untouched until the next change.
    case restoreFailed(PersistenceError)
    /// Saving after a change failed (the change itself stands).
    case saveFailed(PersistenceError)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .restored: "restored saved state"
        case .nothingSaved: "no saved state: started from the default"
        case .restoreFailed(let error): "could not restore saved state (\(error)): started from the default"
        case .saveFailed(let error): "could not save state: \(error)"
        }
    }
}

/// Why saved navigation state could not be read or written.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store itself failed (file system, permissions, ...).
    case store(String)
    /// The bytes are not a saved state (empty, truncated, not JSON, wrong shape).
    case unreadable(String)
    /// The state was saved by another version of the format.
    case incompatibleVersion(found: Int, expected: Int)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .store(let reason): "store error: \(reason)"
        case .unreadable(let reason): "unreadable data: \(reason)"
        case .incompatibleVersion(let found, let expected): "saved with format version \(found), expected \(expected)"
        }
    }
}

/// The saved form of a state: the format version, then the state.
struct PersistedState<State: Codable>: Codable {
    var version: Int
    var state: State
}

/// Restores a state from a store at launch and saves it after each change: the shared
/// engine of the navigator's and the router's persistence.
final class StatePersistence<State: Codable & Sendable>: Sendable {
    /// The version written by this build; anything else is reported as incompatible.
    let version: Int
    private let store: any NavigationStateStore
    /// Serialises saves; counts the successful ones.
    private let saves = Locked(0)
    /// The restore outcome (the state), then each save failure (the events).
    private let outcomes = ObservableState<PersistenceEvent, PersistenceEvent>(.nothingSaved)

    private let validate: @Sendable (State) throws -> Void

    /// - Parameter validate: Checks a decoded state before it is used; what it throws is
    ///   reported as unreadable data.
    init(store: any NavigationStateStore, version: Int, validate: @escaping @Sendable (State) throws -> Void = { _ in })
    {
        self.store = store
        self.version = version
        self.validate = validate
    }

    /// How the last restore went.
    var restoration: PersistenceEvent {
        outcomes.state
    }

    /// The restore outcome first, then each save failure; a finished stream when there is
    /// no persistence.
    static func events(
        of persistence: StatePersistence?,
        bufferingPolicy: BufferingPolicy
    ) -> SubjectStream<PersistenceEvent> {
        guard let persistence else {
            return SubjectStream(bufferingPolicy: bufferingPolicy) { _ in nil }
        }
        return persistence.outcomes.subscribe(bufferingPolicy: bufferingPolicy, initial: { [$0] }, transform: { $0 })
    }

    /// Reads the saved state, and records how that went. Never throws and never writes.
    func restore() -> State? {
        let (state, event) = read()
        outcomes.update { restoration, _ in restoration = event }
        return state
    }

    private func read() -> (state: State?, event: PersistenceEvent) {
        let data: Data?
        do {
            data = try store.load()
        } catch {
            return (nil, .restoreFailed(.store("\(error)")))
        }
        guard let data else { return (nil, .nothingSaved) }
        let decoder = JSONDecoder()
        do {
            let header = try decoder.decode(VersionHeader.self, from: data)
            guard header.version == version else {
                return (nil, .restoreFailed(.incompatibleVersion(found: header.version, expected: version)))
            }
            let state = try decoder.decode(PersistedState<State>.self, from: data).state
            try validate(state)
            return (state, .restored)
        } catch {
            return (nil, .restoreFailed(.unreadable(Self.describe(error))))
        }
    }

    /// Saves the state `current()` returns at the moment of saving. Saves are serialised,
    /// so the last save always writes the latest state.
    func save(_ current: () -> State) {
        let failure: PersistenceError? = saves.withLock { count in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                let data = try encoder.encode(PersistedState(version: version, state: current()))
                try store.save(data)
                count += 1
                return nil
            } catch {
                return .store("\(error)")
            }
        }
        if let failure {
            outcomes.update { _, publish in publish(.saveFailed(failure)) }
        }
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: context.debugDescription
        case .keyNotFound(let key, _)?: "missing key '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: context.debugDescription
        default: "\(error)"
        }
    }
}
