internal import CGtk
internal import CGtkShim

/// An AdwApplicationWindow (an AdwWindow when made without an application): a
/// window whose whole content, header bar included, is one widget.
final class WindowWidget: Widget {
    var window: UnsafeMutablePointer<GtkWindow> { gtk(GtkWindow.self) }
    private let isApplicationWindow: Bool

    init(application: ApplicationHandle?) {
        isApplicationWindow = application != nil
        super.init(application.map { adw_application_window_new($0.gtkApplication) } ?? adw_window_new())
    }

    func setTitle(_ title: String) { gtk_window_set_title(window, title) }

    /// The size it opens at; nil leaves an axis to the content.
    func setDefaultSize(width: Int?, height: Int?) {
        gtk_window_set_default_size(window, Int32(width ?? -1), Int32(height ?? -1))
    }

    func setContent(_ content: Widget) {
        add(content) {
            if isApplicationWindow {
                adw_application_window_set_content(gtk(AdwApplicationWindow.self), $0)
            } else {
                adw_window_set_content(gtk(AdwWindow.self), $0)
            }
        }
    }

    func present() { gtk_window_present(window) }

    /// If the keyboard focus is in text that can be edited (an entry's GtkText), undoes
    /// its last edit (its own `text.undo`, what its Ctrl+Z does) and returns true.
    func undoInFocusedText() -> Bool {
        guard let focus = gtk_window_get_focus(window), gtkkit_is_a(focus, gtk_editable_get_type()) != 0,
              gtk_editable_get_editable(OpaquePointer(focus)) != 0
        else { return false }
        gtk_widget_activate_action_variant(focus, "text.undo", nil)
        return true
    }
    func destroy() { gtk_window_destroy(window) }
    func maximize() { gtk_window_maximize(window) }
    func unmaximize() { gtk_window_unmaximize(window) }
    func fullscreen() { gtk_window_fullscreen(window) }
    func unfullscreen() { gtk_window_unfullscreen(window) }

    /// Calls `action` once, after the window's first frame is painted.
    func afterFirstPaint(_ action: @escaping @MainActor () -> Void) {
        gtkkit_after_first_paint(pointer, { data in
            MainActor.assumeIsolated {
                // safe: the C side hands back the pointer given to it, never NULL.
                Unmanaged<VoidAction>.fromOpaque(data!).takeRetainedValue().function()
            }
        }, VoidAction(action).retainedPointer())
    }
}

/// For the widgets that are windows (a `WindowWidget`, a message dialog).
extension Widget {
    /// Calls `action` once, when GTK takes this window out of its list of toplevels:
    /// `gtk_window_destroy` does that, but does not dispose a window we still hold.
    func onLeavingToplevels(_ action: @escaping @MainActor () -> Void) {
        // safe: GTK's list of toplevels exists for the life of the process.
        let toplevels = gtk_window_get_toplevels()!
        let handler = HandlerID()
        handler.id = Signal.connectItemsChanged(UnsafeMutableRawPointer(toplevels)) { [weak self] in
            guard let self, !Self.list(toplevels, contains: self.pointer) else { return }
            g_signal_handler_disconnect(UnsafeMutableRawPointer(toplevels), handler.id)
            action()
        }
    }

    private static func list(_ model: OpaquePointer, contains widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        for index in 0..<g_list_model_get_n_items(model) {
            guard let item = g_list_model_get_item(model, index) else { continue }
            g_object_unref(item)
            if item == UnsafeMutableRawPointer(widget) { return true }
        }
        return false
    }
}

/// A signal handler id filled in after the closure that disconnects it is made.
@MainActor
private final class HandlerID {
    var id: gulong = 0
}

/// An AdwHeaderBar with views at the start and the end, and a title widget.
final class HeaderBarWidget: Widget {
    init() { super.init(adw_header_bar_new()) }

    func packStart(_ child: Widget) { add(child) { adw_header_bar_pack_start(opaque, $0) } }
    func packEnd(_ child: Widget) { add(child) { adw_header_bar_pack_end(opaque, $0) } }
    func setTitleWidget(_ child: Widget) { add(child) { adw_header_bar_set_title_widget(opaque, $0) } }
}

/// An icon-only GtkMenuButton that opens a menu of app actions.
final class MenuButtonWidget: Widget {
    /// `sections` of (label, detailed action) items, shown with separators between them.
    init(iconName: String, name: String, sections: [[(label: String, action: String)]], primary: Bool) {
        super.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque, iconName)
        let menu = Menu(sections: sections)
        gtk_menu_button_set_menu_model(opaque, menu.model)
        // GTK 4.18 leaves the popover's items unnamed (gtkkit_name_menu_item). They are
        // built again once the window's actions reach the menu, so they are named each
        // time the menu opens.
        if let popover = gtk_menu_button_get_popover(opaque) {
            let widget = UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self)
            Signal.connect(UnsafeMutableRawPointer(widget), "map") {
                forEachWidget(in: widget) { gtkkit_name_menu_item($0) }
            }
        }
        gtk_menu_button_set_primary(opaque, primary ? 1 : 0)
        gtk_widget_set_tooltip_text(pointer, name)
        // GTK 4.8 names an icon-only menu button after its type; its inner toggle takes
        // the name from it.
        accessibleLabel = name
    }
}

/// A GMenu of sections, each a list of (label, detailed action) items.
@MainActor
final class Menu {
    let model: UnsafeMutablePointer<GMenuModel>
    private let menu: OpaquePointer

    init(sections: [[(label: String, action: String)]]) {
        menu = g_menu_new()
        model = UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
        for section in sections {
            let part: OpaquePointer = g_menu_new()
            for item in section { g_menu_append(part, item.label, item.action) }
            g_menu_append_section(menu, nil, UnsafeMutableRawPointer(part).assumingMemoryBound(to: GMenuModel.self))
            g_object_unref(UnsafeMutableRawPointer(part))
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(menu)) }
}
