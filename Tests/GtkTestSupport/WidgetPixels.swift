import CGtk

/// What a widget looked like in its last frame, pixel by pixel.
public struct WidgetPixels {
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB32 in native byte order: blue, green, red, alpha on x86 and ARM.
    private let bytes: [UInt8]

    /// One pixel, its colour channels unpremultiplied (0...255); transparent is all zero.
    public func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let offset = (y * width + x) * 4
        let alpha = Int(bytes[offset + 3])
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func straight(_ channel: UInt8) -> Int { (Int(channel) * 255 + alpha / 2) / alpha }
        return (straight(bytes[offset + 2]), straight(bytes[offset + 1]), straight(bytes[offset]), alpha)
    }

    /// Renders the render node `widget` draws now with a cairo renderer of its own, and
    /// reads the texture back. nil when the widget has not been drawn yet.
    ///
    /// Not with the window's renderer: GTK 4.8's GL renderer shares one texture cache
    /// between windows, keyed by the render node's address, so a node made at the address
    /// of a freed one (a test's window closed just before) could be drawn as that one
    /// was, with the bars of an earlier test's chart.
    @MainActor
    public init?(of widget: UnsafeMutablePointer<GtkWidget>) {
        let width = Int(gtk_widget_get_width(widget))
        let height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              gtk_native_get_renderer(native) != nil,
              let renderer = gsk_cairo_renderer_new()
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(renderer)) }
        guard gsk_renderer_realize(renderer, gtk_native_get_surface(native), nil) != 0 else { return nil }
        defer { gsk_renderer_unrealize(renderer) }
        guard let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        gdk_texture_download(texture, &bytes, gsize(width * 4))
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
