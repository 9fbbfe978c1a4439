// Helpers shared by every fuzz target: input splitting, a deterministic generator seeded
// from the input, reference implementations and the invariant check. Compiled into each
// target by scripts/fuzz.sh; never part of the library.

/// Stops the run with a message libFuzzer keeps next to the crashing input. Only the fuzz
/// harness may stop the process: the library itself never does on input.
func require(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() {
        fatalError("fuzz invariant violated: \(message())", file: file, line: line)
    }
}

/// The fuzz input as bytes.
func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// UTF-8 text from bytes (invalid sequences become U+FFFD, as any decoding of untrusted
/// bytes into a `String` would).
func text(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// The bytes before and after the first NUL (`nil` when there is none).
func splitAtNUL(_ bytes: [UInt8]) -> (head: ArraySlice<UInt8>, tail: ArraySlice<UInt8>?) {
    guard let nul = bytes.firstIndex(of: 0) else { return (bytes[...], nil) }
    return (bytes[..<nul], bytes[(nul + 1)...])
}

/// The segments of `path` split on the byte `/`, empty ones dropped (the library's notion
/// of a segment: only the byte 0x2F separates, never a grapheme cluster holding it).
func byteSegments(_ path: String) -> [[UInt8]] {
    path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
}

/// Reference resolution: a stack of segments, `.` skipped, `..` pops (never above the root).
func referenceResolve(_ path: String, against base: String) -> String {
    var stack: [[UInt8]] = path.utf8.first == UInt8(ascii: "/") ? [] : byteSegments(base)
    for segment in byteSegments(path) {
        if segment == [UInt8(ascii: ".")] { continue }
        if segment == [UInt8(ascii: "."), UInt8(ascii: ".")] {
            _ = stack.popLast()
            continue
        }
        stack.append(segment)
    }
    return "/" + stack.map { text($0) }.joined(separator: "/")
}

/// Reference normalisation: resolution against the root.
func referenceNormalize(_ path: String) -> String {
    referenceResolve(path, against: "/")
}

/// Whether `path` is absolute and normalised by the reference.
func referenceIsNormalized(_ path: String) -> Bool {
    Array(referenceNormalize(path).utf8) == Array(path.utf8)
}

/// Whether `prefix` is `path` or a segment-wise ancestor of it (both normalised).
func isSegmentPrefix(_ prefix: String, of path: String) -> Bool {
    let p = Array(prefix.utf8)
    let q = Array(path.utf8)
    if p == [UInt8(ascii: "/")] || p == q { return true }
    return q.count > p.count && q.starts(with: p) && q[p.count] == UInt8(ascii: "/")
}

/// Printable form of a string for invariant messages (escapes everything non-printable).
func show(_ string: String) -> String {
    string.debugDescription
}
