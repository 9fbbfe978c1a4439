/// A mapping's path as association files see it: Unicode scalars, and holes of one or more
/// scalars within a segment (a parameter, the parameter of a partial segment, or `*`).
/// Compared here with the glob patterns of an `apple-app-site-association` component, whose
/// `*` matches any run of scalars (`/` included) and `?` any one scalar.
///
/// Scalars, never grapheme clusters: a `*`, `/` or `.` followed by a combining mark
/// (`"*\u{301}"`) is still a wildcard, a separator or a dot, as the system's matching and
/// Android's read it, and as the library reads patterns (by bytes).
struct AssociationPath: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        /// One or more scalars other than `/`: a parameter's or a `*`'s segment, or a
        /// partial segment's parameter.
        case segment
    }

    let tokens: [Token]

    /// A path of these tokens (`/` first, for a real one).
    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// The path of a pattern's segments (or of the last of them): `/` and the segments
    /// joined by `/`; `/` for none.
    init(segments: ArraySlice<PatternSegment>) {
        var tokens: [Token] = []
        for segment in segments {
            tokens.append(.scalar("/"))
            switch segment {
            case .literal(let text): tokens += text.unicodeScalars.map(Token.scalar)
            // (A URL pattern has no optional or trailing `*` segments.)
            case .capture, .skip, .optionalCapture, .rest, .restCapture: tokens.append(.segment)
            case .partialCapture(let prefix, _, let suffix):
                tokens += prefix.unicodeScalars.map(Token.scalar)
                tokens.append(.segment)
                tokens += suffix.unicodeScalars.map(Token.scalar)
            }
        }
        self.tokens = tokens.isEmpty ? [.scalar("/")] : tokens
    }

    /// The component's path pattern: the scalars as they are, `*` for each hole.
    var componentPattern: String {
        var pattern = String.UnicodeScalarView()
        for token in tokens {
            if case .scalar(let scalar) = token { pattern.append(scalar) } else { pattern.append("*") }
        }
        return String(pattern)
    }

    /// For each hole, the component pattern with that hole spanning several segments
    /// (`*/*`): the paths its `*` would claim that the mapping does not take.
    var spanningHoles: [String] {
        tokens.indices.filter { tokens[$0] == .segment }.map { hole in
            Self.pattern(of: tokens) { $0 == hole ? "*/*" : "*" }
        }
    }

    /// Concrete paths made from the mapping: each hole one segment (`x`), then each hole in
    /// turn two (`x/y`), then one segment deeper (`/z`).
    var samples: [String] {
        let holes = tokens.indices.filter { tokens[$0] == .segment }
        let plain = Self.pattern(of: tokens) { _ in "x" }
        return [plain, plain + "/z"] + holes.map { hole in Self.pattern(of: tokens) { $0 == hole ? "x/y" : "x" } }
    }

    /// Concrete paths made from a component's glob: each `*` one segment, then each two,
    /// each `?` one character.
    static func samples(ofGlob glob: String) -> [String] {
        ["x", "x/y"].map { filling in
            String(glob.unicodeScalars.map { $0 == "*" ? filling : $0 == "?" ? "q" : String($0) }.joined())
        }
    }

    /// The text of `tokens`, each hole (by index) written as `hole` says.
    private static func pattern(of tokens: [Token], hole: (Int) -> String) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            switch token {
            case .scalar(let scalar): text.unicodeScalars.append(scalar)
            case .segment: text += hole(index)
            }
        }
        return text
    }

    /// Whether the component glob (`*` any run of scalars, `/` included; `?` one scalar)
    /// matches the whole of `path`: one pass with backtracking to the last `*`, no recursion.
    static func glob(_ glob: [Unicode.Scalar], matches path: String) -> Bool {
        self.glob(glob, matches: Array(path.unicodeScalars))
    }

    /// Whether the component glob matches the whole of the scalars `text` (see
    /// ``glob(_:matches:)-(_,String)``).
    static func glob(_ glob: [Unicode.Scalar], matches text: [Unicode.Scalar]) -> Bool {
        var unlimited = Int.max
        return self.glob(glob, matches: text, steps: &unlimited) == true
    }

    /// Whether the component glob matches the whole of the scalars `text`, taking at most
    /// `steps` steps (each step taken is subtracted); `nil` when they run out first. A glob
    /// and a text of lengths `g` and `t` take at most `g × t` steps (a `*` is retried at
    /// each offset).
    static func glob(_ glob: [Unicode.Scalar], matches text: [Unicode.Scalar], steps: inout Int) -> Bool? {
        var (g, t) = (0, 0)
        var star: (glob: Int, text: Int)?
        while t < text.count {
            steps -= 1
            if steps < 0 { return nil }
            // A `*` of the glob is a wildcard even where the text holds a `*` too.
            if g < glob.count, glob[g] == "*" {
                star = (g, t)
                g += 1
            } else if g < glob.count, glob[g] == "?" || glob[g] == text[t] {
                g += 1
                t += 1
            } else if let last = star {
                star = (last.glob, last.text + 1)
                (g, t) = (last.glob + 1, last.text + 1)
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "*" {
            g += 1
        }
        return g == glob.count
    }

    /// The first literal scalar that a component pattern would read as a wildcard.
    var wildcardCharacter: Character? {
        for case .scalar(let scalar) in tokens where scalar == "*" || scalar == "?" {
            return Character(scalar)
        }
        return nil
    }

    /// Whether the glob `pattern` matches every path this one stands for (sound: a `true`
    /// is certain; a hole counts as covered only by a `*`).
    ///
    /// A dynamic programme over the glob and the tokens, kept to two rows: `O(glob × tokens)`
    /// time, `O(tokens)` memory and a constant stack, whatever the glob (a served file is
    /// input the app does not control).
    func isCovered(byGlob pattern: String) -> Bool {
        isCovered(byGlob: Array(pattern.unicodeScalars))
    }

    /// Whether the glob, given as scalars, matches every path this one stands for.
    func isCovered(byGlob glob: [Unicode.Scalar]) -> Bool {
        let count = tokens.count
        // `next[p]`: whether `glob[(g + 1)...]` covers `tokens[p...]`; `row[p]`: the same
        // for `glob[g...]`. Below the glob's end, only the empty rest of the tokens.
        var next = [Bool](repeating: false, count: count + 1)
        next[count] = true
        var row = next
        for g in stride(from: glob.count - 1, through: 0, by: -1) {
            let wildcard = glob[g]
            if wildcard == "*" {
                // The run ends here, or takes the next token (a scalar or a whole hole).
                row[count] = next[count]
                for p in stride(from: count - 1, through: 0, by: -1) {
                    row[p] = next[p] || row[p + 1]
                }
            } else {
                row[count] = false
                for p in 0..<count {
                    if case .scalar(let scalar) = tokens[p] {
                        row[p] = (wildcard == "?" || wildcard == scalar) && next[p + 1]
                    } else {
                        row[p] = false
                    }
                }
            }
            swap(&row, &next)
        }
        return next[0]
    }

    /// Whether the glob `pattern` matches at least one path this one stands for.
    ///
    /// A dynamic programme in two rows, as ``isCovered(byGlob:)``.
    func intersects(glob pattern: String) -> Bool {
        intersects(glob: Array(pattern.unicodeScalars))
    }

    /// Whether the glob, given as scalars, matches at least one path this one stands for.
    func intersects(glob: [Unicode.Scalar]) -> Bool {
        // A hole is one scalar other than `/` (`first`), then any run of them (`rest`).
        enum Piece {
            case scalar(Unicode.Scalar)
            case first, rest
        }
        var pieces: [Piece] = []
        for token in tokens {
            switch token {
            case .scalar(let scalar): pieces.append(.scalar(scalar))
            case .segment: pieces += [.first, .rest]
            }
        }
        let count = pieces.count
        // `meets(g, p)`: whether `glob[g...]` and `pieces[p...]` match a common text. It
        // reads `meets(g + 1, p)`, `meets(g, p + 1)` and `meets(g + 1, p + 1)`: rows from the
        // glob's end, each from the pieces' end. `next` is row `g + 1`, `row` row `g`.
        var next = [Bool](repeating: false, count: count + 1)
        var row = next
        for g in stride(from: glob.count, through: 0, by: -1) {
            let character: Unicode.Scalar? = g < glob.count ? glob[g] : nil
            for p in stride(from: count, through: 0, by: -1) {
                let answer: Bool
                if character == nil && p == count {
                    answer = true
                } else if character == "*" {
                    // The glob's run ends here, or takes the next piece's scalar.
                    answer = next[p] || (p < count && row[p + 1])
                } else if p < count, case .rest = pieces[p] {
                    // The hole's run ends here, or takes the glob's next scalar.
                    answer = row[p + 1] || (character != nil && character != "/" && next[p])
                } else if let character, p < count {
                    let fits =
                        switch pieces[p] {
                        case .scalar(let expected): character == "?" || character == expected
                        case .first: character != "/"
                        case .rest: false
                        }
                    answer = fits && next[p + 1]
                } else {
                    answer = false
                }
                row[p] = answer
            }
            swap(&row, &next)
        }
        return next[0]
    }
}
