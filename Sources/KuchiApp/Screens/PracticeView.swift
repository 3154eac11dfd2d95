import GtkKit
import KuchiModel

/// The practice session: the challenge until the session is over, then the
/// congratulations. Every rule lives in the session (`ChallengesViewModel`); this
/// screen only shows it and passes on what the player does.
struct PracticeView: View {
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        // The status page scrolls by itself; the challenge needs the frame.
        If({ session.isOver }) {
            CongratulationsView()
        } else: {
            ScreenFrame { ChallengeView() }
        }
    }
}

/// The question, the score and the choices, arranged by the vertical size
/// class: stacked when regular, question and choices side by side when compact.
struct ChallengeView: View {
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        let question = Shared { QuestionView() }
        let score = Shared { ScoreView() }
        let choices = Shared { ChoicesView() }
        AdaptiveLayout(\.verticalSizeClass) {
            VStack(spacing: 24) { question; score; choices }.widgetName("layout-regular")
        } compact: {
            VStack(spacing: 12) {
                HStack(spacing: 24) { question; choices }
                score
            }
            .widgetName("layout-compact")
        }
        .alert(
            isPresented: { session.feedback != nil },
            title: { session.feedback?.title ?? "" },
            styledMessage: { feedbackMessage },
            button: tr("OK"),
            dismiss: { session.acknowledgeFeedback() })
    }

    /// The seed's sentence, then the card's example: with its translation after a right
    /// answer; alone after a wrong one, which must not give the meaning away (the same
    /// question comes again).
    private var feedbackMessage: StyledText {
        guard let feedback = session.feedback else { return "" }
        let message = StyledText(feedback.message)
        guard let card = session.currentChallenge?.challenge, let example = card.examples.first else { return message }
        let translation = feedback == .correct && !example.en.isEmpty ? StyledText("\n" + example.en) : ""
        return message + "\n\n" + example.styled(for: card) + translation
    }
}

extension Feedback {
    /// The seed's titles and texts.
    var title: String { self == .correct ? trc("feedback title", "Congratulations") : tr("Oh no!") }
    var message: String { self == .correct ? tr("The answer is correct") : tr("Your answer is not correct!") }
}

/// The Japanese word, large, with its reading as the "Readings" setting says (and
/// always once answered); activating it shows or hides the choices.
struct QuestionView: View {
    @Environment(ChallengesViewModel.self) private var session
    @Environment(UserManager.self) private var users
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        Button(action: { session.toggleChoices() }) {
            WordView(
                card: { session.currentChallenge?.challenge }, revealed: { session.feedback != nil },
                lineClass: "question-reading")
        }
        .accessibilityLabel { spoken }
        .cssClass("flat", "question")
        // Side by side with the choices, the word is smaller so both fit 360 px.
        .cssClass("compact", when: { verticalSizeClass == .compact })
        .help(tr("Show or hide the choices (Space)"))
        .focusOnAppear()
        .widgetName("question")
        .align(horizontal: .center, vertical: .center)
        .expand(horizontal: true)
    }

    /// "食べる, たべる": the word and its reading, as the button is read out.
    private var spoken: String {
        guard let card = session.currentChallenge?.challenge else { return "" }
        return ReadingPresentation(card, display: users.settings.readings, revealed: session.feedback != nil).spoken
    }
}

/// "<answered>/<length>": both numbers from the session, which reads the
/// questions-per-session setting, capped by what the schedule holds today.
struct ScoreView: View {
    @Environment(ChallengesViewModel.self) private var session
    /// How many correct answers end the session: SPEC §3's key, which the practice page
    /// sets from the session's length.
    @Environment(\.questionsPerSession) private var questionsPerSession

    var body: some View {
        Text { "\(session.numberOfAnswered)/\(questionsPerSession)" }
            .cssClass("title-4", "numeric")
            .help(tr("Correct answers in this session"))
            .accessibilityLabel { spoken }
            .widgetName("score")
            .accessibilityAnnouncement { spoken }
    }

    /// "Score: 3 of 5", read for the score and announced when it changes.
    private var spoken: String { tr("Score: {answered} of {questions}", ["answered": session.numberOfAnswered.grouped, "questions": questionsPerSession.grouped]) }
}

/// The answer choices: the same buttons for every question, relabelled, each with
/// the key that chooses it. The hint and the choices take the same room, so the word
/// above does not move when the choices appear.
struct ChoicesView: View {
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        PageStack(selection: { session.showsChoices }, keepsLargestSize: true) {
            Page(false) {
                Text(tr("Select the word to see the choices"))
                    .cssClass("dim-label")
                    .wrapping()
                    .align(vertical: .center)
            }
            Page(true) {
                VStack(spacing: 8) {
                    ForEach({ Array(0..<session.choicesPerQuestion) }, id: \.self) { index in
                        ChoiceButton(index: index)
                    }
                }
            }
        }
        .align(horizontal: .center, vertical: .center)
        .expand(horizontal: true)
    }
}

/// One answer: its key ("1") and its meaning, which wraps rather than being cut.
struct ChoiceButton: View {
    let index: Int
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        let button = Button(action: { session.answer(index) }) {
            HStack(spacing: 10) {
                Text("\(index + 1)").cssClass("choice-key")
                Text { answer }
                    .wrapping(alignment: .start)
                    .expand(horizontal: true)
                    .widgetName("choice-\(index + 1)-text")
            }
        }
        // Its digit presses it, on the keyboard's row or keypad, while it is shown: the
        // choices hidden, the keys do nothing. (A digit is one key: the first nine.)
        let digit = index < 9 ? String(index + 1).first : nil
        let pressable = digit.map { button.keyboardShortcut(KeyEquivalent($0), modifiers: []) } ?? button
        pressable
            .accessibilityLabel { answer }
            .cssClass("choice")
            .help(tr("Press {key} to choose this answer", ["key": "\(index + 1)"]))
            .widgetName("choice-\(index + 1)")
    }

    private var answer: String {
        guard let answers = session.currentChallenge?.answers, index < answers.count else { return "" }
        return answers[index]
    }
}
