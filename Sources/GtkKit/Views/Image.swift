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
