import GtkKit
import KuchiModel

/// The back of a card: each kanji of its word drawn stroke by stroke (KanjiVG's order,
/// numbered), with its stroke count and a button that draws it again. The drawing
/// starts again each time the card is turned to this side; under reduced motion it is
/// still. A word without kanji, or without stroke data, shows nothing.
struct StrokeOrderView: View {
    private let card: @MainActor () -> Challenge?
    private let revealed: @MainActor () -> Bool

    init(card: @escaping @MainActor () -> Challenge?, revealed: @escaping @MainActor () -> Bool) {
        self.card = card
        self.revealed = revealed
    }

    var body: some View {
        HStack(spacing: Self.spacing) {
            // Keyed by the card too: the next card's 日 draws anew.
            ForEach({ entries }, id: \.id) { entry in
                KanjiStrokesView(kanji: entry.kanji, size: entry.size, revealed: revealed)
            }
        }
        .align(horizontal: .center)
        .widgetName("stroke-order")
    }

    private var entries: [Entry] {
        guard let question = card()?.question else { return [] }
        let kanji = StrokeData.shared.kanji(of: question)
        let size = Self.drawingSize(count: kanji.count)
        return kanji.map { Entry(id: "\(question)/\($0.character)", kanji: $0, size: size) }
    }

    /// The side of each drawing: 120 px, less where the word's kanji would not fit side
    /// by side in the card of a 360 px window, 250 px inside (three at 79, four at 58).
    /// By the count alone, not the window's width: a drawing sized for a wide window
    /// would keep the window from being made narrow.
    static func drawingSize(count: Int) -> Int {
        min(120, (250 - spacing * max(count - 1, 0)) / max(count, 1))
    }

    private static let spacing = 6

    private struct Entry {
        let id: String
        let kanji: KanjiStrokes
        let size: Int
    }
}

/// One kanji: its strokes drawn in order, "7 strokes" under it, and Replay under that.
struct KanjiStrokesView: View {
    let kanji: KanjiStrokes
    let size: Int
    let revealed: @MainActor () -> Bool
    @State private var replays = 0

    var body: some View {
        VStack(spacing: 2) {
            StrokeDrawing(
                box: KanjiStrokes.boxSize, size: size, strokes: { StrokeData.drawing(of: kanji) },
                // Turning the card to this side draws it again, as Replay does.
                replays: { replays + (revealed() ? 1 : 0) },
                summary: { summary })
                .widgetName("stroke-drawing")
            // Under each other, not side by side: four kanji's columns fit a 360 px window.
            Text { strokeCount }
                .cssClass("dim-label", "caption", "numeric")
            Button(iconName: "media-playlist-repeat-symbolic", title: Self.replayTitle) { replays += 1 }
                .cssClass("flat", "circular")
                .help(Self.replayTitle)
                .align(horizontal: .center)
                .widgetName("stroke-replay")
        }
    }

    private var strokeCount: String {
        trn("{count} stroke", "{count} strokes", kanji.strokeCount)
    }

    /// What a screen reader reads for the drawing: "語, stroke order, 14 strokes".
    private var summary: String {
        tr("{kanji}, stroke order, {strokes}", ["kanji": String(kanji.character), "strokes": strokeCount])
    }

    static var replayTitle: String { tr("Draw the Strokes Again") }
}
