/// A mapping's path as association files see it: characters, and holes of one or more
/// characters within a segment (a parameter, the parameter of a partial segment, or `*`). Compared here with the glob patterns of an
/// `apple-app-site-association` component, whose `*` matches any run of characters
/// (`/` included) and `?` any one character.
struct AssociationPath: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case character(Character)
        /// One or more characters other than `/`: a parameter's or a `*`'s segment, or a
        /// partial segment's parameter.
        case segment
    }

    let tokens: [Token]

    /// The path of a pattern's segments (or of the last of them): `/` and the segments
    /// joined by `/`; `/` for none.
    init(segments: ArraySlice<PatternSegment>) {
        var tokens: [Token] = []
        for segment in segments {
            tokens.append(.character("/"))
            switch segment {
            case .literal(let text): tokens += text.map(Token.character)
            // (A URL pattern has no optional or trailing `*` segments.)
            case .capture, .skip, .optionalCapture, .rest, .restCapture: tokens.append(.segment)
            case .partialCapture(let prefix, _, let suffix):
                tokens += prefix.map(Token.character)
                tokens.append(.segment)
                tokens += suffix.map(Token.character)
            }
        }
        self.tokens = tokens.isEmpty ? [.character("/")] : tokens
    }

    /// The component's path pattern: the characters as they are, `*` for each hole.
    var componentPattern: String {
        String(tokens.map { if case .character(let character) = $0 { character } else { "*" } })
    }

    /// The first literal character that a component pattern would read as a wildcard.
    var wildcardCharacter: Character? {
        for case .character(let character) in tokens where character == "*" || character == "?" {
            return character
        }
        return nil
    }

    /// Whether the glob `pattern` matches every path this one stands for (sound: a `true`
    /// is certain; a hole counts as covered only by a `*`).
    func isCovered(byGlob pattern: String) -> Bool {
        let glob = Array(pattern)
        var memo: [Int: Bool] = [:]
        func covers(_ g: Int, _ p: Int) -> Bool {
            let key = g * (tokens.count + 1) + p
            if let known = memo[key] { return known }
            let answer: Bool
            if g == glob.count {
                answer = p == tokens.count
            } else if glob[g] == "*" {
                answer = covers(g + 1, p) || (p < tokens.count && covers(g, p + 1))
            } else if p < tokens.count, case .character(let character) = tokens[p] {
                answer = (glob[g] == "?" || glob[g] == character) && covers(g + 1, p + 1)
            } else {
                answer = false
            }
            memo[key] = answer
            return answer
        }
        return covers(0, 0)
    }

    /// Whether the glob `pattern` matches at least one path this one stands for.
    func intersects(glob pattern: String) -> Bool {
        // A hole is one character other than `/` (`first`), then any run of them (`rest`).
        enum Piece {
            case character(Character)
            case first, rest
        }
        var pieces: [Piece] = []
        for token in tokens {
            switch token {
            case .character(let character): pieces.append(.character(character))
            case .segment: pieces += [.first, .rest]
            }
        }
        let glob = Array(pattern)
        var memo: [Int: Bool] = [:]
        func meets(_ g: Int, _ p: Int) -> Bool {
            let key = g * (pieces.count + 1) + p
            if let known = memo[key] { return known }
            var answer = false
            if g == glob.count && p == pieces.count {
                answer = true
            } else if g < glob.count, glob[g] == "*" {
                // The glob's run ends here, or takes the next piece's character.
                answer = meets(g + 1, p) || (p < pieces.count && meets(g, p + 1))
            } else if p < pieces.count, case .rest = pieces[p] {
                // The hole's run ends here, or takes the glob's next character.
                answer = meets(g, p + 1) || (g < glob.count && glob[g] != "/" && meets(g + 1, p))
            } else if g < glob.count, p < pieces.count {
                let fits =
                    switch pieces[p] {
                    case .character(let character): glob[g] == "?" || glob[g] == character
                    case .first: glob[g] != "/"
                    case .rest: false
                    }
                answer = fits && meets(g + 1, p + 1)
            }
            memo[key] = answer
            return answer
        }
        return meets(0, 0)
    }
}
