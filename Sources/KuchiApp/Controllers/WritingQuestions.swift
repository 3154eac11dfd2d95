import GtkKit
import KuchiModel

/// Kanji written on the Type page: what the typing session writes with, and its round
/// planned again once a kanji can be asked that way.
///
/// A kanji is asked to be written only where the answer can be read and checked: Zinnia
/// open (``Handwriting/availability``) and KanjiVG's strokes read (``StrokeData``). Until
/// both are, the session is given no strokes, so it plans no writing question rather than
/// one the page could not grade; without Zinnia it never plans one, and the Type page and
/// Settings say why. Both are opened off the main thread when the deck in use is studied
/// by writing; when they are there, a round of which nothing has been answered yet is
/// planned again, so that it asks for the kanji too.
@MainActor
final class WritingQuestions {
    private let handwriting: Handwriting
    private var tracking: Tracking?

    init(handwriting: Handwriting) {
        self.handwriting = handwriting
    }

    /// The strokes of a kanji while Zinnia is there (none without it, so nothing is asked
    /// to be written), and the pad's reading of what was written.
    var writing: TypingSession.Writing {
        TypingSession.Writing(
            strokes: { [handwriting] character in
                guard handwriting.availability == .available else { return nil }
                return StrokeData.shared.kanji(of: String(character)).first
            },
            // Zinnia is asked off the main thread: its answer is the pad's, for the
            // strokes it has (the page hands the session those very strokes).
            recognize: { [handwriting] written in
                handwriting.isReadingCurrent && written == handwriting.character ? handwriting.candidates.first : nil
            })
    }

    /// Opens Zinnia and the strokes while `wantsWriting` (the deck in use is studied by
    /// writing), and plans `typing`'s round again when both are there and none of its
    /// questions has been answered.
    func follow(_ typing: TypingSession, wantsWriting: @escaping @MainActor () -> Bool) {
        tracking = track({ [handwriting] in
            Readiness(
                wanted: wantsWriting(), available: handwriting.availability == .available,
                strokesRead: StrokeData.shared.isRead)
        }, label: "writing questions") { [handwriting, weak typing] readiness in
            guard readiness.wanted else { return }
            handwriting.prepare()
            StrokeData.shared.prepare()
            guard readiness.available, readiness.strokesRead, let typing, !typing.isFinished, typing.position == 1,
                  typing.result == nil, typing.current?.direction != .writing else { return }
            typing.startAgain()
        }
    }

    private struct Readiness {
        let wanted: Bool
        let available: Bool
        let strokesRead: Bool
    }
}
