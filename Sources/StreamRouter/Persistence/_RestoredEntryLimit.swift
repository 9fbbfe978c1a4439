import Foundation

/// The most entries a saved state may hold (``InputPolicy/maximumHistoryEntries``), handed
/// to the decoder of a restore so that ``RouterState``, ``Presentation`` and
/// ``NavigationHistory`` count their arrays *before* decoding them: a saved state with a
/// million routes is refused without decoding one (with a raised
/// ``InputPolicy/maximumStateBytes``, decoding them first took seconds and hundreds of
/// megabytes).
///
/// The count is the decoder's: `JSONDecoder` has parsed the whole document by then (a
/// cost bounded by ``InputPolicy/maximumStateBytes``, and far below decoding the routes),
/// and tells an array's length without decoding its elements.
///
/// Only a restore sets it (`_StatePersistence`); decoding these types anywhere else counts
/// nothing.
enum _RestoredEntryLimit {
    /// The decoder's `userInfo` key; its value is the limit, an `Int` of at least 1.
    static let key = CodingUserInfoKey(rawValue: "StreamRouter.maximumRestoredEntries")!

    /// The limit set for this decoding, if any.
    static func limit(in decoder: any Decoder) -> Int? {
        decoder.userInfo[key] as? Int
    }

    /// The number of elements of the array at `key`, read from the decoder without decoding
    /// them; `nil` when there is no array there (the decoding proper reports it) or the
    /// decoder cannot tell.
    static func count<Key: CodingKey>(of container: KeyedDecodingContainer<Key>, at key: Key) -> Int? {
        guard container.contains(key), let elements = try? container.nestedUnkeyedContainer(forKey: key) else {
            return nil
        }
        return elements.count
    }

    /// Throws ``PersistenceError/tooManyEntries(count:limit:)`` when `count` is over `limit`.
    static func check(_ count: Int?, limit: Int) throws(PersistenceError) {
        if let count, count > limit {
            throw .tooManyEntries(count: count, limit: limit)
        }
    }
}
