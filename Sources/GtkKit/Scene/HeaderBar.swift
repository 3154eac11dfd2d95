import CGtk
import CGtkShim

/// A window's header bar: the title, views at the start, and a primary menu.
@MainActor
public struct HeaderBar {
    /// One primary-menu entry: a label and a detailed action name ("app.about").
    public struct MenuItem: Sendable {
        public let label: String
        public let action: String
        public init(_ label: String, action: String) {
            self.label = label
            self.action = action
        }
    }

    let start: AnyView?
    let menu: [[MenuItem]]

    /// `menu` is a list of sections, shown with separators between them.
    public init<Start: View>(menu: [[MenuItem]], @ViewBuilder start: () -> Start) {
        self.start = AnyView(start())
        self.menu = menu
    }

    public init(menu: [[MenuItem]]) {
        start = nil
        self.menu = menu
    }

    func build(in context: BuildContext) -> Widget {
        let bar = Widget(gtk_header_bar_new())
        if let start {
            for child in start._build(in: context) {
                gtk_header_bar_pack_start(bar.raw(), child.pointer)
                bar.adopt(child)
            }
        }
        if !menu.isEmpty {
            // safe: GLib and GTK constructors abort on out-of-memory; they never return NULL.
            let model = g_menu_new()!
            for section in menu {
                let part = g_menu_new()!  // safe: as above
                for item in section { g_menu_append(part, item.label, item.action) }
                g_menu_append_section(model, nil, menuModel(part))
                g_object_unref(UnsafeMutableRawPointer(part))
            }
            let button = Widget(gtk_menu_button_new())
            gtk_menu_button_set_icon_name(button.raw(), "open-menu-symbolic")
            gtk_menu_button_set_menu_model(button.raw(), menuModel(model))
            gtk_menu_button_set_primary(button.raw(), 1)
            gtk_widget_set_tooltip_text(button.pointer, "Main Menu")
            // GTK 4.8 names an icon-only menu button after its type; its inner
            // toggle takes the name from it.
            gtkkit_set_accessible_label(button.pointer, "Main Menu")
            g_object_unref(UnsafeMutableRawPointer(model))
            gtk_header_bar_pack_end(bar.raw(), button.pointer)
            bar.adopt(button)
        }
        return bar
    }
}

private func menuModel(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
    UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
}
