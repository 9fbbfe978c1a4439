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
    /// `tab NAME`: select a tab of the store app (again: pop it to its root).
    case tab(AppTab)
    /// `push ROUTE`: push a typed route on the selected tab.
    case push(StoreRoute)
    /// `pop`: pop the selected tab's top route (or dismiss its sheet).
    case pop
    /// `open URL`: open a deep link in the store app.
    case open(String)
    /// `routes`: list the route table, each entry with its index and conflicts.
    case routes
    /// `tour`: run the scripted tour (what the playground runs when stdin is not a terminal).
    case tour
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
          routes        list the route table with its conflicts
        The store app (typed routes in tabs):
          tab NAME      select a tab: shop, account (again: pop it to its root)
          push ROUTE    push on the selected tab: home, products [CATEGORY], profile ID,
                        login, picker, checkout (a sheet)
          pop           pop the selected tab's top route (or dismiss its sheet)
          open URL      open a deep link, e.g. https://store.example.com/user/3/profile
          tour          run the scripted tour of the whole library
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
        case "tab":
            guard arguments.count == 1, let tab = AppTab(rawValue: arguments[arguments.startIndex].lowercased()) else {
                throw CommandError("usage: tab shop|account")
            }
            self = .tab(tab)
        case "push":
            guard let route = StoreRoute(words: Array(arguments)) else {
                throw CommandError("usage: push home|products [CATEGORY]|profile ID|login|picker|checkout")
            }
            self = .push(route)
        case "pop":
            guard arguments.isEmpty else { throw CommandError("'pop' takes no arguments") }
            self = .pop
        case "open":
            guard arguments.count == 1 else { throw CommandError("usage: open URL") }
            self = .open(String(arguments[arguments.startIndex]))
        case "clear", "routes", "tour", "help", "quit", "exit", "?":
            guard arguments.isEmpty else { throw CommandError("'\(verb)' takes no arguments") }
            switch verb {
            case "clear": self = .clear
            case "routes": self = .routes
            case "tour": self = .tour
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
