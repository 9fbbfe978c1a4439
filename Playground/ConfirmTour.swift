import StreamRouter
import Synchronization

/// Unsaved changes: a note written in a sheet; dismissing it while it is dirty waits for the
/// user's answer in the app's own dialog, which is the router's pending confirmation.
struct ConfirmTour {
    enum NotesRoute: RouteProvider {
        case notes, compose

        var transition: RouteTransition { self == .compose ? .sheet : .push }
    }

    func run() async {
        let router = Router<NotesRoute>(state: RouterState(stack: [.notes]))
        let dirty = Mutex(false)
        router.addLeaveCondition(for: .compose, prompt: "Discard this note?") { dirty.withLock { $0 } }
        try? await router.navigate(to: .compose)
        dirty.withLock { $0 = true }
        print("  compose sheet shown; the user types   needsConfirmationToLeave \(router.needsConfirmationToLeave)")
        for answer in ["Keep editing", "Discard"] {
            let dismissal = Task { try await router.dismiss() }
            guard let confirmation = await Self.pending(on: router) else { return }
            print("  dismiss() waits: the dialog asks \"\(confirmation.prompt)\"; the user taps \(answer)")
            if answer == "Discard" { confirmation.proceed() } else { confirmation.cancel() }
            let outcome: String
            do {
                try await dismissal.value
                outcome = "dismissed"
            } catch {
                outcome = "\(error)"
            }
            print("      -> \(outcome); modal \(router.modal.map { ".\($0)" } ?? "none")")
        }
    }

    /// The confirmation the router publishes next (`nil` only if the router went away).
    static func pending(on router: Router<NotesRoute>) async -> PendingConfirmation<NotesRoute>? {
        for await confirmation in router.pendingConfirmations() where confirmation != nil {
            return confirmation
        }
        return nil
    }
}
