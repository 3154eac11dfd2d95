import CGtk
import CGtkShim

/// The Swift side of one GtkWidget.
///
/// Holds one strong reference (ref_sink'd at creation, released on deinit),
/// the child wrappers it owns, and the bindings that write to it. Screens
/// never see this type's pointer; views configure it through GtkKit.
@MainActor
public final class Widget {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private(set) var children: [Widget] = []
    private var effects: [AnyEffect] = []
    /// Objects that must live as long as the widget (shared-content boxes, models).
    private var retained: [AnyObject] = []
    private var isDestroyed = false
    private var teardownActions: [@MainActor () -> Void] = []

    /// Wraps a newly created (floating or owned) widget.
    init(_ raw: UnsafeMutablePointer<GtkWidget>) {
        pointer = raw
        g_object_ref_sink(raw)
        Diagnostics.widgetsCreated += 1
        Diagnostics.liveWidgets += 1
        Diagnostics.liveGObjects += 1
        gtkkit_watch_finalize(raw, { _ in Diagnostics.liveGObjects -= 1 }, nil)
        // GTK disposes widgets on its own (a destroyed window takes its
        // children with it); bindings must stop then, not at our deinit.
        Signal.connect(raw, "destroy") { [weak self] in self?.cancelEffects() }
    }

    convenience init(_ raw: OpaquePointer) {
        self.init(UnsafeMutablePointer<GtkWidget>(raw))
    }

    isolated deinit {
        cancelEffects()
        Diagnostics.liveWidgets -= 1
        g_object_unref(pointer)
    }

    /// The widget as any GTK type: GTK's public structs import as typed
    /// pointers, its private ones as `OpaquePointer`; the call site decides.
    func raw<T>() -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
    }

    func raw() -> OpaquePointer { OpaquePointer(pointer) }

    /// The name assistive technology reads, when set apart from the visible text.
    // NB: GtkLabel resets its accessible name to its text on every change; a label
    // that writes its text re-applies this afterwards (see `Text`).
    var accessibleLabel: String? {
        didSet {
            if let accessibleLabel, accessibleLabel != oldValue { gtkkit_set_accessible_label(pointer, accessibleLabel) }
        }
    }

    /// Sets the accessible name again after GTK replaced it with the visible text.
    func reapplyAccessibleLabel() {
        if let accessibleLabel { gtkkit_set_accessible_label(pointer, accessibleLabel) }
    }

    /// The GTK type name, for debug logs.
    var typeName: String { String(cString: gtkkit_type_name(pointer)) }

    /// Takes ownership of a child wrapper (the GTK parenting is done by the caller).
    func adopt(_ child: Widget) { children.append(child) }

    /// Drops a child wrapper (the GTK unparenting is done by the caller).
    func release(_ child: Widget) { children.removeAll { $0 === child } }

    func keepAlive(_ object: AnyObject) { retained.append(object) }

    func attach(_ effect: AnyEffect) {
        guard !isDestroyed else { effect.cancel(); return }
        effects.append(effect)
        effect.run()
    }

    private func cancelEffects() {
        isDestroyed = true
        for effect in effects { effect.cancel() }
        effects.removeAll()
        let actions = teardownActions
        teardownActions.removeAll()
        actions.forEach { $0() }
    }

    /// Runs `action` when the widget's bindings stop (destroyed, or its window closed).
    func onTeardown(_ action: @escaping @MainActor () -> Void) {
        teardownActions.append(action)
    }

    /// Stops every binding in this subtree: its window was destroyed, and
    /// GTK will not dispose the widgets while wrappers still hold them.
    func tearDown() {
        cancelEffects()
        for child in children { child.tearDown() }
    }

    /// Binds one widget property: `compute` is evaluated now and again only
    /// when state it read changes; `write` runs only when the value differs
    /// from the last one written.
    func bind<Value: Equatable>(
        _ property: String,
        _ compute: @escaping @MainActor () -> Value,
        write: @escaping @MainActor (Widget, Value) -> Void
    ) {
        var last: Value?
        bind(property, compute, current: { _ in last }) { widget, value in
            last = value
            write(widget, value)
        }
    }

    /// Binds a property the user can also change: the new value is compared
    /// with the widget's `current` one, not with the last one written.
    func bind<Value: Equatable>(
        _ property: String,
        _ compute: @escaping @MainActor () -> Value,
        current: @escaping @MainActor (Widget) -> Value?,
        write: @escaping @MainActor (Widget, Value) -> Void
    ) {
        let label = "\(typeName).\(property)"
        attach(makeEffect(label: label, compute: compute) { [unowned self] value in
            guard value != current(self) else { return }
            Diagnostics.widgetWrites += 1
            Diagnostics.log("write \(label) = \(value)")
            write(self, value)
        })
    }
}
