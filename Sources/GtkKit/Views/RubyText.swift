/// Text with readings set over the parts they belong to: furigana over kanji, or any
/// ruby annotation (a GtkKitRuby).
///
/// ```swift
/// RubyText {
///     [.init(base: "取", ruby: "と"), .init(base: "り", ruby: nil),
///      .init(base: "消", ruby: "け"), .init(base: "す", ruby: nil)]
/// }
/// .cssClass("card-word")
/// ```
///
/// The closure is a binding: when state it reads changes, the text is laid out again
/// (only if the segments differ). Each ruby is centred over its segment in a font half
/// the size of the view's, in the same colour, slightly lighter; a ruby wider than its
/// segment reaches a little over neighbouring segments without ruby (kana), and beyond
/// that spaces the text apart, so rubies never overlap. Lines break between segments
/// where the text allows a break (not before 。 nor inside a Latin word, unless a line
/// cannot hold the segments around it; a long segment without ruby may break inside)
/// and are centred, or follow `.align(horizontal:)`. The font is the view's CSS font, so a style class that sets
/// `font-size` applies, and so does the desktop's text scaling.
///
/// A segment may be emphasised: its base is set in bold (`isEmphasised`), as a word
/// marked in a sentence is.
///
/// To a screen reader the view is a label named "取り消す, とりけす": the text, then the
/// reading, where a segment without ruby reads as itself; the text alone when no
/// segment has a ruby. `.accessibilityLabel(_:)` replaces that name.
///
/// Overlines mark stretches of the text as read (the rubies, and the segments without
/// one), each turning down at its end where it drops, as a word's pitch accent is
/// written (橋, はし: a line over し and down after it):
///
/// ```swift
/// RubyText(overlines: { [.init(characters: 1..<2, dropsAtEnd: true)] }) {
///     [.init(base: "橋", ruby: "はし")]
/// }
/// ```
///
/// They are drawn in the rubies' colour, a whole number of pixels thick, above the
/// rubies (or the text, when it has none) in a band kept for them while there are any.
public struct RubyText: PrimitiveView {
    /// A run of text and the reading set over it.
    public struct Segment: Equatable, Sendable {
        public var base: String
        /// nil (or empty) for a segment with nothing over it.
        public var ruby: String?
        /// Whether the base is set in bold, as a word marked in a sentence.
        public var isEmphasised: Bool

        public init(base: String, ruby: String?, isEmphasised: Bool = false) {
            self.base = base
            self.ruby = ruby
            self.isEmphasised = isEmphasised
        }
    }

    /// A line over part of the text as read: its Unicode characters (scalars), counted
    /// over each segment's ruby, or the segment itself where it has none.
    public struct Overline: Equatable, Sendable {
        public var characters: Range<Int>
        /// Whether the line turns down at its end (a drop in pitch).
        public var dropsAtEnd: Bool

        public init(characters: Range<Int>, dropsAtEnd: Bool) {
            self.characters = characters
            self.dropsAtEnd = dropsAtEnd
        }
    }

    private let segments: @MainActor () -> [Segment]
    private let overlines: @MainActor () -> [Overline]

    /// Text whose segments follow the state `segments` reads, with the lines `overlines`
    /// over its reading (none unless given).
    public init(
        overlines: @escaping @MainActor () -> [Overline] = { [] }, _ segments: @escaping @MainActor () -> [Segment]
    ) {
        self.segments = segments
        self.overlines = overlines
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let ruby = RubyWidget()
        ruby.bind("segments", segments) { ruby, segments in
            ruby.setSegments(segments)
            // An empty text says nothing: out of the accessibility tree, as an empty Text.
            ruby.setHiddenFromAssistiveTechnology(segments.allSatisfy { $0.base.isEmpty })
        }
        ruby.bind("overlines", overlines) { ruby, overlines in ruby.setOverlines(overlines) }
        return [ruby]
    }
}
