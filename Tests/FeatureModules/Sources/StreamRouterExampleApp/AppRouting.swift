import StreamRouter
import StreamRouterExampleCheckout
import StreamRouterExampleProfile

/// The app's one router, with every module's guards and loaders, and each module's model.
public struct AppRouting: Sendable {
    /// The router of the whole navigation tree.
    public let router: Router<AppRoute>

    /// - Parameters:
    ///   - isSignedIn: Whether a user is signed in now (the profile module's guard asks).
    ///   - cartItemCount: The cart's item count now (the checkout module's guard asks).
    public init(isSignedIn: @escaping @Sendable () -> Bool, cartItemCount: @escaping @Sendable () -> Int) {
        router = Router<AppRoute>()
        router.addGuard(ProfileModule.signInGuard(isSignedIn: isSignedIn), through: AppRoute.profileModule)
        router.addGuard(CheckoutModule.cartGuard(itemCount: cartItemCount), through: AppRoute.checkoutModule)
        router.addLoader(named: ProfileModule.loaderName, through: AppRoute.profileModule, ProfileModule.load)
        router.addLoader(named: CheckoutModule.loaderName, through: AppRoute.checkoutModule, CheckoutModule.load)
    }

    /// The profile screens' model, navigating the app's router.
    public var profile: ProfileModel {
        ProfileModel(router: router.scoped(to: AppRoute.profileModule))
    }

    /// The checkout screens' model, navigating the app's router.
    public var checkout: CheckoutModel {
        CheckoutModel(router: router.scoped(to: AppRoute.checkoutModule))
    }
}
