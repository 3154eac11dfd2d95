import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `.contextMenu { … }`: a menu of buttons over a view.
    @Suite("Context menu", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct ContextMenuTests {
        @Test("a right-click opens the menu, a left-click does not; an item runs its action and closes it")
        func rightClickOpensMenu() throws {
            var edits = 0
            let window = showWindow {
                Text("a card").padding(20).widgetName("row")
                    .contextMenu {
                        Button("Edit") { edits += 1 }.widgetName("menu-edit")
                        Button("Delete") {}.widgetName("menu-delete")
                    }
            }
            defer { window.close() }
            let row = try #require(widgetNamed("row", in: window))
            let root: UnsafeMutablePointer<GtkWidget> = typed(window.gtkWindow)
            try activate(root)
            let probe = InputProbe(on: root)
            defer { probe.detach() }
            try click(button: 1, on: row)
            pump(until: { probe.buttonReleases == 1 }, "the window had the left-click")
            nextTurn()
            #expect(!isMapped(widgetNamedAnywhere("menu-edit")), "control: a left-click opens no menu")
            // (The menu takes the pointer as it opens: the release goes to it, not the window.)
            try click(button: 3, on: row)
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "the right-click opened the menu")
            #expect(isMapped(widgetNamedAnywhere("menu-delete")), "with every item")
            gtkkit_emit(try #require(widgetNamedAnywhere("menu-edit")), "clicked")
            #expect(edits == 1, "the item's action ran")
            pump(until: { !isMapped(widgetNamedAnywhere("menu-edit")) }, "and the menu closed")
        }

        @Test("onOpen runs each time the menu is asked for, before its items are built and shown")
        func onOpenRunsFirst() throws {
            var opened = 0
            var openedWhenBuilt: [Int] = []
            let window = showWindow {
                Button("a card") {}.widgetName("row")
                    .contextMenu(onOpen: { opened += 1 }) {
                        Button("Edit") {}.widgetName("menu-edit")
                            .onAppear { openedWhenBuilt.append(opened) }
                    }
            }
            defer { window.close() }
            let row = try #require(widgetNamed("row", in: window))
            try activate(typed(window.gtkWindow))
            #expect(gtk_widget_grab_focus(row) != 0)
            nextTurn()
            #expect(opened == 0, "control: nothing runs until the menu is asked for")
            WindowManager.run("xdotool", ["key", "shift+F10"])
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "Shift+F10 opened the menu")
            #expect(openedWhenBuilt == [1], "onOpen ran before the item was shown")
            WindowManager.run("xdotool", ["key", "Escape"])
            pump(until: { !isMapped(widgetNamedAnywhere("menu-edit")) }, "Escape closed it")
            pump(until: { gtk_widget_has_focus(row) != 0 }, "the focus is back on the view")
            WindowManager.run("xdotool", ["key", "Menu"])
            pump(until: { opened == 2 }, "onOpen ran again for the second opening")
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "the Menu key opened it")
        }

        @Test("Shift+F10 and the Menu key open the menu while the focus is in the view")
        func keysOpenMenu() throws {
            let window = showWindow {
                Button("a card") {}.widgetName("row")
                    .contextMenu { Button("Edit") {}.widgetName("menu-edit") }
            }
            defer { window.close() }
            let row = try #require(widgetNamed("row", in: window))
            try activate(typed(window.gtkWindow))
            #expect(gtk_widget_grab_focus(row) != 0)
            nextTurn()
            #expect(!isMapped(widgetNamedAnywhere("menu-edit")), "control: closed until asked for")
            WindowManager.run("xdotool", ["key", "shift+F10"])
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "Shift+F10 opened the menu")
            WindowManager.run("xdotool", ["key", "Escape"])
            pump(until: { !isMapped(widgetNamedAnywhere("menu-edit")) }, "Escape closed it")
            pump(until: { gtk_widget_has_focus(row) != 0 }, "the focus is back on the view")
            WindowManager.run("xdotool", ["key", "Menu"])
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "the Menu key opened it")
        }

        @Test("a window closed with its menu open gives the pointer back to the next window")
        func closingWithMenuOpen() throws {
            let first = showWindow {
                Button("a card") {}.widgetName("row")
                    .contextMenu { Button("Edit") {}.widgetName("menu-edit") }
            }
            let row = try #require(widgetNamed("row", in: first))
            try activate(typed(first.gtkWindow))
            #expect(gtk_widget_grab_focus(row) != 0)
            WindowManager.run("xdotool", ["key", "shift+F10"])
            pump(until: { isMapped(widgetNamedAnywhere("menu-edit")) }, "the menu is open")
            first.close()
            let next = showWindow { Text("next").padding(20).widgetName("next") }
            defer { next.close() }
            let root: UnsafeMutablePointer<GtkWidget> = typed(next.gtkWindow)
            try activate(root)
            let probe = InputProbe(on: root)
            defer { probe.detach() }
            try click(button: 1, on: try #require(widgetNamed("next", in: next)))
            pump(until: { probe.buttonReleases == 1 }, "the next window has the click")
        }
    }
}

