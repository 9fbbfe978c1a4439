/// One command of the interactive session, parsed from a line of input.
enum Command: Equatable {
    /// `go PATH`: navigate to an absolute or relative path.
    case go(String)
    /// `back [N]`: go back N steps (1 or more).
    case back(Int)
    /// `forward [N]`: go forward N steps (1 or more).
    case forward(Int)
    /// `clear`: drop the back and forward history.
    case clear
    /// `help` (or `?`): list the commands.
    case help
    /// `quit` (or `exit`): leave the session.
    case quit

    /// The help text listing every command.
    static let usage = """
        Commands:
          go PATH       navigate to PATH (absolute, or relative: news, .., ../other)
          back [N]      go back N steps (default 1)
          forward [N]   go forward N steps (default 1)
          clear         drop the back and forward history, keep the path
          help          show this help
          quit          leave (end of input works too)
        """

    /// Parses a line; returns `nil` for a blank line.
    /// - Throws: ``CommandError`` with a message for the user.
    init?(parsing line: String) throws(CommandError) {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let verb = words.first?.lowercased() else { return nil }
        let arguments = words.dropFirst()
        switch verb {
        case "go":
            guard !arguments.isEmpty else { throw CommandError("usage: go PATH") }
            self = .go(arguments.joined(separator: " "))
        case "back":
            self = .back(try Self.steps(arguments, usage: "back [N]"))
        case "forward":
            self = .forward(try Self.steps(arguments, usage: "forward [N]"))
        case "clear", "help", "quit", "exit", "?":
            guard arguments.isEmpty else { throw CommandError("'\(verb)' takes no arguments") }
            switch verb {
            case "clear": self = .clear
            case "quit", "exit": self = .quit
            default: self = .help
            }
        default:
            throw CommandError("unknown command '\(verb)'; type 'help' for the list of commands")
        }
    }

    private static func steps(_ arguments: ArraySlice<Substring>, usage: String) throws(CommandError) -> Int {
        guard let argument = arguments.first else { return 1 }
        guard arguments.count == 1, let steps = Int(argument), steps > 0 else {
            let given = arguments.joined(separator: " ")
            throw CommandError("'\(given)' is not a number of steps (1 or more); usage: \(usage)")
        }
        return steps
    }
}

/// Why a line is not a valid ``Command``; the message is shown to the user.
struct CommandError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
