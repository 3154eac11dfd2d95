import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// RubyText: readings over the segments they belong to, laid out height for width.
    @Suite("Ruby text") @MainActor
    struct RubyTextTests {
        @Test("readings make the same text taller, and no wider where they fit over it")
        func rubiesAddHeight() throws {
            let window = showWindow {
                VStack {
                    RubyText { segments("食[た] べる") }.widgetName("ruby")
                    RubyText { segments("食 べる") }.widgetName("plain")
                }
            }
            defer { window.close() }
            let ruby = try #require(widgetNamed("ruby", in: window))
            let plain = try #require(widgetNamed("plain", in: window))
            #expect(naturalHeight(ruby) > naturalHeight(plain))
            #expect(naturalHeight(ruby) >= naturalHeight(plain) * 3 / 2, "a band of half-size text on top")
            #expect(naturalWidth(ruby) == naturalWidth(plain), "た is narrower than 食")
        }

        @Test("an emphasised segment is set in bold: wider than the same text plain; the emphasis alone lays it out again")
        func emphasis() throws {
            let model = Word()
            let window = showWindow {
                VStack {
                    RubyText { [.init(base: "Word 語", ruby: nil, isEmphasised: true)] }.widgetName("bold")
                    RubyText { [.init(base: "Word 語", ruby: nil)] }.widgetName("plain")
                    RubyText { [.init(base: "Word 語", ruby: nil, isEmphasised: model.revision > 0)] }.widgetName("changing")
                }
            }
            defer { window.close() }
            let bold = try #require(widgetNamed("bold", in: window))
            let plain = try #require(widgetNamed("plain", in: window))
            let changing = try #require(widgetNamed("changing", in: window))
            #expect(naturalWidth(bold) > naturalWidth(plain))
            #expect(naturalWidth(changing) == naturalWidth(plain))
            model.revision = 1
            nextTurn()
            #expect(naturalWidth(changing) == naturalWidth(bold))
        }

        @Test("segments follow state and are laid out again; equal segments write nothing")
        func followsState() throws {
            let model = Word()
            let window = showWindow {
                RubyText {
                    _ = model.revision
                    return segments(model.notation)
                }
                .align(horizontal: .center, vertical: .center)
                .widgetName("ruby")
            }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let ruby = try #require(rubyWidget(in: window))
            let before = naturalWidth(widget)
            pump(until: { gtk_widget_get_width(widget) == before }, "食べる allocated its natural width")

            let writes = Diagnostics.widgetWrites
            model.notation = "取[と] り 消[け] す"
            nextTurn()
            #expect(Diagnostics.widgetWrites == writes + 1)
            #expect(ruby.segments.map(\.base) == ["取", "り", "消", "す"])
            #expect(naturalWidth(widget) > before)
            // GTK lays the widget out again: centred, it gets the new natural width.
            let after = naturalWidth(widget)
            pump(until: { gtk_widget_get_width(widget) == after }, "取り消す allocated its natural width")
            #expect(ruby.cellRectangles(width: Int(after), height: -1).count == 4)

            let evaluations = Diagnostics.evaluations
            model.revision += 1  // read again, the same segments
            nextTurn()
            #expect(Diagnostics.evaluations == evaluations + 1)
            #expect(Diagnostics.widgetWrites == writes + 1)
        }

        @Test("a narrow width wraps at segment boundaries into a taller text")
        func wraps() throws {
            let text = "一[いっ] 生[しょう] 懸[けん] 命[めい] に 取[と] り 消[け] す"
            let window = showWindow { RubyText { segments(text) }.widgetName("ruby") }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let ruby = try #require(rubyWidget(in: window))
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            #expect(minimum < natural)
            let oneLine = naturalHeight(widget, width: natural)
            let narrow = natural / 3
            #expect(naturalHeight(widget, width: narrow) >= 3 * oneLine)
            #expect(naturalHeight(widget, width: -1) == oneLine)

            let cells = ruby.cellRectangles(width: Int(narrow), height: -1)
            #expect(cells.count == 9, "every break falls between segments")
            let lines = Set(cells.map(\.base.y))
            #expect(lines.count >= 3)
            #expect(cells.allSatisfy { $0.base.x >= 0 && $0.base.x + $0.base.width <= Int32(narrow) })
        }

        @Test("no line starts with 。: the segment before it moves down with it")
        func noBreakBeforeClosingPunctuation() throws {
            let window = showWindow {
                VStack {
                    RubyText { segments("食[た] べる 。") }.widgetName("stop")
                    RubyText { segments("食[た] べる 物[もの]") }.widgetName("kanji")
                }
            }
            defer { window.close() }
            let rubies = rubyWidgets(in: window)
            #expect(rubies.count == 2)
            /// The lines of each cell, laid out one pixel short of one line.
            func lines(_ ruby: RubyWidget) -> [Int32] {
                let line = ruby.cellRectangles(width: -1, height: -1)
                let width = Int(line.map { $0.base.x + $0.base.width }.max() ?? 0) - Int(line[0].base.x)
                return ruby.cellRectangles(width: width - 1, height: -1).map(\.base.y)
            }
            let stop = lines(rubies[0])
            #expect(stop.count == 3)
            #expect(stop[0] < stop[1] && stop[1] == stop[2], "べる goes down with 。: \(stop)")
            // Positive control: before a kanji the text may break, and the last segment goes alone.
            let kanji = lines(rubies[1])
            #expect(kanji.count == 3)
            #expect(kanji[0] == kanji[1] && kanji[1] < kanji[2], "物 goes down alone: \(kanji)")
        }

        @Test("a long segment without ruby also breaks inside, between kana")
        func longKanaBreaks() throws {
            let window = showWindow { RubyText { segments("お 願[ねが] いいたします。ありがとうございました") }.widgetName("ruby") }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let ruby = try #require(rubyWidget(in: window))
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            let wide = ruby.cellRectangles(width: Int(natural), height: -1)
            #expect(wide.count == 3)
            let narrow = natural / 4
            let cells = ruby.cellRectangles(width: Int(narrow), height: -1)
            #expect(cells.count > 3, "the long kana segment is cut into pieces")
            #expect(cells.allSatisfy { $0.base.width <= narrow })
            #expect(minimum < natural / 8, "as narrow as one kana or its ruby: \(minimum) of \(natural)")
        }

        @Test("in a 360 px window the text wraps, and its height is its lines'")
        func heightForWidthInAPhoneWindow() throws {
            let sentence = "一[いっ] 生[しょう] 懸[けん] 命[めい] に 勉[べん] 強[きょう] して 試[し] 験[けん] に 合[ごう] 格[かく] した"
            let text = sentence + " " + sentence
            let window = showWindow(width: 360, height: 500) {
                VStack {
                    RubyText { segments(text) }.widgetName("ruby")
                    Text("below").widgetName("below")
                }
            }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let below = try #require(widgetNamed("below", in: window))
            let ruby = try #require(rubyWidget(in: window))
            let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
            #expect(width <= 360)
            let cells = ruby.cellRectangles(width: width, height: height)
            let lines = Set(cells.map(\.base.y)).count
            #expect(lines >= 2, "36 segments do not fit 360 px on one line")
            #expect(cells.allSatisfy { $0.base.x >= 0 && Int($0.base.x + $0.base.width) <= width })
            let bottom = cells.map { Int($0.base.y + $0.base.height) }.max() ?? 0
            #expect(bottom <= height, "the last line fits the allocation")
            // The label below starts under the last line.
            var origin = graphene_point_t(), point = graphene_point_t()
            #expect(gtk_widget_compute_point(below, widget, &origin, &point) != 0)
            #expect(Int(point.y) >= bottom)
        }

        @Test("assistive technology sees a label named by the text and its reading")
        func accessibleLabel() throws {
            let model = Word()
            let window = showWindow {
                VStack {
                    RubyText { segments(model.notation) }.widgetName("ruby")
                    RubyText { segments("ありがとう") }.widgetName("kana")
                    RubyText { segments(model.notation) }.accessibilityLabel("the word").widgetName("named")
                }
            }
            defer { window.close() }
            let ruby = try #require(widgetNamed("ruby", in: window))
            let kana = try #require(widgetNamed("kana", in: window))
            let named = try #require(widgetNamed("named", in: window))
            #expect(gtk_test_accessible_has_role(OpaquePointer(ruby), GTK_ACCESSIBLE_ROLE_LABEL) != 0)
            #expect(gtkkit_accessible_label_is(ruby, "食べる, たべる") != 0)
            #expect(gtkkit_accessible_label_is(kana, "ありがとう") != 0)
            #expect(gtkkit_accessible_label_is(named, "the word") != 0)

            model.notation = "お 茶[ちゃ]"
            nextTurn()
            #expect(gtkkit_accessible_label_is(ruby, "お茶, おちゃ") != 0)
            #expect(gtkkit_accessible_label_is(named, "the word") != 0, "the caller's name outlives new text")
        }

        @Test("rubies never overlap: a wide ruby reaches over kana or spaces its base apart, and sits centred above it")
        func rubiesNeverOverlap() throws {
            let text = "一[いっ] 生[しょう] 懸[けん] 命[めい] 承[うけたまわ] る 今日[きょう] は"
            let window = showWindow { RubyText { segments(text) }.widgetName("ruby") }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let ruby = try #require(rubyWidget(in: window))
            var natural: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            for width in [Int(natural), Int(natural) / 2, 60] {
                let cells = ruby.cellRectangles(width: width, height: -1)
                #expect(cells.count == 8)
                let rubies = cells.compactMap(\.ruby)
                #expect(rubies.count == 6)
                for (a, b) in zip(rubies, rubies.dropFirst()) where a.y == b.y {
                    #expect(a.x + a.width <= b.x, "at \(width) px: \(a) overlaps \(b)")
                }
                for (a, b) in zip(cells, cells.dropFirst()) where a.base.y == b.base.y {
                    #expect(a.base.x + a.base.width <= b.base.x, "at \(width) px")
                }
                for cell in cells {
                    guard let over = cell.ruby else { continue }
                    let centres = (2 * over.x + over.width, 2 * cell.base.x + cell.base.width)
                    #expect(abs(centres.0 - centres.1) <= 2, "centred: \(over) over \(cell.base)")
                    #expect(over.y + over.height <= cell.base.y, "above: \(over) over \(cell.base)")
                }
            }
            // 承 is one kanji under five kana at half size: its ruby reaches over る, by
            // no more than half of it, rather than push it away.
            let line = ruby.cellRectangles(width: -1, height: -1)
            let kanji = line[4], kana = line[5]
            let over = try #require(kanji.ruby)
            #expect(over.width > 2 * kanji.base.width)
            #expect(over.x + over.width > kana.base.x)
            #expect(over.x + over.width <= kana.base.x + kana.base.width / 2)
            #expect(kanji.base.x + kanji.base.width <= kana.base.x)
        }

        @Test("rubies are drawn where their rectangles are, in the text's colour")
        func drawsRubies() throws {
            let window = showWindow(width: 400, height: 300) {
                RubyText { segments("取[と] り 消[け] す") }.widgetName("ruby").cssClass("title-1")
            }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let ruby = try #require(rubyWidget(in: window))
            pump(until: { WidgetPixels(of: widget) != nil }, "drawn")
            let pixels = try #require(WidgetPixels(of: widget))
            let cells = ruby.cellRectangles(width: pixels.width, height: pixels.height)
            #expect(cells.count == 4)
            func inked(_ rectangle: GdkRectangle) -> Int {
                var count = 0
                for y in Int(rectangle.y)..<Int(rectangle.y + rectangle.height) {
                    for x in Int(rectangle.x)..<Int(rectangle.x + rectangle.width) where pixels.color(x: x, y: y).alpha > 100 {
                        count += 1
                    }
                }
                return count
            }
            for cell in cells {
                #expect(inked(cell.base) > 0, "a base is drawn in \(cell.base)")
                if let over = cell.ruby { #expect(inked(over) > 0, "a ruby is drawn in \(over)") }
            }
            // Above り, a kana without ruby, the band is empty.
            let bare = cells[1].base, band = try #require(cells[0].ruby)
            #expect(inked(GdkRectangle(x: bare.x, y: band.y, width: bare.width, height: band.height)) == 0)
        }

        @Test("overlines: a line over the characters they cover, a downstroke where it drops, a band kept above for them")
        func overlines() throws {
            let model = Marks()
            let window = showWindow(width: 400, height: 300) {
                VStack {
                    RubyText(overlines: { model.overlines }) { segments("先[せん] 生[せい]") }
                        .widgetName("marked").cssClass("title-1")
                    RubyText { segments("先[せん] 生[せい]") }.widgetName("unmarked").cssClass("title-1")
                }
            }
            defer { window.close() }
            let marked = try #require(widgetNamed("marked", in: window))
            let unmarked = try #require(widgetNamed("unmarked", in: window))
            let ruby = try #require(rubyWidget(in: window))
            #expect(naturalHeight(marked) == naturalHeight(unmarked), "no band without overlines")
            #expect(ruby.overlineRectangles(width: -1, height: -1).isEmpty)

            // せんせい, nakadaka 3: high over ん and せ (across the two rubies), down after せ.
            model.overlines = [RubyText.Overline(characters: 1..<3, dropsAtEnd: true)]
            pump(until: { naturalHeight(marked) > naturalHeight(unmarked) }, "a band above the rubies")
            pump(until: { WidgetPixels(of: marked).map { $0.height == gtk_widget_get_height(marked) } ?? false }, "drawn")
            let pixels = try #require(WidgetPixels(of: marked))
            let cells = ruby.cellRectangles(width: pixels.width, height: pixels.height)
            let marks = ruby.overlineRectangles(width: pixels.width, height: pixels.height)
            let first = try #require(cells[0].ruby), second = try #require(cells[1].ruby)
            // Two lines (ん; せ) and one downstroke, all above or at the rubies' top.
            #expect(marks.count == 3)
            let lines = marks.filter { $0.width > $0.height }, drops = marks.filter { $0.height > $0.width }
            #expect(lines.count == 2 && drops.count == 1)
            let ruled = lines.map { $0.x }.min() ?? 0, ruledEnd = lines.map { $0.x + $0.width }.max() ?? 0
            #expect(ruled > first.x && ruled < first.x + first.width, "starts after せ, over ん")
            #expect(ruledEnd > second.x && ruledEnd < second.x + second.width, "ends after せ, before い")
            #expect(lines.allSatisfy { $0.y + $0.height <= first.y })
            // The line runs on from ん to せ: no gap between the two rubies.
            let sorted = lines.sorted { $0.x < $1.x }
            #expect(sorted[0].x + sorted[0].width >= sorted[1].x)
            let drop = try #require(drops.first)
            #expect(drop.x + drop.width == ruledEnd && drop.y + drop.height > second.y, "down into the ruby")
            // Drawn: the line's pixels are inked, the band beside it is not.
            func inked(_ rectangle: GdkRectangle) -> Bool {
                (Int(rectangle.y)..<Int(rectangle.y + rectangle.height)).contains { y in
                    (Int(rectangle.x)..<Int(rectangle.x + rectangle.width)).contains { x in pixels.color(x: x, y: y).alpha > 100 }
                }
            }
            #expect(marks.allSatisfy(inked))
            #expect(!inked(GdkRectangle(x: first.x, y: sorted[0].y, width: max(1, ruled - first.x - 1), height: sorted[0].height)))

            model.overlines = []
            pump(until: { naturalHeight(marked) == naturalHeight(unmarked) }, "the band goes with the overlines")
        }

        @Test("overlines over text without rubies, and a kana between kanji, sit just above it")
        func overlinesOverKana() throws {
            let window = showWindow(width: 400, height: 300) {
                VStack {
                    RubyText(overlines: { [RubyText.Overline(characters: 0..<1, dropsAtEnd: true)] }) { segments("はし") }
                        .widgetName("kana")
                    RubyText(overlines: { [RubyText.Overline(characters: 1..<2, dropsAtEnd: true)] }) { segments("食[た] べる") }
                        .widgetName("mixed")
                }
            }
            defer { window.close() }
            let rubies = rubyWidgets(in: window)
            let kana = try #require(rubies.first), mixed = try #require(rubies.last)
            let kanaCells = kana.cellRectangles(width: -1, height: -1)
            let kanaMarks = kana.overlineRectangles(width: -1, height: -1)
            #expect(kanaMarks.count == 2)
            #expect(kanaMarks.allSatisfy { $0.y < kanaCells[0].base.y })
            #expect(kanaMarks.map { $0.x + $0.width }.max() ?? 0 < kanaCells[0].base.x + kanaCells[0].base.width, "over は only")
            let cells = mixed.cellRectangles(width: -1, height: -1)
            let marks = mixed.overlineRectangles(width: -1, height: -1)
            let ta = try #require(cells[0].ruby)
            let line = try #require(marks.first { $0.width > $0.height })
            #expect(line.x >= cells[1].base.x && line.y > ta.y, "over べ, below the band's top")
            #expect(line.y < cells[1].base.y)
        }

        @Test("the font follows CSS: a style class with a larger font-size makes larger text")
        func followsCSSFont() throws {
            let provider = gtk_css_provider_new()!
            defer { g_object_unref(provider) }
            gtk_css_provider_load_from_data(provider, ".ruby-test-large { font-size: 48px; }", -1)
            let display = gdk_display_get_default()!
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
            let window = showWindow {
                VStack {
                    RubyText { segments("取[と] り 消[け] す") }.widgetName("default")
                    RubyText { segments("取[と] り 消[け] す") }.widgetName("large").cssClass("ruby-test-large")
                }
            }
            defer { window.close() }
            let small = try #require(widgetNamed("default", in: window))
            let large = try #require(widgetNamed("large", in: window))
            #expect(naturalHeight(large) > 2 * naturalHeight(small))
            #expect(naturalWidth(large) > 2 * naturalWidth(small))
        }

        @Test("the text follows the desktop's text scaling (gtk-xft-dpi)")
        func followsTextScaling() throws {
            let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
            let dpi = intProperty(settings, "gtk-xft-dpi")
            defer { setIntProperty(settings, "gtk-xft-dpi", dpi) }
            let window = showWindow { RubyText { segments("取[と] り 消[け] す") }.widgetName("ruby") }
            defer { window.close() }
            let widget = try #require(widgetNamed("ruby", in: window))
            let before = naturalHeight(widget)
            // -1 is the default, 96 dpi.
            setIntProperty(settings, "gtk-xft-dpi", 2 * (dpi > 0 ? dpi : 96 * 1024))
            pump(until: { naturalHeight(widget) > before * 3 / 2 }, "twice the text scale, about twice the height")
        }
    }
}

