/// `Codable`, so that a ``NavigationJournal`` can save why a navigation did not happen.
///
/// The case and its payload are saved; an `any Error` reason is saved as its description
/// (`String(describing:)`) and decodes as an error with that description, so a decoded
/// error equals the original (``NavigationError`` compares reasons by description).
extension NavigationError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, name, reason, identifier, chain, deadline
    }

    private enum Kind: String, Codable {
        case cancelledByGuard, transitionCancelled, missingTransitionHandler, redirectLoop, taskCancelled
        case deadlineExceeded, reentrantNavigation, superseded, loadFailed
    }

    /// Decodes the case and its payload; a reason decodes as an error with the saved
    /// description.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .cancelledByGuard:
            self = .cancelledByGuard(
                name: try container.decode(String.self, forKey: .name),
                reason: RecordedErrorReason(description: try container.decode(String.self, forKey: .reason)))
        case .transitionCancelled:
            self = .transitionCancelled(
                identifier: try container.decode(String.self, forKey: .identifier),
                reason: RecordedErrorReason(description: try container.decode(String.self, forKey: .reason)))
        case .missingTransitionHandler:
            self = .missingTransitionHandler(identifier: try container.decode(String.self, forKey: .identifier))
        case .redirectLoop:
            self = .redirectLoop(chain: try container.decode([String].self, forKey: .chain))
        case .taskCancelled:
            self = .taskCancelled
        case .deadlineExceeded:
            self = .deadlineExceeded(
                name: try container.decode(String.self, forKey: .name),
                deadline: try container.decode(Duration.self, forKey: .deadline))
        case .reentrantNavigation:
            self = .reentrantNavigation
        case .superseded:
            self = .superseded
        case .loadFailed:
            self = .loadFailed(
                name: try container.decode(String.self, forKey: .name),
                reason: RecordedErrorReason(description: try container.decode(String.self, forKey: .reason)))
        }
    }

    /// Encodes the case and its payload, a reason as its description.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .cancelledByGuard(let name, let reason):
            try container.encode(Kind.cancelledByGuard, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(String(describing: reason), forKey: .reason)
        case .transitionCancelled(let identifier, let reason):
            try container.encode(Kind.transitionCancelled, forKey: .kind)
            try container.encode(identifier, forKey: .identifier)
            try container.encode(String(describing: reason), forKey: .reason)
        case .missingTransitionHandler(let identifier):
            try container.encode(Kind.missingTransitionHandler, forKey: .kind)
            try container.encode(identifier, forKey: .identifier)
        case .redirectLoop(let chain):
            try container.encode(Kind.redirectLoop, forKey: .kind)
            try container.encode(chain, forKey: .chain)
        case .taskCancelled:
            try container.encode(Kind.taskCancelled, forKey: .kind)
        case .deadlineExceeded(let name, let deadline):
            try container.encode(Kind.deadlineExceeded, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(deadline, forKey: .deadline)
        case .reentrantNavigation:
            try container.encode(Kind.reentrantNavigation, forKey: .kind)
        case .superseded:
            try container.encode(Kind.superseded, forKey: .kind)
        case .loadFailed(let name, let reason):
            try container.encode(Kind.loadFailed, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(String(describing: reason), forKey: .reason)
        }
    }
}

/// The reason of a decoded ``NavigationError``: the original error's description.
struct RecordedErrorReason: Error, CustomStringConvertible {
    let description: String
}
