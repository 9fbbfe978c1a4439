/// Checks of the library's own invariants (the navigation tree, the navigation queue, the
/// route trie, the link hold), in the style of swift-collections' internal checks.
///
/// The functions that find violations are always compiled (tests call them); the calls
/// that trap on a violation, on the library's own paths, are compiled in only when the
/// package is built with `STREAMROUTER_INTERNAL_CHECKS` set in the environment, as CI runs
/// the test suite once:
///
/// ```sh
/// STREAMROUTER_INTERNAL_CHECKS=1 swift test --scratch-path .build/checks
/// ```
///
/// An app's build never has them: a violation is a bug in the library, never bad input.
@usableFromInline
enum _InternalChecks {
    /// Whether the checks are compiled in.
    @inlinable static var isEnabled: Bool {
        #if STREAMROUTER_INTERNAL_CHECKS
            true
        #else
            false
        #endif
    }

    /// Traps with the violations `violations` finds, when the checks are compiled in; does
    /// nothing (and evaluates nothing) otherwise.
    /// - Parameters:
    ///   - violations: What is wrong, one line each; empty when all holds.
    ///   - structure: What was checked, for the message.
    @inlinable
    static func check(_ violations: @autoclosure () -> [String], in structure: StaticString) {
        #if STREAMROUTER_INTERNAL_CHECKS
            let found = violations()
            if !found.isEmpty {
                preconditionFailure("\(structure): \(found.joined(separator: "; "))")
            }
        #endif
    }
}
