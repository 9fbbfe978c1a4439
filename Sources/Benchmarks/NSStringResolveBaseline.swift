import Foundation

/// The baseline for path resolution, written for the benchmarks and never shipped: the
/// seed's `NSString(string: base + "/" + path).standardizingPath`.
///
/// > Note: `standardizingPath` is a file-system API (it expands `~` and resolves symbolic
/// > links, asking the file system): one reason the library does not use it.
enum NSStringResolveBaseline {
    /// Resolves a relative `path` against the absolute `base`.
    static func resolve(_ path: String, against base: String) -> String {
        NSString(string: base + "/" + path).standardizingPath
    }
}
