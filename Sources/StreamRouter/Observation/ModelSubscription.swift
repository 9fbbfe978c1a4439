import AsyncObservables

extension SubscriptionToken {
    /// The subscribe-and-apply loop of every observable model: applies each element of
    /// `values` to `model` on the main actor, in order, until the stream finishes, the token
    /// is cancelled or let go, or the model is deallocated (the loop holds it weakly, so a
    /// model that keeps the token is freed, and its subscription with it).
    /// - Parameters:
    ///   - values: The states to mirror, subscribed already (so nothing after the model read
    ///     its first state is missed).
    ///   - model: The model; held weakly.
    ///   - apply: Applies one element to the model.
    /// - Returns: The token that ends the loop.
    @MainActor
    static func applying<Model: AnyObject, Values: AsyncSequence & Sendable>(
        _ values: Values,
        to model: Model,
        _ apply: @escaping @MainActor (Model, Values.Element) -> Void
    ) -> SubscriptionToken where Values.Failure == Never, Values.Element: Sendable {
        SubscriptionToken(
            cancelling: Task { @MainActor [weak model] in
                for await value in values {
                    guard let model else { return }
                    apply(model, value)
                }
            })
    }
}
