internal import CGtk
internal import CGtkShim

/// What a widget is to assistive technology, when GTK's default for its type is wrong.
enum AccessibleRole {
    /// An image that says something (GTK's default for an image).
    case image
    /// Decoration: left out of the accessibility tree.
    case presentation
    /// A message announced as it appears.
    case alert
    case dialog
    case window
    /// The title of a column of a table or list.
    case columnHeader

    var gtk: GtkAccessibleRole {
        switch self {
        case .image: GTK_ACCESSIBLE_ROLE_IMG
        case .presentation: GTK_ACCESSIBLE_ROLE_PRESENTATION
        case .alert: GTK_ACCESSIBLE_ROLE_ALERT
        case .dialog: GTK_ACCESSIBLE_ROLE_DIALOG
        case .window: GTK_ACCESSIBLE_ROLE_WINDOW
        case .columnHeader: GTK_ACCESSIBLE_ROLE_COLUMN_HEADER
        }
    }
}

extension Widget {
    /// A new widget of `type` with an accessible role (a construct-only property).
    static func make(_ type: GType, role: AccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        gtkkit_widget_new_with_role(type, role.gtk)
    }
}

/// A GtkLabel.
final class LabelWidget: Widget {
    init(_ text: String = "", role: AccessibleRole? = nil) {
        super.init(role.map { Widget.make(gtk_label_get_type(), role: $0) } ?? gtk_label_new(nil))
        if !text.isEmpty { gtk_label_set_text(opaque, text) }
    }

    /// Sets the text, keeping an accessible name set apart from it.
    func setText(_ text: String) {
        gtk_label_set_text(opaque, text)
        reapplyAccessibleLabel()
    }

    /// Sets the text as Pango markup (already escaped by the caller).
    func setMarkup(_ markup: String) {
        gtk_label_set_markup(opaque, markup)
        reapplyAccessibleLabel()
    }

    /// Wraps onto several lines at word (or, for one long word, character) boundaries.
    func setWrapping(alignment: Alignment) {
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
        let start = alignment == .start
        gtk_label_set_justify(opaque, start ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(opaque, start ? 0 : 0.5)
    }

    /// One line, cut short with "…" at the end where it does not fit; its minimum
    /// width is that of the ellipsis, so it takes what room it is given.
    func setTruncating() {
        gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(opaque, 1)
        gtk_label_set_xalign(opaque, 0)
    }

    func setXAlignment(_ fraction: Float) { gtk_label_set_xalign(opaque, fraction) }
}

/// A GtkImage, informative or decorative.
final class ImageWidget: Widget {
    init(role: AccessibleRole) { super.init(Widget.make(gtk_image_get_type(), role: role)) }

    func setIconName(_ name: String) { gtk_image_set_from_icon_name(opaque, name) }
    func setFile(_ path: String) { gtk_image_set_from_file(opaque, path) }
    func setPixelSize(_ size: Int) { gtk_image_set_pixel_size(opaque, Int32(size)) }
}
