/// A key for a value passed down the view tree, SwiftUI style.
///
/// ```swift
/// private struct CardCornerRadiusKey: EnvironmentKey {
///     static let defaultValue = 12
/// }
/// extension EnvironmentValues {
///     var cardCornerRadius: Int {
///         get { self[CardCornerRadiusKey.self] }
///         set { self[CardCornerRadiusKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    /// The value read where no ancestor sets one.
    static var defaultValue: Value { get }
}
