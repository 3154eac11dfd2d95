/// Closes the presentation a view is in, as SwiftUI's `DismissAction`: read it with
/// `@Environment(\.dismiss)` and call it.
///
/// ```swift
/// struct DetailsView: View {
///     @Environment(\.dismiss) private var dismiss
///     var body: some View {
///         Button("Done") { dismiss() }
///     }
/// }
/// ```
///
/// In a sheet it closes the sheet: it sets the sheet's `isPresented` binding false,
/// which closes the window as any write of false does (and `onDismiss` runs). In a
/// page a ``NavigationStack`` pushed it pops that page and any above it, writing the
/// path as the page's back button does. The nearest of the two wins: a stack inside a
/// sheet pops its pages, and its root page closes the sheet. Outside any presentation
/// (a window's own content) it does nothing: a window is closed by its own close
/// button or its application, never by a view inside it.
public struct DismissAction {
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) { self.action = action }

    /// Closes the sheet, or pops the page, this action was read in.
    @MainActor
    public func callAsFunction() { action() }
}

private struct DismissKey: EnvironmentKey {
    // Computed: a stored closure would be shared state across isolation domains.
    static var defaultValue: DismissAction { DismissAction {} }
}

extension EnvironmentValues {
    /// Closes the sheet or the pushed page this view is in; see ``DismissAction``.
    public var dismiss: DismissAction {
        self[DismissKey.self]
    }

    /// Makes `dismiss` run `action` in this scope and below (a presentation sets it for
    /// its content).
    func setDismiss(_ action: @escaping @MainActor () -> Void) {
        self[DismissKey.self] = DismissAction(action)
    }
}
