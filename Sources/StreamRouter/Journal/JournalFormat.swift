/// The JSON format both journals share (``NavigationJournal`` and ``TabNavigationJournal``):
/// the format version, the capacity, the start state, the step count and the entries, oldest
/// first; and the consistency a decoded journal must have.
enum JournalFormat {
    /// The version of the JSON format.
    static var version: Int { 1 }

    private enum CodingKeys: String, CodingKey {
        case version, capacity, startState, stepCount, entries
    }

    /// Decodes a journal's fields, checking it is consistent: a known format version, a
    /// capacity of at least 1, no more entries than it, and steps that increase and stay below
    /// the step count; and `isValid` for each entry.
    /// - Parameters:
    ///   - name: What the journal is, for the error (`"navigation journal"`).
    ///   - step: An entry's step.
    ///   - isValid: What else an entry must be.
    /// - Throws: `DecodingError.dataCorrupted` for a journal that is not consistent.
    static func decode<Start: Decodable, Entry: Decodable>(
        from decoder: any Decoder,
        name: String,
        step: (Entry) -> Int,
        isValid: (Entry) -> Bool = { _ in true }
    ) throws -> (capacity: Int, startState: Start, stepCount: Int, entries: [Entry]) {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        let capacity = try container.decode(Int.self, forKey: .capacity)
        let entries = try container.decode([Entry].self, forKey: .entries)
        let stepCount = try container.decode(Int.self, forKey: .stepCount)
        let steps = entries.map(step)
        let consistent =
            version == Self.version && capacity >= 1 && entries.count <= capacity
            && stepCount >= entries.count && zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 }
            && (steps.first ?? 0) >= 0 && (steps.last ?? -1) < stepCount && entries.allSatisfy(isValid)
        guard consistent else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an inconsistent \(name)"))
        }
        return (capacity, try container.decode(Start.self, forKey: .startState), stepCount, entries)
    }

    /// Encodes a journal's fields: the format version, the capacity, the start state, the step
    /// count and the entries, oldest first.
    static func encode<Start: Encodable, Entry: Encodable>(
        to encoder: any Encoder,
        capacity: Int,
        startState: Start,
        stepCount: Int,
        entries: [Entry]
    ) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(capacity, forKey: .capacity)
        try container.encode(startState, forKey: .startState)
        try container.encode(stepCount, forKey: .stepCount)
        try container.encode(entries, forKey: .entries)
    }
}
