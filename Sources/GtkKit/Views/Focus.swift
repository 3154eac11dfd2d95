/// Where the keyboard focus is, as view state: `@FocusState private var isFocused: Bool`
/// or, for several fields, `@FocusState private var field: Field?`.
///
/// Tie it to widgets with ``View/focused(_:)`` or ``View/focused(_:equals:)``. Setting
/// it moves the keyboard focus (to the widget, or away from it for false and nil);
/// the focus moving — a click, Tab — sets it. Like ``State``, it lives as long as the
/// view's widgets.
@MainActor @propertyWrapper
public struct FocusState<Value: Hashable> {
    let storage: StateStorage<Value>

    /// Nothing focused yet: `@FocusState private var isFocused: Bool`.
    public init() where Value == Bool {
        storage = StateStorage(false)
    }

    /// No field focused yet: `@FocusState private var field: Field?`.
    public init<Field: Hashable>() where Value == Field? {
        storage = StateStorage(nil)
    }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// What ``View/focused(_:)`` and ``View/focused(_:equals:)`` take: `$isFocused`.
    public var projectedValue: Binding { Binding(storage: storage) }

    /// A focus state handed to a `focused` modifier (or to a child view).
    @MainActor @propertyWrapper
    public struct Binding {
        let storage: StateStorage<Value>

        public var wrappedValue: Value {
            get { storage.value }
            nonmutating set { storage.value = newValue }
        }

        public var projectedValue: Binding { self }
    }
}

extension View {
    /// Focuses this view's widget while `condition` is true, and sets it true when the
    /// focus enters the widget, false when it leaves.
    public func focused(_ condition: FocusState<Bool>.Binding) -> ModifiedView<Self> {
        let storage = condition.storage
        return focusBinding(isFocused: { storage.value }) { inside in
            if storage.value != inside { storage.value = inside }
        }
    }

    /// Focuses this view's widget while `binding` holds `value`; sets it to `value`
    /// when the focus enters the widget, and to nil when the focus leaves it.
    public func focused<Field: Hashable>(_ binding: FocusState<Field?>.Binding, equals value: Field) -> ModifiedView<Self> {
        let storage = binding.storage
        return focusBinding(isFocused: { storage.value == value }) { inside in
            if inside, storage.value != value {
                storage.value = value
            } else if !inside, storage.value == value {
                storage.value = nil
            }
        }
    }

    /// One focus binding: state → focus through a binding, focus → state through the
    /// widget's focus events. A widget not yet in a shown window takes the focus when
    /// it is mapped, if the state still asks for it.
    private func focusBinding(
        isFocused: @escaping @MainActor () -> Bool, focusChanged: @escaping @MainActor (Bool) -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            widget.onFocusChange(focusChanged)
            widget.on("map") { [unowned widget] in
                if isFocused(), !widget.containsFocus { widget.grabFocus() }
            }
            // Compared with where the focus really is, not with the last value written:
            // the focus moves by itself, and state may go there and back in one turn.
            widget.bind("focus", isFocused, current: { $0.containsFocus }) { widget, focused in
                if focused { widget.grabFocus() } else { widget.resignFocus() }
            }
        }
    }
}
