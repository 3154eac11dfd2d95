/// How far a task has come, as a bar (GtkProgressBar), as SwiftUI's
/// `ProgressView(value:)`: `ProgressView(tr("Import progress")) { job.fraction }`.
/// For work whose end is not known, show a ``Spinner`` and words instead.
public struct ProgressView: PrimitiveView {
    private let label: String
    private let value: @MainActor () -> Double

    /// A bar named `label` for assistive technology, filled to `value` (0 to 1), which
    /// it follows as the state it reads changes.
    public init(_ label: String, value: @escaping @MainActor () -> Double) {
        self.label = label
        self.value = value
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let bar = ProgressBarWidget()
        bar.accessibleLabel = label
        bar.setAlignment(horizontal: .fill, vertical: .center)
        bar.bind("fraction", value) { bar, fraction in bar.setFraction(fraction) }
        return [bar]
    }
}
