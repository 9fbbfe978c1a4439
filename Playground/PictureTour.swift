import Foundation
import StreamRouter

/// The pictures of the Playground's routes and journeys, as DOT text (`graphviz()`): the
/// route table of ``RouteReport/globs`` (with its conflict), the store's deep links, the
/// journal ``JournalTour`` records, and a tab app's journey. `scripts/render-pictures.sh`
/// renders them to the SVGs the README and the DocC articles show (`--pictures DIR`).
struct PictureTour {
    /// Each picture's file name (without extension) and DOT text, in a fixed order.
    static func pictures() async -> [(name: String, dot: String)] {
        var pictures: [(name: String, dot: String)] = []
        var entries: [RouteTable<String>.Entry] = []
        for glob in RouteReport.globs {
            if let pattern = try? PathPattern(glob) {
                entries.append(.init(pattern, glob == "/" ? "home" : glob == "/settings/*" ? "settings" : "news"))
            }
        }
        pictures.append(("route-map", RouteTable(entries).graphviz()))
        if let links = StoreRoute.registerURLs() {
            pictures.append(("deep-links", links.graphviz()))
        }
        if let journal = await JournalTour.recordJourney() {
            pictures.append(("journey", journal.graphviz()))
        }
        if let tabJourney = await tabJourney() {
            pictures.append(("tab-journey", tabJourney.graphviz()))
        }
        return pictures
    }

    /// A short session of the store's tab app, recorded.
    static func tabJourney() async -> TabNavigationJournal<AppTab, StoreRoute>? {
        let app = TabRouter<AppTab, StoreRoute>(tabs: AppTab.allCases, selected: .shop) { $0.tab }
        app.startRecording()
        try? await app.navigate(to: .home)
        try? await app.navigate(to: .products(category: "shoes"))
        if let url = URL(string: "https://store.example.com/user/7/profile") {
            _ = await app.openURL(url)  // selects the account tab
        }
        try? await app.select(.shop)
        try? await app.select(.shop)  // a re-tap pops the tab to its root
        return app.journal
    }

    /// Writes each picture's DOT text to `folder` as `<name>.dot`, and prints where.
    /// - Returns: Whether every file was written.
    @discardableResult
    static func write(to folder: URL) async -> Bool {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for picture in await pictures() {
                let file = folder.appendingPathComponent(picture.name + ".dot")
                try Data(picture.dot.utf8).write(to: file)
                print("  wrote \(file.path)")
            }
            return true
        } catch {
            print("error: writing the pictures to \(folder.path): \(error)")
            return false
        }
    }

    /// The tour's part: titles streamed while navigating, analytics names on events, then the
    /// pictures written to a temporary folder.
    func run() async {
        let router = Router<StoreRoute>()
        let titles = router.titles(bufferingPolicy: .unbounded)
        let events = router.events
        try? await router.navigate(to: .home)
        try? await router.navigate(to: .products(category: "shoes"))
        try? await router.navigate(to: .checkout)  // a sheet
        try? await router.dismiss()
        var shown: [[String]] = []
        for await value in titles {
            shown.append(value)
            if shown.count == 5 { break }
        }
        for value in shown {
            print("  titles: \(value)")
        }
        var names: [String] = []
        for await event in events {
            if case .completed = event { names.append(event.analyticsName ?? "-") }
            if names.count == 4 { break }
        }
        print("  analytics names of the completed navigations: \(names.joined(separator: ", "))")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("StreamRouterPictures-\(ProcessInfo.processInfo.processIdentifier)")
        print("  pictures (DOT; render with `dot -Tsvg FILE -o FILE.svg`, or scripts/render-pictures.sh):")
        await Self.write(to: folder)
    }
}
