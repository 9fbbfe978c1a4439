/// Reads the DOT text StreamRouter writes back into nodes, edges and clusters, unescaping
/// every quoted string as Graphviz shows it (`\"`, `\\`, `\n` as a line break, `&amp;`), so
/// tests check a picture's structure and labels, not only its bytes. Throws on any token the
/// DOT grammar does not allow where it is.
struct DOTReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Edge: Equatable {
        var from: String
        var to: String
        var attributes: [String: String]
    }

    private(set) var graphName = ""
    /// Each node's attributes, by id.
    private(set) var nodes: [String: [String: String]] = [:]
    /// Node ids in the order declared.
    private(set) var nodeOrder: [String] = []
    private(set) var edges: [Edge] = []
    /// Each cluster's label and node ids.
    private(set) var clusters: [(label: String, nodes: [String])] = []
    private(set) var graphAttributes: [String: String] = [:]

    private enum Token: Equatable {
        case identifier(String)
        case quoted(String)
        case symbol(String)
    }

    init(_ text: String) throws {
        var tokens = try Self.tokens(of: text)[...]
        func next() throws -> Token {
            guard let token = tokens.popFirst() else { throw Failure(description: "unexpected end") }
            return token
        }
        func expect(_ token: Token) throws {
            let found = try next()
            guard found == token else { throw Failure(description: "expected \(token), found \(found)") }
        }
        func attributes() throws -> [String: String] {
            var result: [String: String] = [:]
            guard tokens.first == .symbol("[") else { return result }
            _ = try next()
            while true {
                guard case .identifier(let key) = try next() else { throw Failure(description: "attribute name") }
                try expect(.symbol("="))
                guard case .quoted(let value) = try next() else { throw Failure(description: "unquoted value") }
                result[key] = value
                let separator = try next()
                if separator == .symbol("]") { break }
                guard separator == .symbol(",") else { throw Failure(description: "expected , or ]") }
            }
            return result
        }
        try expect(.identifier("digraph"))
        guard case .identifier(let name) = try next() else { throw Failure(description: "graph name") }
        graphName = name
        try expect(.symbol("{"))
        var cluster: Int?
        while let token = tokens.first {
            _ = try next()
            switch token {
            case .symbol("}") where cluster != nil:
                cluster = nil
                continue
            case .symbol("}"):
                guard tokens.isEmpty else { throw Failure(description: "text after the graph") }
                return
            case .identifier("subgraph"):
                guard case .identifier(let id) = try next(), id.hasPrefix("cluster_") else {
                    throw Failure(description: "cluster id")
                }
                try expect(.symbol("{"))
                try expect(.identifier("graph"))
                guard let label = try attributes()["label"] else { throw Failure(description: "cluster label") }
                try expect(.symbol(";"))
                clusters.append((label, []))
                cluster = clusters.count - 1
                continue
            case .identifier("graph"), .identifier("node"), .identifier("edge"):
                let list = try attributes()
                if token == .identifier("graph") { graphAttributes = list }
            case .identifier(let id):
                if tokens.first == .symbol("->") {
                    _ = try next()
                    guard case .identifier(let head) = try next() else { throw Failure(description: "edge head") }
                    edges.append(Edge(from: id, to: head, attributes: try attributes()))
                } else {
                    guard nodes[id] == nil else { throw Failure(description: "node \(id) declared twice") }
                    nodes[id] = try attributes()
                    nodeOrder.append(id)
                    if let cluster { clusters[cluster].nodes.append(id) }
                }
            default:
                throw Failure(description: "unexpected \(token)")
            }
            try expect(.symbol(";"))
        }
        throw Failure(description: "the graph is not closed")
    }

    /// The label of node `id`.
    func label(_ id: String) -> String? {
        nodes[id]?["label"]
    }

    /// The nodes whose label is `label`.
    func nodes(labelled label: String) -> [String] {
        nodeOrder.filter { nodes[$0]?["label"] == label }
    }

    private static func tokens(of text: String) throws -> [Token] {
        var tokens: [Token] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == " " || scalar == "\n" {
                scalars.removeFirst()
            } else if scalar == "\"" {
                scalars.removeFirst()
                var value = ""
                var closed = false
                while let character = scalars.popFirst() {
                    if character == "\"" {
                        closed = true
                        break
                    }
                    guard character != "\n", character != "\r" else {
                        throw Failure(description: "a raw line break in a quoted string")
                    }
                    if character == "\\" {
                        guard let escaped = scalars.popFirst() else { throw Failure(description: "a lone \\") }
                        switch escaped {
                        case "\"": value += "\""
                        case "\\": value += "\\"
                        case "n": value += "\n"
                        default: throw Failure(description: "an escape \\\(escaped) Graphviz would interpret")
                        }
                    } else if character == "&" {
                        guard scalars.starts(with: "amp;".unicodeScalars) else {
                            throw Failure(description: "an & that is not &amp;")
                        }
                        scalars.removeFirst(4)
                        value += "&"
                    } else {
                        value.unicodeScalars.append(character)
                    }
                }
                guard closed else { throw Failure(description: "an unclosed string") }
                tokens.append(.quoted(value))
            } else if scalar == "-" {
                scalars.removeFirst()
                guard scalars.popFirst() == ">" else { throw Failure(description: "a lone -") }
                tokens.append(.symbol("->"))
            } else if "{}[]=,;".unicodeScalars.contains(scalar) {
                scalars.removeFirst()
                tokens.append(.symbol(String(scalar)))
            } else if scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
                var identifier = ""
                while let next = scalars.first,
                    next.isASCII && (next.properties.isAlphabetic || next == "_" || ("0"..."9").contains(next))
                {
                    identifier.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                guard !identifier.isEmpty else { throw Failure(description: "a non-ASCII identifier") }
                tokens.append(.identifier(identifier))
            } else {
                throw Failure(description: "unexpected character \(scalar.escaped(asASCII: true))")
            }
        }
        return tokens
    }
}
