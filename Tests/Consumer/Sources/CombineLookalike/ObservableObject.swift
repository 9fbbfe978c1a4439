/// Combine's `ObservableObject` (what SwiftUI's `@ObservedObject` and `@StateObject` observe).
public protocol ObservableObject: AnyObject {}

/// Combine's `@Published`.
@propertyWrapper
public struct Published<Value> {
    /// The wrapped value.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
