import Observation

/// One row of a ``List``: the element the row shows now.
///
/// A list builds a row's view once and reuses it for other elements as it scrolls or
/// as its data changes, so a row reads its element in closures, through this object:
/// `Text { row.name }` (or `row.element.name`) re-runs when the row is given another
/// element. Reading it outside a closure (`Text(row.name)`) shows the first element
/// the row was built for, whatever it shows later.
@MainActor @Observable @dynamicMemberLookup
public final class ListRow<Element> {
    /// The element at the row's position.
    public internal(set) var element: Element

    init(_ element: Element) { self.element = element }

    /// A property of the element: `row.name` for `row.element.name`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Element, Value>) -> Value {
        element[keyPath: keyPath]
    }
}
