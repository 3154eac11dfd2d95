/// A widget the user edits: it has a value, can be set without looking like an
/// edit, and reports the user's changes (entry, check, switch, spin, drop-down).
@MainActor
protocol TwoWayControl: Widget {
    associatedtype Value: Equatable
    /// What the widget shows now.
    var value: Value { get }
    /// Shows `value` (callers block the change handler around it).
    func setValue(_ value: Value)
    /// The signal that reports a change, the user's or a programmatic one.
    static var changeSignal: String { get }
}

extension TwoWayControl {
    /// Runs `action` after each change.
    func onUserChange(_ action: @escaping @MainActor () -> Void) -> SignalHandler {
        on(Self.changeSignal, action)
    }
}
