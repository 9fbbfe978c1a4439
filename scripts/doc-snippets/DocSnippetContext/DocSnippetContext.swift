// The names DocC articles use without declaring them, for scripts/check-doc-snippets.sh: each
// article's snippets compile as if this module were imported (an article's own declarations
// shadow these). Keep it to what a reader would assume from the surrounding prose.
//
// Types are declared at file scope. Values with state (`navigator`, `router`) are members of
// `SnippetContext`: every block function is a method of it, and the runner calls each on a new
// one, so a block never sees what an earlier block did to them.
import StreamRouter

/// The route enum of "Typed Routes and Deep Links", which other articles refer to.
public enum AppRoute: RouteProvider {
    case home, login, settings, allProducts, logout, colorPicker
    case products(category: String)
    case profile(id: Int)

    public static func registerURLs() -> URLMatcherGroup<AppRoute>? {
        .group("store.example.com") {
            $0.map("products") { .allProducts }
            $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
            $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
            $0.map("user/*/logout") { .logout }
        }
    }
}

/// The value a picker screen returns ("Results from a screen"), as SwiftUI's `Color` would.
public enum Color: Sendable {
    case red, green, blue
}

/// "Getting Started"'s view model, which "Testing Streams" tests.
public final class TitleModel: Sendable {
    public let title = CurrentValueSubject<String>("Home")

    public init() {}

    public func run(on navigator: Navigator) async throws {
        let article = try PathPattern("/news/:id")
        for await path in navigator.paths {
            title.send(article.match(path).map { "Article \($0.parameters["id"] ?? "")" } ?? "Home")
        }
    }
}

/// An app's service that loads a user's profile ("Route Patterns").
public struct ProfileLoader: Sendable {
    /// Loads the profile of the user `id`.
    public func load(id: String) async {}
}

/// The values a block uses without declaring them, new for each block.
public struct SnippetContext: Sendable {
    /// An app's navigator.
    public let navigator = Navigator()

    /// An app's router.
    public let router = Router<AppRoute>()

    /// A deep link the app was asked to open.
    public let url = URL(string: "https://store.example.com/products")!

    /// The app's profile service.
    public let profiles = ProfileLoader()

    public init() {}

    /// Reads the state an app saved (its own storage).
    public func loadSavedState() -> RouterState<AppRoute>? { nil }

    /// Saves a router's state (the app's own storage).
    public func save(_ state: RouterState<AppRoute>) {}
}
