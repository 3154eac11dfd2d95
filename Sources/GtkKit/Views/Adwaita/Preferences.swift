/// A page of preference groups (AdwPreferencesPage), scrolling by itself.
public struct PreferencesPage: PrimitiveView {
    let groups: [PreferencesGroup]

    public init(@PreferencesBuilder groups: () -> [PreferencesGroup]) { self.groups = groups() }

    public func _build(in context: BuildContext) -> [Widget] {
        let page = PreferencesPageWidget()
        for group in groups { page.addGroup(group.build(in: context)) }
        return [page]
    }
}

@resultBuilder @MainActor
public enum PreferencesBuilder {
    public static func buildBlock(_ groups: PreferencesGroup...) -> [PreferencesGroup] { groups }
}

/// A titled list of rows (AdwPreferencesGroup): a page's section, or on its own (in a
/// dialog's controls, say).
@MainActor
public struct PreferencesGroup: PrimitiveView {
    let title: String
    let description: String?
    let rows: AnyView

    public init<Rows: View>(_ title: String, description: String? = nil, @ViewBuilder rows: () -> Rows) {
        self.title = title
        self.description = description
        self.rows = AnyView(rows())
    }

    func build(in context: BuildContext) -> PreferencesGroupWidget {
        let group = PreferencesGroupWidget(title: title, description: description)
        rows._build(in: context).forEach(group.addRow)
        return group
    }

    public func _build(in context: BuildContext) -> [Widget] { [build(in: context)] }
}

/// A row with a title, a subtitle that may follow state, and controls at its end
/// (AdwActionRow); activating the row activates its first control.
public struct ActionRow<Suffix: View>: PrimitiveView {
    /// A subtitle that follows state, or one that never changes (and needs no binding).
    enum Subtitle {
        case following(@MainActor () -> String)
        case fixed(String)
    }

    let title: String
    let subtitle: Subtitle?
    let suffix: Suffix

    public init(_ title: String, subtitle: (@MainActor () -> String)? = nil, @ViewBuilder suffix: () -> Suffix) {
        self.init(title: title, subtitle: subtitle.map { .following($0) }, suffix: suffix())
    }

    /// A row around one control, with a subtitle that never changes: `SwitchRow` and
    /// `SpinRow` are a `SwitchControl` and a `Stepper` in one.
    init(_ title: String, subtitle: String?, control: Suffix) {
        self.init(title: title, subtitle: subtitle.map { .fixed($0) }, suffix: control)
    }

    /// A row around one control, with a subtitle that follows state.
    init(_ title: String, following subtitle: @escaping @MainActor () -> String, control: Suffix) {
        self.init(title: title, subtitle: .following(subtitle), suffix: control)
    }

    private init(title: String, subtitle: Subtitle?, suffix: Suffix) {
        self.title = title
        self.subtitle = subtitle
        self.suffix = suffix
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let row = ActionRowWidget(title: title)
        switch subtitle {
        case .following(let text): row.bind("subtitle", text) { row, text in row.setSubtitle(text) }
        case .fixed(let text): row.setSubtitle(text)
        case nil: break
        }
        for (index, control) in suffix._build(in: context).enumerated() {
            control.setAlignment(horizontal: nil, vertical: .center)
            row.addSuffix(control, activates: index == 0)
        }
        return [row]
    }
}

/// A row with a switch, bound two ways (AdwActionRow with a GtkSwitch): the switch of
/// `Toggle(style: .switch)` in an `ActionRow`.
public struct SwitchRow: PrimitiveView {
    let title: String
    let subtitle: String?
    let followingSubtitle: (@MainActor () -> String)?
    let isOn: Binding<Bool>

    public init(_ title: String, subtitle: String? = nil, isOn: Binding<Bool>) {
        self.title = title
        self.subtitle = subtitle
        followingSubtitle = nil
        self.isOn = isOn
    }

    /// A switch row whose subtitle follows state (an address, or why it cannot be had).
    public init(_ title: String, subtitle: @escaping @MainActor () -> String, isOn: Binding<Bool>) {
        self.title = title
        self.subtitle = nil
        followingSubtitle = subtitle
        self.isOn = isOn
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let control = SwitchControl(title: title, isOn: isOn)
        if let followingSubtitle {
            return ActionRow(title, following: followingSubtitle, control: control)._build(in: context)
        }
        return ActionRow(title, subtitle: subtitle, control: control)._build(in: context)
    }
}

/// A row with a spin button over whole numbers, bound two ways: a `Stepper` in an
/// `ActionRow`.
public struct SpinRow: PrimitiveView {
    let title: String
    let subtitle: String?
    let value: Binding<Int>
    let range: ClosedRange<Int>

    public init(_ title: String, subtitle: String? = nil, value: Binding<Int>, in range: ClosedRange<Int>) {
        self.title = title
        self.subtitle = subtitle
        self.value = value
        self.range = range
    }

    public func _build(in context: BuildContext) -> [Widget] {
        ActionRow(title, subtitle: subtitle, control: Stepper(title, value: value, in: range))._build(in: context)
    }
}

/// A row that picks one of a list of options (AdwComboRow), bound two ways to the
/// index; the options may follow state.
public struct ComboRow: PrimitiveView {
    let title: String
    let subtitle: String?
    let selection: Binding<Int>
    let options: @MainActor () -> [String]

    public init(
        _ title: String, subtitle: String? = nil, selection: Binding<Int>,
        options: @escaping @MainActor () -> [String]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.selection = selection
        self.options = options
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let row = ComboRowWidget(title: title)
        if let subtitle { row.setSubtitleText(subtitle) }
        let selection = self.selection
        let handler = row.bindTwoWay(to: selection)
        // A new list resets the selection: neither is the person's choice, so the
        // change handler is blocked while the list and the selection are set again.
        row.bind("options", options) { row, options in
            row.blocking(handler) {
                row.setOptions(options)
                row.setValue(selection.wrappedValue)
            }
        }
        return [row]
    }
}
