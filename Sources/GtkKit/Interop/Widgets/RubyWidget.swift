internal import CGtk
internal import CGtkShim

/// A GtkKitRuby (CGtkShim's ruby.c): text in segments, each with an optional ruby
/// centred over it, wrapping at segment boundaries; a label to assistive technology,
/// named "text, reading".
final class RubyWidget: Widget {
    private(set) var segments: [RubyText.Segment] = []

    init() { super.init(gtkkit_ruby_new()) }

    /// Shows `segments`, keeping an accessible name set apart from them.
    func setSegments(_ segments: [RubyText.Segment]) {
        self.segments = segments
        withCStrings(segments.map(\.base)) { bases in
            withCStrings(segments.map { $0.ruby ?? "" }) { rubies in
                let emphasised = segments.map { gboolean($0.isEmphasised ? 1 : 0) }
                gtkkit_ruby_set_segments(opaque, bases, rubies, emphasised, Int32(segments.count))
            }
        }
        // The widget names itself after its text, as a GtkLabel does.
        reapplyAccessibleLabel()
    }

    /// Draws `overlines` over the text as read.
    func setOverlines(_ overlines: [RubyText.Overline]) {
        let starts = overlines.map { Int32(clamping: $0.characters.lowerBound) }
        let ends = overlines.map { Int32(clamping: $0.characters.upperBound) }
        let drops = overlines.map { gboolean($0.dropsAtEnd ? 1 : 0) }
        gtkkit_ruby_set_overlines(opaque, starts, ends, drops, Int32(overlines.count))
    }

    /// Where the overlines and their downstrokes are drawn at `width` × `height` (-1:
    /// the natural size).
    func overlineRectangles(width: Int, height: Int) -> [GdkRectangle] {
        var capacity = 4
        while true {
            var rectangles = [GdkRectangle](repeating: GdkRectangle(), count: capacity)
            let count = Int(gtkkit_ruby_get_overline_rectangles(opaque, Int32(width), Int32(height), &rectangles, Int32(capacity)))
            guard count > capacity else { return Array(rectangles.prefix(count)) }
            capacity = count
        }
    }

    /// Where each cell's base and ruby are drawn at `width` × `height` (-1: the
    /// natural size, on one line): one per segment, more when a long segment breaks
    /// across lines.
    func cellRectangles(width: Int, height: Int) -> [(base: GdkRectangle, ruby: GdkRectangle?)] {
        var capacity = max(1, segments.count)
        while true {
            var bases = [GdkRectangle](repeating: GdkRectangle(), count: capacity)
            var rubies = bases
            let count = Int(gtkkit_ruby_get_rectangles(
                opaque, Int32(width), Int32(height), &bases, &rubies, Int32(capacity)))
            guard count > capacity else {
                return (0..<count).map { (bases[$0], rubies[$0].width > 0 ? rubies[$0] : nil) }
            }
            capacity = count
        }
    }
}
