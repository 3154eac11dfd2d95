/// A key for a value passed down the view tree, SwiftUI style.
///
/// ```swift
/// private struct QuestionsPerSessionKey: EnvironmentKey {
///     static let defaultValue = 5
/// }
/// extension EnvironmentValues {
///     var questionsPerSession: Int {
///         get { self[QuestionsPerSessionKey.self] }
///         set { self[QuestionsPerSessionKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    /// The value read where no ancestor sets one.
    static var defaultValue: Value { get }
}
