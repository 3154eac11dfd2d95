internal import CGtk
internal import CGtkShim

/// A GtkListView in the GtkScrolledWindow it needs, over a `GtkKitIndexModel` (a
/// count) with a GtkSingleSelection.
///
/// GTK makes a GtkListItem for each row on screen plus an overscan, and on scrolling
/// binds those same items to other positions. This wrapper builds each item's
/// content once, the first time the item is bound, and from then on only tells the
/// content which position to show: on every bind, whenever GTK moves the item to
/// another position, and after every change of the rows. When GTK destroys an item
/// (its row was removed) the content waits for the next item GTK makes; when rows on
/// screen are replaced, the model hands GTK back the same items, so GTK keeps them.
final class ListViewWidget: Widget {
    private let model: OpaquePointer
    private let selection: OpaquePointer
    private let makeRow: @MainActor (Int) -> ListRowContent
    private var slots: [UnsafeMutableRawPointer: ListSlot] = [:]
    /// The number of rows, as the model last said.
    private(set) var count = 0
    /// Bumped by every change of the rows, so a row at an unchanged position still
    /// shows its element again (the element may have changed, its id not).
    private var generation = 0
    /// While changes are emitted, GTK binds and moves items through states in
    /// between; rows are shown once, at the end.
    private var isApplying = false
    private var selectionHandler: SignalHandler?
    /// Contents of items GTK destroyed, for the next items it makes. A change keeps
    /// all it frees until the rows are shown again, then at most `spareReserve`.
    private var spares: [ListRowContent] = []
    private static let spareReserve = 32

