import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `Picker` over any `Hashable` selection, its options tagged texts.
    @Suite("Picker with tags") @MainActor
    struct PickerTests {
        @Test("choosing an option writes its tag to the selection")
        func writesTag() {
            let model = Order()
            let window = showWindow {
                Picker("Sort by", selection: Bindable(model).sort) {
                    Text("Deck").tag(Sort.deck)
                    Text("Due").tag(Sort.due)
                    Text("Word").tag(Sort.word)
                }
                .widgetName("sort")
            }
            defer { window.close() }
            let dropDown: OpaquePointer = typed(widgetNamed("sort", in: window)!)
            // Positive control: the selection's option shows, so positions map to tags.
            #expect(gtk_drop_down_get_selected(dropDown) == 0)
            gtk_drop_down_set_selected(dropDown, 2)
            #expect(model.sort == .word)
            gtk_drop_down_set_selected(dropDown, 1)
            #expect(model.sort == .due)
        }

        @Test("a change of the selection shows the option with that tag, and none for a value no option has")
        func showsSelection() {
            let model = Order()
            let window = showWindow {
                Picker("Sort by", selection: Bindable(model).sort) {
                    for sort in [Sort.deck, .due, .word] { Text("\(sort)").tag(sort) }
                }
                .widgetName("sort")
            }
            defer { window.close() }
            let dropDown: OpaquePointer = typed(widgetNamed("sort", in: window)!)
            let strings = gtk_drop_down_get_model(dropDown)
            #expect(g_list_model_get_n_items(strings) == 3, "one option per tagged text, from a for loop")
            model.sort = .word
            nextTurn()
            #expect(gtk_drop_down_get_selected(dropDown) == 2)
            model.sort = .state
            nextTurn()
            if gtk_get_minor_version() <= 8 {
                #expect(gtk_drop_down_get_selected(dropDown) == GTK_INVALID_LIST_POSITION)
            } else {
                // GTK 4.18's drop-down ignores an unselection (its single selection
                // autoselects): it keeps the option it showed.
                #expect(gtk_drop_down_get_selected(dropDown) == 2)
            }
            #expect(model.sort == .state, "showing no option writes nothing back")
        }
    }
}

private enum Sort: Hashable { case deck, due, state, word }

@Observable @MainActor private final class Order {
    var sort = Sort.deck
}