/// Segments written "取[と] り 消[け] す": space-separated, a ruby in brackets.
private func segments(_ notation: String) -> [RubyText.Segment] {
    notation.split(separator: " ").map { piece in
        guard let open = piece.firstIndex(of: "["), piece.last == "]" else {
            return RubyText.Segment(base: String(piece), ruby: nil)
        }
        return RubyText.Segment(
            base: String(piece[..<open]), ruby: String(piece[piece.index(after: open)..<piece.index(before: piece.endIndex)]))
    }
}

@MainActor
private func naturalHeight(_ widget: UnsafeMutablePointer<GtkWidget>, width: Int32 = -1) -> Int32 {
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
    return natural
}

@MainActor
private func naturalWidth(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
    return natural
}

/// The first ruby's wrapper, found through the window's wrapper tree.
@MainActor
private func rubyWidget(in window: Window) -> RubyWidget? {
    rubyWidgets(in: window).first
}

/// Every ruby's wrapper in the window, in tree order.
@MainActor
private func rubyWidgets(in window: Window) -> [RubyWidget] {
    func find(_ widget: Widget) -> [RubyWidget] {
        (widget as? RubyWidget).map { [$0] } ?? widget.children.flatMap(find)
    }
    return find(window.widget)
}

// NB: g_object_get and g_object_set are variadic; a GValue goes through the typed calls.
private let intType = GType(6 << G_TYPE_FUNDAMENTAL_SHIFT)  // G_TYPE_INT

@MainActor
private func intProperty(_ object: UnsafeMutableRawPointer, _ name: String) -> Int32 {
    var value = GValue()
    g_value_init(&value, intType)
    defer { g_value_unset(&value) }
    g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    return g_value_get_int(&value)
}

@MainActor
private func setIntProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ number: Int32) {
    var value = GValue()
    g_value_init(&value, intType)
    defer { g_value_unset(&value) }
    g_value_set_int(&value, number)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
}

@Observable @MainActor private final class Marks {
    var overlines: [RubyText.Overline] = []
}

@Observable @MainActor private final class Word {
    var notation = "食[た] べる"
    /// Read with the notation; a new revision can give the same segments.
    var revision = 0
}
