/// An icon from the icon theme, or a picture file (GtkImage).
///
/// An image either says something, and then has an accessible name a screen reader
/// speaks, or is decorative and hidden from assistive technology altogether; there
/// is no third kind that a screen reader announces as "GtkImage".
public struct Image: PrimitiveView {
    private enum Source {
        case iconName(String)
        case file(String)
    }
    private let source: Source
    /// nil for a decorative image.
    private let label: String?
    private var pixelSize: Int?

    /// An informative icon by its theme name, e.g. "emblem-ok-symbolic"; `label` is
    /// what a screen reader says for it.
    public init(iconName: String, label: String) {
        source = .iconName(iconName)
        self.label = label
    }

    /// An icon that only decorates (the text next to it says the same).
    public init(decorativeIconName iconName: String) {
        source = .iconName(iconName)
        label = nil
    }

    /// An informative image file (PNG, SVG) on disk.
    public init(file path: String, label: String) {
        source = .file(path)
        self.label = label
    }

    /// The icon's size in pixels.
    public func pixelSize(_ size: Int) -> Image {
        var copy = self
        copy.pixelSize = size
        return copy
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let image = ImageWidget(role: label == nil ? .presentation : .image)
        switch source {
        case .iconName(let name): image.setIconName(name)
        case .file(let path): image.setFile(path)
        }
        if let label { image.accessibleLabel = label }
        if let pixelSize { image.setPixelSize(pixelSize) }
        return [image]
    }
}
