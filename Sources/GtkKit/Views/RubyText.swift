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
/// To a screen reader the view is a label named "取り消す, とりけす": the text, then the
/// reading, where a segment without ruby reads as itself; the text alone when no
/// segment has a ruby. `.accessibilityLabel(_:)` replaces that name.
public struct RubyText: PrimitiveView {
    /// A run of text and the reading set over it.
    public struct Segment: Equatable, Sendable {
        public var base: String
        /// nil (or empty) for a segment with nothing over it.
        public var ruby: String?

        public init(base: String, ruby: String?) {
            self.base = base
            self.ruby = ruby
        }
    }

    private let segments: @MainActor () -> [Segment]

    /// Text whose segments follow the state `segments` reads.
    public init(_ segments: @escaping @MainActor () -> [Segment]) { self.segments = segments }

    public func _build(in context: BuildContext) -> [Widget] {
        let ruby = RubyWidget()
        ruby.bind("segments", segments) { ruby, segments in
            ruby.setSegments(segments)
            // An empty text says nothing: out of the accessibility tree, as an empty Text.
            ruby.setHiddenFromAssistiveTechnology(segments.allSatisfy { $0.base.isEmpty })
        }
        return [ruby]
    }
}
