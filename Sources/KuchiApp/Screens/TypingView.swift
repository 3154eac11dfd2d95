import GtkKit
import KuchiModel

/// Type: answers typed rather than chosen. A meaning asks for the Japanese (romaji
/// becomes kana as it is typed, or type kana with an input method); a word asks for
/// its meaning. Enter checks, then goes on.
struct TypingView: View {
    @Environment(TypingSession.self) private var session

    var body: some View {
        If({ session.isFinished }) {
            RoundEndView(
                title: { tr("Right {right}/{total}", ["right": session.rightCount.grouped, "total": session.total.grouped]) },
                description: {
                    session.isExtraPractice
                        ? tr("Nothing was due, so that round was extra practice. Another one practises more words.")
                        : tr("That was the round. Another one brings the words due now, or extra practice when nothing is.")
                },
                actionTitle: tr("Start Again"), name: "typing-finished", actionName: "typing-start-again"
            ) { session.startAgain() }
        } else: {
            ScreenFrame { TypingQuestionView() }
        }
    }
}

/// One typed question: what is asked, the entry, and after Enter the expected answer
/// with the difference marked. A Japanese answer can be written by hand: Write opens a
/// pad under the entry, whose characters go into the answer.
struct TypingQuestionView: View {
    @Environment(TypingSession.self) private var session
    @Environment(Handwriting.self) private var handwriting
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        @Bindable var session = session
        @Bindable var handwriting = handwriting
        VStack(spacing: 10) {
            Text { tr("{position} of {total}", ["position": session.position.grouped, "total": session.total.grouped]) }
                .cssClass("dim-label", "numeric")
                .widgetName("typing-position")
            // In a short window the entry's placeholder says it.
            Text { instruction }
                .cssClass("dim-label")
                .wrapping()
                .visible { verticalSizeClass == .regular }
            If({ isProduction }) {
                Text { session.current?.card.answer ?? "" }
                    .cssClass("title-1")
                    .cssClass("compact-title", when: { verticalSizeClass == .compact })
                    .wrapping()
                    .widgetName("typing-meaning")
            } else: {
                WordView(card: { session.current?.card }, revealed: { session.result != nil }, lineClass: "question-reading")
                    .cssClass("question")
                    .cssClass("compact", when: { verticalSizeClass == .compact })
                    .widgetName("typing-word")
            }
            // A width of its own, not its column's: the verdict and the buttons under it
            // change once the answer is checked, and would widen or narrow it.
            TextField(tr("Type your answer"), text: $session.typed)
                .onSubmit { session.result == nil ? session.submit() : session.next() }
                .inputHints([.noSpellcheck, .noEmoji])
                // GTK 4.8 gives an entry's placeholder to no screen reader: without a name
                // it is read as "GtkEntry".
                .accessibilityLabel(tr("Type your answer"))
                .frame(minWidth: 260)
                .align(horizontal: .center)
                .focusOnAppear()
                .widgetName("typing-entry")
            // Only before the answer is checked: after, there is nothing to write.
            WritingPad(strokes: $handwriting.strokes, candidates: { handwriting.candidates }) { character in
                session.typed += character
            }
            .visible { handwriting.isPadOpen && canWrite }
            .widgetName("typing-writing")
            // Said where Write would be, as the Speak button says why it cannot speak.
            Text { writingUnavailable ?? "" }
                .cssClass("dim-label", "caption")
                .wrapping()
                .visible { isProduction && session.result == nil && writingUnavailable != nil }
                .widgetName("typing-writing-unavailable")
            Text(styled: { verdict })
                .wrapping()
                .accessibilityAnnouncement { verdict.plain }
                .widgetName("typing-verdict")
            HStack(spacing: 12) {
                // Gone once answered, so the row fits 360 px with I Was Right.
                Button(tr("Hint")) { session.showHint() }
                    .enabled { !session.isHintShown }
                    .visible { session.result == nil }
                    .help(tr("Shows the first sound or letter; a right answer after it counts as hard"))
                    .cssClass("pill")
                    .widgetName("typing-hint")
                Toggle(tr("Write by Hand"), isOn: $handwriting.isPadOpen, style: .iconButton("document-edit-symbolic"))
                    .visible { canWrite }
                    .cssClass("circular")
                    .widgetName("typing-write")
                // Before a production answer the reading is the answer: said only after.
                SpeakButton { session.current?.card }
                    .visible { session.result != nil || session.current?.direction == .recognition }
                Button(tr("I Was Right")) { session.claimRight() }
                    .visible { session.result?.outcome == .wrong }
                    .help(tr("A typo: count this answer as right"))
                    .cssClass("pill")
                    .widgetName("typing-claim")
                Button(title: { session.result == nil ? tr("Check") : trc("to the next word", "Next") }) {
                    session.result == nil ? session.submit() : session.next()
                }
                .cssClass("suggested-action", "pill")
                .widgetName("typing-check")
            }
            .align(horizontal: .center)
        }
        .frame(minWidth: 200)
        // Zinnia is opened once the Type page first shows, off the main thread.
        .onAppear { handwriting.prepare() }
        // A new question starts on a blank pad.
        .onChange(of: session.position) { handwriting.clear() }
    }

    private var isProduction: Bool { session.current?.direction == .production }

    /// Whether the pad can be used now: a Japanese answer, not yet checked, and Zinnia there.
    private var canWrite: Bool {
        isProduction && session.result == nil && handwriting.availability == .available
    }

    /// Why Zinnia cannot read handwriting here, once that is known.
    private var writingUnavailable: String? {
        guard case .unavailable(let reason) = handwriting.availability else { return nil }
        return reason
    }

    private var instruction: String {
        isProduction ? tr("Type the Japanese (romaji becomes kana)") : tr("Type the meaning")
    }

    /// The hint while answering; after, right or not, with the expected answer marked.
    private var verdict: StyledText {
        guard let result = session.result else { return session.isHintShown ? StyledText(session.hint) : "" }
        let lead: String = switch result.outcome {
        case .right: result.wasClaimed ? tr("Counted as right: ") : tr("Right: ")
        case .rightAfterHint: tr("Right, with the hint: ")
        case .rightWithStrokeMistake: tr("Right: ")
        case .wrong: tr("Not quite. Expected: ")
        }
        return StyledText(lead) + result.difference.expectedMarked
    }
}

extension AnswerDiff {
    /// The expected answer with what was typed wrong or left out in bold.
    var expectedMarked: StyledText {
        expected.reduce(StyledText("")) { text, run in
            text + (run.kind == .same ? StyledText(run.text) : StyledText(run.text).emphasised())
        }
    }
}