    /// `makeRow` builds the content of a new list item, showing the row at a position.
    init(makeRow: @escaping @MainActor (Int) -> ListRowContent) {
        self.makeRow = makeRow
        // safe: GObject constructors never return NULL.
        model = gtkkit_index_model_new()!
        let factory = gtk_signal_list_item_factory_new()!  // safe: as above
        // gtk_single_selection_new and gtk_list_view_new take the references they are
        // given: each gets one of its own, and this wrapper keeps the first.
        selection = gtk_single_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(model))))
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        g_object_ref(UnsafeMutableRawPointer(selection))
        let listView: UnsafeMutablePointer<GtkWidget>?
        // The benchmark's experiment: a grid view of one column takes the same
        // factory, items and selection, and GTK 4.8 keeps fewer rows of it alive.
        if Diagnostics.listsAreOneColumnGrids {
            listView = gtk_grid_view_new(selection, factory)
            gtk_grid_view_set_min_columns(OpaquePointer(listView), 1)
            gtk_grid_view_set_max_columns(OpaquePointer(listView), 1)
        } else {
            listView = gtk_list_view_new(selection, factory)
        }
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque, listView)
        setExpand(horizontal: true, vertical: true)
        connect(factory: UnsafeMutableRawPointer(factory))
    }

    isolated deinit {
        Diagnostics.liveListRows -= spares.count + slots.values.filter { $0.content != nil }.count
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    private func connect(factory: UnsafeMutableRawPointer) {
        Signal.connectObject(factory, "setup") { [weak self] item in
            guard let self else { return }
            slots[item] = ListSlot()
            Signal.connect(item, "notify::position") { [weak self] in self?.itemMoved(item) }
        }
        Signal.connectObject(factory, "bind") { [weak self] item in
            guard let self, let slot = slots[item] else { return }
            slot.isBound = true
            if !isApplying { show(slot, of: item) }
        }
        Signal.connectObject(factory, "unbind") { [weak self] item in self?.slots[item]?.isBound = false }
        Signal.connectObject(factory, "teardown") { [weak self] item in
            guard let self, let slot = slots.removeValue(forKey: item), let content = slot.content else { return }
            putAside(content, from: item)
        }
    }

    /// Keeps a torn-down item's content for the next new item: a moved row is a GTK
    /// item destroyed and another made, and a change of many rows makes GTK replace
    /// every item on screen.
    private func putAside(_ content: ListRowContent, from item: UnsafeMutableRawPointer) {
        gtk_list_item_set_child(OpaquePointer(item), nil)
        if isApplying || spares.count < Self.spareReserve, !content.widget.hasParent {
            spares.append(content)
        } else {
            discard(content)
        }
    }

    private func discard(_ content: ListRowContent) {
        Diagnostics.liveListRows -= 1
        release(content.widget)
    }

    private func itemMoved(_ item: UnsafeMutableRawPointer) {
        guard !isApplying, let slot = slots[item], slot.isBound else { return }
        show(slot, of: item)
    }

    /// Points the item's content at the item's position, building it the first time.
    private func show(_ slot: ListSlot, of item: UnsafeMutableRawPointer) {
        let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
        guard position < count, position != slot.position || slot.generation != generation else { return }
        slot.position = position
        slot.generation = generation
        if let content = slot.content {
            content.show(position)
            return
        }
        let content: ListRowContent
        if let spare = spares.popLast() {
            content = spare
            content.show(position)
        } else {
            let started = Diagnostics.nanoseconds()
            content = makeRow(position)
            Diagnostics.listRowBuildNanoseconds += Diagnostics.nanoseconds() - started
            Diagnostics.listRowsBuilt += 1
            Diagnostics.liveListRows += 1
            adopt(content.widget)
        }
        slot.content = content
        let started = Diagnostics.nanoseconds()
        gtk_list_item_set_child(OpaquePointer(item), content.widget.pointer)
        // The row (GtkListItemWidget, the focusable list-item) is read by its labels.
        if let row = gtk_widget_get_parent(content.widget.pointer) {
            gtkkit_set_accessible_labelled_by_labels(row, content.widget.pointer)
        }
        Diagnostics.listRowAttachNanoseconds += Diagnostics.nanoseconds() - started
    }

    /// Emits `changes` in order (each one's position counts the ones before it as
    /// done), leaving `count` rows, then shows every bound row's element again. The
    /// selection handler is blocked meanwhile: GTK drops a removed row's selection,
    /// and the caller selects again by id.
    func apply(_ changes: [ListChange], count newCount: Int) {
        isApplying = true
        count = newCount
        generation += 1
        let emit = {
            for change in changes {
                Diagnostics.listItemsChanged += 1
                gtkkit_index_model_splice(self.model, guint(change.position), guint(change.removed), guint(change.added))
            }
        }
        if let selectionHandler {
            Signal.blocking(UnsafeMutableRawPointer(selection), selectionHandler.id, emit)
        } else {
            emit()
        }
        isApplying = false
        for (item, slot) in slots where slot.isBound { show(slot, of: item) }
        while spares.count > Self.spareReserve, let spare = spares.popLast() { discard(spare) }
    }

    /// The selected row, if any.
    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// Selects the row at `position`, or none, without reporting it as the user's choice.
    func select(_ position: Int?) {
        let write = { gtk_single_selection_set_selected(self.selection, position.map(guint.init) ?? GTK_INVALID_LIST_POSITION) }
        if let selectionHandler {
            Signal.blocking(UnsafeMutableRawPointer(selection), selectionHandler.id, write)
        } else {
            write()
        }
    }

    /// Runs `action` with the newly selected row (nil for none) when the user selects.
    func onSelectionChange(_ action: @escaping @MainActor (Int?) -> Void) {
        let id = Signal.connect(UnsafeMutableRawPointer(selection), "notify::selected") { [weak self] in
            guard let self else { return }
            action(selectedPosition)
        }
        selectionHandler = SignalHandler(id: id)
    }
}

/// What a `ListViewWidget` shows in one list item: a widget built once, and how to
/// point it at the row at another position.
struct ListRowContent {
    let widget: Widget
    let show: @MainActor (Int) -> Void
}

/// One GtkListItem GTK made, and the content built for it at its first bind.
@MainActor
private final class ListSlot {
    var content: ListRowContent?
    var isBound = false
    /// The position and generation the content shows.
    var position = -1
    var generation = -1
}
