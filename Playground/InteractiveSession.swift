import Foundation
import StreamRouter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A prompt that drives a navigator from the terminal: `go PATH`, `back [N]`,
/// `forward [N]`, `clear`, `routes`, `tour`, `help`, `quit` (or end of input).
///
/// Each published action is printed by the consumer task of an ``ActionPrinter``; the
/// session waits for it, then prints the state and the matching route patterns.
@MainActor
struct InteractiveSession {
    private let navigator = Navigator(initialPath: "/")
    private let report = RouteReport()
    private let app = TabRouter<AppTab, StoreRoute>(tabs: AppTab.allCases, selected: .shop) { $0.tab }

    /// Reads and runs commands until `quit` or end of input.
    func run() async {
        let printer = ActionPrinter(navigator: navigator)
        print("StreamRouter playground: type 'tour' for the scripted tour, 'help' for commands.")
        report.show(navigator)
        while let line = prompt() {
            do {
                guard let command = try Command(parsing: line) else { continue }
                if command == .quit { break }
                await execute(command, printer)
            } catch {
                print("error: \(error.message)")
            }
        }
        await printer.stop()
    }

    private func prompt() -> String? {
        print("> ", terminator: "")
        fflush(nil)  // flush every stream: stdout is not concurrency-safe to name
        guard let line = readLine() else {
            print()  // end of input: leave the terminal on a fresh line
            return nil
        }
        return line
    }

    private func execute(_ command: Command, _ printer: ActionPrinter) async {
        switch command {
        case .go(let path):
            let target = navigator.resolve(path)
            await step(printer, unchanged: "already at \(target)") { navigator.navigate(path) }
        case .back(let steps):
            await step(printer, unchanged: "nothing to go back to") { navigator.goBack(total: steps) }
        case .forward(let steps):
            await step(printer, unchanged: "nothing to go forward to") { navigator.goForward(total: steps) }
        case .clear:
            await step(printer, unchanged: "history cleared, path kept") {
                navigator.clear()
                return nil
            }
        case .tab(let tab):
            await typed("tab \(tab.rawValue)") { try await app.select(tab) }
        case .push(let route):
            await typed("push \(route)") { try await app.navigate(to: route) }
        case .pop:
            await typed("pop") {
                if app.selectedRouter.modal != nil {
                    try await app.selectedRouter.dismiss()
                } else {
                    try await app.selectedRouter.navigateBack()
                }
            }
        case .open(let text):
            guard let url = URL(string: text) else {
                print("error: '\(text)' is not a URL")
                return
            }
            let handled = await app.openURL(url)
            print("  handled: \(handled)")
            showApp()
        case .routes:
            report.showRoutes()
        case .tour:
            await ScriptedTour().run()
        case .help:
            print(Command.usage)
        case .quit:
            break
        }
    }

    /// Runs a typed-router command, then shows the store app.
    private func typed(_ name: String, _ navigation: () async throws -> Void) async {
        do {
            try await navigation()
        } catch {
            print("  \(name) failed: \(error)")
        }
        showApp()
    }

    private func showApp() {
        let stacks = AppTab.allCases.map { "\($0): \(app.router(for: $0).state)" }.joined(separator: ", ")
        print("  store app: selected \(app.selectedTab); \(stacks); path \(app.path)")
    }

    private func step(_ printer: ActionPrinter, unchanged: String, _ mutation: () -> NavigationAction?) async {
        if await printer.perform(mutation) == nil {
            print("  (no action published: \(unchanged))")
        }
        report.show(navigator)
    }
}
