// Public: a representable makes and updates a GtkWidget, so its API names GTK's
// types and its code calls GTK. The only file of GtkKit that re-exports CGtk
// besides the SPI in WindowAccess.swift.
public import CGtk

/// A GTK widget GtkKit does not cover, used as a view (what SwiftUI and SwiftCrossUI
/// call a representable), so an app need not fork GtkKit to use one.
///
/// ```swift
/// struct LevelBar: GtkWidgetRepresentable {
///     let model: Meter
///     func makeWidget(context: RepresentableContext) -> UnsafeMutablePointer<GtkWidget> {
///         gtk_level_bar_new()
///     }
///     func updateWidget(_ widget: UnsafeMutablePointer<GtkWidget>, context: RepresentableContext) {
///         gtk_level_bar_set_value(OpaquePointer(widget), model.level)   // re-runs when level changes
///     }
/// }
/// ```
/// GtkKit owns the widget (it sinks the floating reference and releases it with the
/// view), applies modifiers to it as to any view, and runs `updateWidget` as a
/// binding: now, and again whenever state it read changes.
public protocol GtkWidgetRepresentable: View where Body == Never {
    /// Creates the widget, once.
    func makeWidget(context: RepresentableContext) -> UnsafeMutablePointer<GtkWidget>
    /// Brings the widget up to date with the state it shows.
    func updateWidget(_ widget: UnsafeMutablePointer<GtkWidget>, context: RepresentableContext)
}

extension GtkWidgetRepresentable {
    public func _build(in context: BuildContext) -> [Widget] {
        let representable = RepresentableContext(environment: context.environment)
        let widget = Widget(makeWidget(context: representable))
        representable.attach(to: widget)
        widget.attach(makeEffect(name: "representable", owner: widget, compute: { [unowned widget] in
            updateWidget(widget.pointer, context: representable)
        }, apply: { _ in }))
        return [widget]
    }
}

/// What a representable's code can use besides its widget.
@MainActor
public final class RepresentableContext {
    /// The environment where the view sits.
    public let environment: EnvironmentValues
    private weak var widget: Widget?
    private var pending: [(signal: String, action: @MainActor () -> Void)] = []

    init(environment: EnvironmentValues) {
        self.environment = environment
    }

    /// Runs `action` on a signal of the widget that carries no arguments ("clicked",
    /// "value-changed", "notify::PROPERTY"); the closure lives as long as the widget.
    /// Connect in `makeWidget`: each call connects once more.
    public func on(_ signal: String, _ action: @escaping @MainActor () -> Void) {
        if let widget { widget.on(signal, action) } else { pending.append((signal, action)) }
    }

    fileprivate func attach(to widget: Widget) {
        self.widget = widget
        pending.forEach { widget.on($0.signal, $0.action) }
        pending.removeAll()
    }
}
