/// A one-line text entry (GtkEntry) bound two ways to a string.
///
/// Typing writes the model on every change; a model write updates the entry
/// only when the text differs, so typing never loops or moves the cursor.
public struct TextField: PrimitiveView {
    let placeholder: String
    let text: Binding<String>
    var onSubmit: (@MainActor () -> Void)?
    var maximumLength: Int?
    var purpose: InputPurpose?
    var hints: InputHints = []

    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder
        self.text = text
    }

    /// Runs `action` when Enter is pressed in the entry.
    public func onSubmit(_ action: @escaping @MainActor () -> Void) -> TextField {
        setting(\.onSubmit, action)
    }

    /// Stops typing (and pasting) after `length` characters.
    public func maximumLength(_ length: Int) -> TextField {
        setting(\.maximumLength, length)
    }

    /// What the text is (a name, digits, …): an input method and an on-screen
    /// keyboard choose their layout by it.
    public func inputPurpose(_ purpose: InputPurpose) -> TextField {
        setting(\.purpose, purpose)
    }

    /// How an input method should help: no spell checking, no emoji, … (see
    /// ``InputHints``).
    public func inputHints(_ hints: InputHints) -> TextField {
        setting(\.hints, hints)
    }

    /// This field with one of its options set: what each modifier above does.
    private func setting<Value>(_ option: WritableKeyPath<TextField, Value>, _ value: Value) -> TextField {
        var copy = self
        copy[keyPath: option] = value
        return copy
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let entry = EntryWidget()
        entry.setPlaceholder(placeholder)
        if let maximumLength { entry.setMaximumLength(maximumLength) }
        if let purpose { entry.setInputPurpose(purpose) }
        if !hints.isEmpty { entry.setInputHints(hints) }
        entry.bindTwoWay(to: text)
        if let onSubmit { entry.onActivate(onSubmit) }
        return [entry]
    }
}

/// An on/off control bound two ways: a check button, a labelled switch, or a button
/// showing an icon that stays pressed while on (a toolbar's toggle; `title` is its
/// accessible name and tooltip).
public struct Toggle: PrimitiveView {
    public enum Style: Sendable, Equatable {
        case check, `switch`
        case iconButton(String)
    }

    let title: String
    let isOn: Binding<Bool>
    let style: Style

    public init(_ title: String, isOn: Binding<Bool>, style: Style = .check) {
        self.title = title
        self.isOn = isOn
        self.style = style
    }

    public func _build(in context: BuildContext) -> [Widget] {
        if case .iconButton(let iconName) = style {
            let button = ToggleButtonWidget(iconName: iconName)
            button.accessibleLabel = title
            button.setTooltip(title)
            button.bindTwoWay(to: isOn)
            return [button]
        }
        guard style == .switch else {
            let check = CheckButtonWidget(label: title)
            check.bindTwoWay(to: isOn)
            return [check]
        }
        let row = BoxWidget(.horizontal, spacing: 12)
        let label = LabelWidget(title)
        label.setExpand(horizontal: true, vertical: false)
        label.setXAlignment(0)
        row.append(label)
        row.append(SwitchControl(title: title, isOn: isOn).buildOne(in: context))
        return [row]
    }
}

/// The switch of `Toggle(style: .switch)` and of `SwitchRow`: a GtkSwitch named
/// `title` for assistive technology, centred on its line, bound two ways to `isOn`.
struct SwitchControl: PrimitiveView {
    let title: String
    let isOn: Binding<Bool>

    func _build(in context: BuildContext) -> [Widget] {
        let toggle = SwitchWidget()
        toggle.setAlignment(horizontal: nil, vertical: .center)
        toggle.accessibleLabel = title
        toggle.bindTwoWay(to: isOn)
        return [toggle]
    }
}

/// A numeric spin button (GtkSpinButton) bound two ways to an integer; `SpinRow`
/// puts one in a row.
public struct Stepper: PrimitiveView {
    let title: String
    let value: Binding<Int>
    let range: ClosedRange<Int>

    public init(_ title: String, value: Binding<Int>, in range: ClosedRange<Int>) {
        self.title = title
        self.value = value
        self.range = range
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let spin = SpinButtonWidget(range: range)
        spin.accessibleLabel = title
        spin.bindTwoWay(to: value)
        return [spin]
    }
}
