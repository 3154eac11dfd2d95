import GtkKit
import KuchiModel

/// A pad to write a character on, the characters read in it as buttons above it, and
/// Undo Stroke and Clear beside it. Pressing a candidate gives it to `onChoose` and
/// blanks the pad for the next character.
///
/// It shows whatever `strokes` and `candidates` say (``Handwriting``'s, on the Type
/// page), so a page that asks for a written answer can show the same pad.
///
/// In a short window the pad is smaller; its strokes are in ``Handwriting/box`` all the
/// same, so the recogniser reads them alike.
struct WritingPad: View {
    @Environment(\.verticalSizeClass) private var verticalSizeClass
    private let strokes: Binding<[[SketchPoint]]>
    private let candidates: @MainActor () -> [String]
    private let onChoose: @MainActor (String) -> Void
    private let help: @MainActor () -> String

    /// `help` is the pad's tooltip: by default it says the answer can be typed instead.
    init(
        strokes: Binding<[[SketchPoint]]>, candidates: @escaping @MainActor () -> [String],
        help: @escaping @MainActor () -> String = { WritingPad.typingHelp },
        onChoose: @escaping @MainActor (String) -> Void
    ) {
        self.strokes = strokes
        self.candidates = candidates
        self.help = help
        self.onChoose = onChoose
    }

    /// The pad's tooltip where the answer has an entry as well.
    static var typingHelp: String { tr("Write one character with the mouse, a finger or a pen; or type it in the answer") }

    /// The pad's side in a window of regular height, and in a short one (294 px tall
    /// leaves a page scrolled to the pad room for it and the candidates above it).
    static let regularSize = 200
    static let compactSize = 120

    var body: some View {
        VStack(spacing: 6) {
            // As tall with no candidate as with some: the pad does not jump as they come.
            HStack(spacing: 4) {
                ForEach({ Array(candidates().enumerated()).map(Candidate.init) }, id: \.id) { candidate in
                    Button(candidate.character) {
                        onChoose(candidate.character)
                        strokes.wrappedValue = []
                    }
                    .help(tr("Add {character} to the answer", ["character": candidate.character]))
                    .cssClass("flat", "handwriting-candidate")
                    .widgetName("handwriting-candidate-\(candidate.index)")
                }
            }
            .frame(minHeight: 40)
            .align(horizontal: .center)
            .widgetName("handwriting-candidates")
            HStack(spacing: 6) {
                SketchPad(box: Handwriting.box, size: { verticalSizeClass == .compact ? Self.compactSize : Self.regularSize },
                          strokes: strokes)
                    .accessibilityLabel(tr("Writing pad"))
                    // A pointer surface: keyboard users are told where to type instead.
                    .help { help() }
                    .widgetName("writing-pad")
                VStack(spacing: 6) {
                    Button(iconName: "edit-undo-symbolic", title: tr("Undo Stroke")) {
                        if !strokes.wrappedValue.isEmpty { strokes.wrappedValue.removeLast() }
                    }
                    .enabled { !strokes.wrappedValue.isEmpty }
                    .cssClass("flat", "circular")
                    .widgetName("writing-undo")
                    Button(iconName: "edit-clear-all-symbolic", title: tr("Clear the Pad")) { strokes.wrappedValue = [] }
                        .enabled { !strokes.wrappedValue.isEmpty }
                        .cssClass("flat", "circular")
                        .widgetName("writing-clear")
                }
                .align(vertical: .center)
            }
            .align(horizontal: .center)
        }
    }

    /// A candidate and its place in the row, keyed by both, so a new reading makes new buttons.
    private struct Candidate {
        let index: Int
        let character: String
        var id: String { "\(index) \(character)" }

        init(_ element: (offset: Int, element: String)) {
            index = element.offset
            character = element.element
        }
    }
}
