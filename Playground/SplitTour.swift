import StreamRouter

/// A split view's columns: a sidebar selection, a content column and a detail stack,
/// collapsed into one stack and expanded again.
struct SplitTour {
    enum MailboxRoute: RouteProvider {
        case inbox
        case archive
        case thread(Int)
        case message(id: Int)
    }

    func run() async {
        let mail = SplitRouter<MailboxRoute>(columns: .triple)
        func show(_ call: String) {
            print("  \(call)\n      \(mail.state)   stack \(mail.stack)")
        }
        try? await mail.select(.inbox)
        try? await mail.navigate(to: .thread(3))
        try? await mail.navigate(to: .message(id: 7))
        show("select(.inbox), navigate(to: .thread(3)), navigate(to: .message(id: 7))")
        mail.isCollapsed = true
        try? await mail.navigateBack()
        try? await mail.navigateBack()
        show("isCollapsed = true (layout only), navigateBack() twice")
        mail.isCollapsed = false
        try? await mail.navigate(to: .thread(4))
        show("isCollapsed = false, navigate(to: .thread(4))  (the content column again)")
        try? await mail.select(.archive)
        show("select(.archive)  (clears the columns after it)")
    }
}
