/// The tabs of the store app in the tour and the interactive session.
enum AppTab: String, CaseIterable, Codable, Sendable {
    case shop, account
}

extension StoreRoute {
    /// The tab a deep link to this route opens on.
    var tab: AppTab {
        switch self {
        case .home, .allProducts, .products, .colorPicker, .checkout: .shop
        case .profile, .login: .account
        }
    }

    /// Parses `home`, `products`, `products CATEGORY`, `profile ID`, `login`, `picker` or
    /// `checkout`.
    init?(words: [Substring]) {
        switch (words.first?.lowercased(), words.count) {
        case ("home", 1): self = .home
        case ("products", 1): self = .allProducts
        case ("products", 2): self = .products(category: String(words[1]))
        case ("profile", 2):
            guard let id = Int(words[1]) else { return nil }
            self = .profile(id: id)
        case ("login", 1): self = .login
        case ("picker", 1): self = .colorPicker
        case ("checkout", 1): self = .checkout
        default: return nil
        }
    }
}
