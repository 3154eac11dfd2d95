/// A lazy, scrolling list of rows with single selection, for long data (GtkListView).
///
/// ```swift
/// List({ model.visibleWords }, id: \.id, selection: $model.selectedID) { row in
///     Text { row.kana }
/// }
/// ```
/// Only the rows on screen, plus a small margin GTK keeps, exist as widgets, however
/// many elements `data` returns: a list of 100,000 builds about 200 rows. Each row's
/// view is built once; when the row scrolls to another element, or the data changes,
/// the row is pointed at the element at its position (its ``ListRow``) and only its
/// closures run again. A change of `data` is compared with the last one by id and
/// told to GTK as the few ranges that changed: a new element is one insertion, a
/// moved one a removal and an insertion, and the other rows stay.
///
/// Selection is two-way: the user's choice (pointer or keyboard) writes the selected
/// element's id to `selection`, and a write to `selection` selects that row. It
/// follows the id when rows move; an id no longer in the data shows no row selected
/// and is kept, so the row is selected again if it comes back. Each row is read to
/// screen readers by the text of its labels.
///
/// The list scrolls itself and takes the space it is given (it expands both ways);
/// give it a height with `.frame(minHeight:)` where nothing else does.
public struct List<Element, ID: Hashable, Row: View>: PrimitiveView {
    let data: @MainActor () -> [Element]
    let id: KeyPath<Element, ID>
    let selection: Binding<ID?>?
    let row: @MainActor (ListRow<Element>) -> Row

    /// - Parameters:
    ///   - data: the elements, read as a binding: the list follows what it reads.
    ///   - id: what tells elements apart across changes.
    ///   - selection: the selected element's id, nil for none; without it the list
    ///     keeps the selection to itself.
    ///   - row: builds one row's view, once per row widget, from the ``ListRow``
    ///     that holds the element the row shows.
    public init(
        _ data: @escaping @MainActor () -> [Element],
        id: KeyPath<Element, ID>,
        selection: Binding<ID?>? = nil,
        @ViewBuilder row: @escaping @MainActor (ListRow<Element>) -> Row
    ) {
        self.data = data
        self.id = id
        self.selection = selection
        self.row = row
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let rows = ListRows(id: id)
        let row = self.row
        let list = ListViewWidget { position in
            let shown = ListRow(rows.elements[position])
            return ListRowContent(widget: row(shown).buildOne(in: context)) { shown.element = rows.elements[$0] }
        }
        // Without a binding, the list keeps the selected id itself, so a highlighted
        // row still follows its element (GTK would leave it at its position).
        let selection = self.selection ?? LocalSelection<ID>().binding
        list.attach(makeEffect(name: "rows", owner: list, compute: data) { [unowned list] elements in
            let changes = rows.update(elements)
            list.apply(changes, count: elements.count)
            list.select(selection.wrappedValue.flatMap(rows.position(of:)))
        })
        list.onSelectionChange { position in
            selection.wrappedValue = position.flatMap(rows.id(at:))
        }
        list.bind("selection", { selection.wrappedValue }, current: { list in
            list.selectedPosition.flatMap(rows.id(at:))
        }) { list, selected in
            list.select(selected.flatMap(rows.position(of:)))
        }
        return [list]
    }
}

/// The selected id of a list given no binding for it.
@MainActor
private final class LocalSelection<ID> {
    private var id: ID?
    var binding: Binding<ID?> { Binding(get: { self.id }, set: { self.id = $0 }) }
}

/// A list's elements as last shown, and their ids' hashes.
@MainActor
private final class ListRows<Element, ID: Hashable> {
    private(set) var elements: [Element] = []
    /// What the diff compares. Ints compare at full speed, where generic ids would
    /// go through their witness tables 100,000 times. Two ids with one hash (vanishingly
    /// rare) only make GTK keep a row it should have replaced: every row on screen is
    /// shown again after each change, and selection compares the ids themselves.
    /// Nil until a change or a selection needs them: the first elements are all new
    /// rows whatever their ids, and reading 100,000 ids through a key path in generic
    /// code (a metadata lookup each) cost a List of 100,000 about 4 ms of its first frame.
    private var hashes: [Int]? = []
    // NB: a key path read in a plain loop, not a closure: a main-actor closure called
    // 100,000 times (by `map` too) checks its executor each time, which cost more
    // than the hashing.
    private let id: KeyPath<Element, ID>

    init(id: KeyPath<Element, ID>) { self.id = id }

    /// Takes the new elements and returns the changes from the previous ones.
    func update(_ elements: [Element]) -> [ListChange] {
        guard !self.elements.isEmpty else {
            self.elements = elements
            hashes = nil
            return elements.isEmpty ? [] : [ListChange(position: 0, removed: 0, added: elements.count)]
        }
        let old = currentHashes()
        let newHashes = Self.hashes(of: elements, id: id)
        let changes = ListDiff.changes(from: old, to: newHashes)
        self.elements = elements
        hashes = newHashes
        return changes
    }

    func id(at position: Int) -> ID? { position < elements.count ? elements[position][keyPath: id] : nil }

    func position(of target: ID) -> Int? {
        let hashes = currentHashes()
        let hash = target.hashValue
        var start = hashes.startIndex
        while let found = hashes[start...].firstIndex(of: hash) {
            if elements[found][keyPath: id] == target { return found }
            start = found + 1
        }
        return nil
    }

    /// The hashes of the elements shown, made now if they were not yet.
    private func currentHashes() -> [Int] {
        if let hashes { return hashes }
        let made = Self.hashes(of: elements, id: id)
        hashes = made
        return made
    }

    private static func hashes(of elements: [Element], id: KeyPath<Element, ID>) -> [Int] {
        Diagnostics.listIDsHashed += elements.count
        var hashes: [Int] = []
        hashes.reserveCapacity(elements.count)
        for element in elements { hashes.append(element[keyPath: id].hashValue) }
        return hashes
    }
}
