/// Work tied to a view's life rather than to a property: reacting to a change,
/// running asynchronous work while the view exists, and its disappearance.
/// (``View/onAppear(_:)`` sits with the other modifiers.)
extension View {
    /// Runs `action` with the old and the new value each time `value` changes.
    ///
    /// `value` is read as a binding is: now, and again only when state it read changes,
    /// at most once per main-loop turn. `action` runs only when the new value differs
    /// from the last one (a write of an equal value is not a change), and with `initial`
    /// also once when the view is built, with the current value as both old and new.
    /// What `action` reads is not tracked: it runs again only when `value` changes.
    ///
    /// ```swift
    /// Text { "\(model.score)" }
    ///     .onChange(of: model.score) { old, new in if new > old { celebrate() } }
    /// ```
    // NB: an autoclosure, so SwiftUI's spelling reads the value where it can be
    // tracked (a `body` runs once here; a value read there would be frozen).
    public func onChange<Value: Equatable>(
        of value: @escaping @autoclosure @MainActor () -> Value,
        initial: Bool = false,
        _ action: @escaping @MainActor (_ oldValue: Value, _ newValue: Value) -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            var last: Value?
            widget.attach(makeEffect(name: "onChange", owner: widget, compute: value) { new in
                defer { last = new }
                if let old = last {
                    if old != new { action(old, new) }
                } else if initial {
                    action(new, new)
                }
            })
        }
    }

    /// Runs `action` each time `value` changes, for an action that needs neither value:
    /// the same rules as the form that passes the old and the new value.
    public func onChange<Value: Equatable>(
        of value: @escaping @autoclosure @MainActor () -> Value,
        initial: Bool = false,
        _ action: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        onChange(of: value(), initial: initial) { _, _ in action() }
    }

    /// Starts `action` as a main-actor task when the view is built, and cancels the
    /// task when the view goes (its branch of an ``If`` or its row is removed, or its
    /// window closes).
    ///
    /// `action` should check for cancellation as any task does: `await` calls that
    /// honour it (`Task.sleep`, an `AsyncStream`) return or throw when the view goes.
    /// Unlike SwiftUI, which restarts the task each time the view appears, it runs
    /// once per built view: a page hidden and shown again keeps its task.
    public func task(
        priority: TaskPriority = .userInitiated,
        _ action: @escaping @MainActor () async -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            let task = Task(priority: priority) { @MainActor in await action() }
            widget.onTeardown { task.cancel() }
        }
    }

    /// Runs `action` each time the widget stops being shown (is unmapped): its page or
    /// window is hidden, or it is removed, as an ``If``'s branch that no longer holds.
    /// The counterpart of ``onAppear(_:)``.
    public func onDisappear(_ action: @escaping @MainActor () -> Void) -> ModifiedView<Self> {
        modified { widget in widget.on("unmap", action) }
    }
}
