/// A drop-down (GtkDropDown) of fixed options, bound two ways to a selection of any
/// `Hashable` type, as SwiftUI's `Picker` with tagged content:
///
/// ```swift
/// Picker("Sort by", selection: $browser.order) {
///     Text("Deck Order").tag(Order.deck)
///     Text("Word").tag(Order.word)
/// }
/// ```
///
/// Choosing an option writes its tag to `selection`; a change of `selection` shows
/// the option with that tag, and no option when none has it (GTK 4.8; GTK 4.18's
/// GtkDropDown cannot be unselected and keeps the option it showed, still writing
/// nothing back). The options are fixed
/// when the picker is built (a GtkDropDown shows strings): a `Text` that follows state
/// gives its text of that moment.
public struct Picker<SelectionValue: Hashable>: PrimitiveView {
    let title: String
    let selection: Binding<SelectionValue>
    let options: [PickerOption<SelectionValue>]

    public init(
        _ title: String, selection: Binding<SelectionValue>,
        @PickerOptionsBuilder<SelectionValue> content: () -> [PickerOption<SelectionValue>]
    ) {
        self.title = title
        self.selection = selection
        options = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let dropDown = DropDownWidget(options: options.map(\.label))
        dropDown.accessibleLabel = title
        let (tags, selection) = (options.map(\.tag), self.selection)
        // The drop-down edits a position; the caller's state holds a tag.
        let position = Binding<Int>(
            get: { tags.firstIndex(of: selection.wrappedValue) ?? DropDownWidget.noSelection },
            set: { index in if tags.indices.contains(index) { selection.wrappedValue = tags[index] } })
        dropDown.bindTwoWay(to: position)
        return [dropDown]
    }
}

extension Picker where SelectionValue == Int {
    /// A drop-down of `options` bound to the selected one's index: the picker whose
    /// tags are the options' positions.
    public init(_ title: String, selection: Binding<Int>, options: [String]) {
        self.title = title
        self.selection = selection
        self.options = options.enumerated().map { PickerOption(label: $0.element, tag: $0.offset) }
    }
}

/// One option of a ``Picker``: a `Text`'s string and the tag it stands for.
@MainActor
public struct PickerOption<Tag: Hashable> {
    let label: String
    let tag: Tag
}

extension Text {
    /// Makes this text an option of a ``Picker`` that stands for `tag`.
    public func tag<Tag: Hashable>(_ tag: Tag) -> PickerOption<Tag> {
        PickerOption(label: currentText, tag: tag)
    }
}

/// Collects a ``Picker``'s options: tagged texts, with `if` and `for` among them.
@resultBuilder @MainActor
public enum PickerOptionsBuilder<Tag: Hashable> {
    public static func buildExpression(_ option: PickerOption<Tag>) -> [PickerOption<Tag>] { [option] }
    public static func buildBlock(_ parts: [PickerOption<Tag>]...) -> [PickerOption<Tag>] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[PickerOption<Tag>]]) -> [PickerOption<Tag>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [PickerOption<Tag>]?) -> [PickerOption<Tag>] { part ?? [] }
    public static func buildEither(first: [PickerOption<Tag>]) -> [PickerOption<Tag>] { first }
    public static func buildEither(second: [PickerOption<Tag>]) -> [PickerOption<Tag>] { second }
}
