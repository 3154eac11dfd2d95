/// A keyed list: one row per element, created or destroyed only for the
/// elements whose id appears or disappears; moved rows are reordered, not rebuilt.
public struct ForEach<Element, ID: Hashable, Row: View>: PrimitiveView {
    let data: @MainActor () -> [Element]
    let id: @MainActor (Element) -> ID
    let row: @MainActor (Element) -> Row

    public init(
        _ data: @escaping @MainActor () -> [Element],
        id: KeyPath<Element, ID>,
        @ViewBuilder row: @escaping @MainActor (Element) -> Row
    ) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.row = row
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let box = BoxWidget(context.axis, spacing: context.spacing)
        var rows: [ID: Widget] = [:]
        let id = self.id
        let row = self.row
        let data = self.data
        box.bind("rows", { data().map { KeyedElement(id: id($0), element: $0) } }) { box, elements in
            var next: [ID: Widget] = [:]
            var previous: Widget?
            for element in elements where next[element.id] == nil {
                let widget = rows.removeValue(forKey: element.id) ?? row(element.element).buildOne(in: context)
                box.place(widget, after: previous)
                next[element.id] = widget
                previous = widget
            }
            rows.values.forEach(box.remove)
            rows = next
        }
        return [box]
    }
}

/// Rows compare by id only: the list rebuilds when membership or order changes.
struct KeyedElement<ID: Hashable, Element>: Equatable {
    let id: ID
    let element: Element
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}
