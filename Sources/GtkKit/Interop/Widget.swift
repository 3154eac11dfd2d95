internal import CGtk
internal import CGtkShim

/// The Swift side of one GtkWidget.
///
/// Holds one strong reference (ref_sink'd at creation, released on deinit), the child
/// wrappers it owns, and the bindings that write to it. Each GTK type GtkKit uses has a
/// typed subclass in `Interop/Widgets/` (`LabelWidget`, `EntryWidget`, …); this file and
/// those are the only code that calls GTK, so views and scenes read like SwiftUI.
@MainActor
public class Widget {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private(set) var children: [Widget] = []
    private var effects: [AnyEffect] = []
    /// Objects that must live as long as the widget (shared-content boxes, models).
    private var retained: [AnyObject] = []
    private var isTornDown = false
    private var teardownActions: [@MainActor () -> Void] = []

    /// Wraps a newly created (floating or owned) widget. GTK's constructors never
    /// return NULL (they abort on out-of-memory), so their results are passed as they are.
    init(_ raw: UnsafeMutablePointer<GtkWidget>) {
        pointer = raw
        g_object_ref_sink(raw)
        Diagnostics.widgetsCreated += 1
        Diagnostics.liveWidgets += 1
        Diagnostics.liveGObjects += 1
        gtkkit_watch_finalize(raw, { _ in Diagnostics.liveGObjects -= 1 }, nil)
    }

    isolated deinit {
        cancelEffects()
        Diagnostics.liveWidgets -= 1
        g_object_unref(pointer)
    }

    /// The GTK type name, for debug logs.
    var typeName: String { String(cString: gtkkit_type_name(pointer)) }

    /// The name assistive technology reads, when set apart from the visible text.
    // NB: GtkLabel and GtkButton reset their accessible name to their text on every
    // change; the typed wrappers re-apply this after writing text.
    var accessibleLabel: String? {
        didSet {
            if let accessibleLabel, accessibleLabel != oldValue { gtkkit_set_accessible_label(pointer, accessibleLabel) }
        }
    }

    /// Sets the accessible name again after GTK replaced it with the visible text.
    func reapplyAccessibleLabel() {
        if let accessibleLabel { gtkkit_set_accessible_label(pointer, accessibleLabel) }
    }

    /// Takes ownership of a child wrapper (the GTK parenting is done by the caller).
    func adopt(_ child: Widget) { children.append(child) }

    /// Parents `child` with `call` (gtk_box_append, gtk_header_bar_pack_start, …) and owns it.
    func add(_ child: Widget, _ call: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        call(child.pointer)
        adopt(child)
    }

    /// This widget as the GTK type its typed wrapper was made with: for that wrapper's
    /// own calls only (a `LabelWidget` asks for a GtkLabel, nothing else).
    final func gtk<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
    }

    /// The same, for the GTK types that Swift imports as opaque pointers.
    final var opaque: OpaquePointer { OpaquePointer(pointer) }

    /// Drops a child wrapper (the GTK unparenting is done by the caller).
    func release(_ child: Widget) { children.removeAll { $0 === child } }

    func keepAlive(_ object: AnyObject) { retained.append(object) }

    func attach(_ effect: AnyEffect) {
        guard !isTornDown else { effect.cancel(); return }
        effects.append(effect)
        effect.run()
    }

    private func cancelEffects() {
        isTornDown = true
        for effect in effects { effect.cancel() }
        effects.removeAll()
        let actions = teardownActions
        teardownActions.removeAll()
        actions.forEach { $0() }
    }

    /// Runs `action` when the widget's bindings stop (its window closed, or the wrapper went).
    func onTeardown(_ action: @escaping @MainActor () -> Void) {
        teardownActions.append(action)
    }

    /// Stops every binding in this subtree: its window was destroyed, and GTK will
    /// not dispose the widgets while wrappers still hold them.
    func tearDown() {
        cancelEffects()
        for child in children { child.tearDown() }
    }

    /// Runs `action` on a signal of this widget that carries no arguments ("clicked",
    /// "notify::active"); the closure is owned by GObject. Returns the handler id.
    @discardableResult
    func on(_ signal: String, _ action: @escaping @MainActor () -> Void) -> SignalHandler {
        SignalHandler(id: Signal.connect(pointer, signal, action))
    }

    /// Runs `body` with `handler` blocked: a programmatic write must not look like an edit.
    func blocking(_ handler: SignalHandler, _ body: () -> Void) {
        Signal.blocking(pointer, handler.id, body)
    }
}

/// Gives `bind` the caller's own widget type, so a write closure receives the typed
/// wrapper (`LabelWidget`, …) without capturing it: a binding is owned by its widget,
/// and a closure that held the widget would keep it alive forever.
@MainActor
protocol WidgetBinding: Widget {}

extension Widget: WidgetBinding {}

extension WidgetBinding {
    /// Binds one widget property: `compute` is evaluated now and again only when state
    /// it read changes; `write` runs only when the value differs from the last one written.
    func bind<Value: Equatable>(
        _ property: StaticString,
        _ compute: @escaping @MainActor () -> Value,
        write: @escaping @MainActor (Self, Value) -> Void
    ) {
        var last: Value?
        bind(property, compute, current: { _ in last }) { widget, value in
            last = value
            write(widget, value)
        }
    }

    /// Binds a property the user can also change: the new value is compared with the
    /// widget's `current` one, not with the last one written.
    func bind<Value: Equatable>(
        _ property: StaticString,
        _ compute: @escaping @MainActor () -> Value,
        current: @escaping @MainActor (Self) -> Value?,
        write: @escaping @MainActor (Self, Value) -> Void
    ) {
        attach(makeEffect(name: property, owner: self, compute: compute) { [unowned self] value in
            guard value != current(self) else { return }
            Diagnostics.widgetWrites += 1
            if Diagnostics.logsUpdates { Diagnostics.log("write \(self.typeName).\(property) = \(value)") }
            write(self, value)
        })
    }
}

/// A connected signal handler, for blocking it during programmatic writes.
struct SignalHandler {
    let id: gulong
}
