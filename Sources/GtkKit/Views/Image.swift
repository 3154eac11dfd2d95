import CGtk

/// An icon from the icon theme, or a picture file (GtkImage).
public struct Image: PrimitiveView {
    private enum Source {
        case iconName(String)
        case file(String)
    }
    private let source: Source
    private var pixelSize: Int?

    /// An icon by its theme name, e.g. "emblem-ok-symbolic".
    public init(iconName: String) { source = .iconName(iconName) }

    /// An image file (PNG, SVG) on disk.
    public init(file path: String) { source = .file(path) }

    /// The icon's size in pixels.
    public func pixelSize(_ size: Int) -> Image {
        var copy = self
        copy.pixelSize = size
        return copy
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let image: Widget
        switch source {
        case .iconName(let name): image = Widget(gtk_image_new_from_icon_name(name))
        case .file(let path): image = Widget(gtk_image_new_from_file(path))
        }
        if let pixelSize { gtk_image_set_pixel_size(image.raw(), Int32(pixelSize)) }
        return [image]
    }
}

/// A thin line between groups (GtkSeparator), across its stack's axis.
public struct Separator: PrimitiveView {
    public init() {}

    public func _build(in context: BuildContext) -> [Widget] {
        let crossAxis: Axis = context.axis == .vertical ? .horizontal : .vertical
        return [Widget(gtk_separator_new(crossAxis.orientation))]
    }
}

/// Scrolls its content when it does not fit (GtkScrolledWindow).
public struct ScrollView<Content: View>: PrimitiveView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public func _build(in context: BuildContext) -> [Widget] {
        let scroller = Widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(scroller.raw(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scroller.raw(), 1)
        gtk_scrolled_window_set_propagate_natural_width(scroller.raw(), 1)
        let child = content.buildOne(in: context)
        gtk_scrolled_window_set_child(scroller.raw(), child.pointer)
        scroller.adopt(child)
        return [scroller]
    }
}
