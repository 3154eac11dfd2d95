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
///
/// A kanji asked to be written shows its meaning and reading and the pad, open, with no
/// entry: choosing a candidate, or Check, answers with the strokes written. After the
/// answer the kanji is drawn stroke by stroke, for a learner who wrote it out of order.
struct TypingQuestionView: View {
    @Environment(TypingSession.self) private var session
    @Environment(Handwriting.self) private var handwriting
    @Environment(UserManager.self) private var users
    @Environment(DeckInUse.self) private var inUse
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        @Bindable var session = session
        @Bindable var handwriting = handwriting
        VStack(spacing: 10) {
            Text { tr("{position} of {total}", ["position": session.position.grouped, "total": session.total.grouped]) }
                .cssClass("dim-label", "numeric")
                .widgetName("typing-position")
            // In a short window the entry's placeholder says it.
            // A written kanji has no entry to say it: its instruction stays.
            Text { instruction }
                .cssClass("dim-label")
                .wrapping()
                .visible { verticalSizeClass == .regular || isWriting }
                .widgetName("typing-instruction")
            If({ isProduction || isWriting }) {
                VStack(spacing: 4) {
                    // The kanji that was asked, once answered; a short window has it in the verdict.
                    StrokeOrderView(card: { session.current?.card }, revealed: { session.result != nil })
                        .visible { isWriting && session.result != nil && verticalSizeClass == .regular }
                        .widgetName("typing-written-kanji")
                    Text { session.current?.card.answer ?? "" }
                        .cssClass("title-1")
                        .cssClass("compact-title", when: { verticalSizeClass == .compact })
                        .wrapping()
                        .widgetName("typing-meaning")
                    Text { session.current?.card.reading ?? "" }
                        .cssClass("title-3")
                        .wrapping()
                        .visible { isWriting }
                        .widgetName("typing-reading")
                }
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
                .visible { !isWriting }
                .widgetName("typing-entry")
            // Only before the answer is checked: after, there is nothing to write. A kanji
            // asked to be written has it open, and a candidate chosen is the answer.
            WritingPad(
                strokes: $handwriting.strokes, candidates: { handwriting.candidates },
                // A kanji asked to be written has no entry to type it in.
                help: { isWriting ? tr("Write the kanji with the mouse, a finger or a pen") : WritingPad.typingHelp }
            ) { character in
                if isWriting {
                    session.submit(writing: handwriting.character, chosen: character)
                } else {
                    session.typed += character
                }
            }
            .visible { session.result == nil && ((handwriting.isPadOpen && canWrite) || isWriting) }
            // A short window shows the pad below what fits: it comes into view as it opens.
            .scrollsIntoViewWhenShown()
            .widgetName("typing-writing")
            // Said where Write would be, as the Speak button says why it cannot speak.
            Text { writingUnavailable ?? "" }
                .cssClass("dim-label", "caption")
                .wrapping()
                .visible { (isProduction || studiesWriting) && session.result == nil && writingUnavailable != nil }
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
                    if session.result != nil {
                        session.next()
                    } else if isWriting {
                        session.submit(writing: handwriting.character, chosen: nil)
                    } else {
                        session.submit()
                    }
                }
                // A written kanji is checked once Zinnia has read what is on the pad.
                .enabled { !isWriting || session.result != nil || (!handwriting.strokes.isEmpty && handwriting.isReadingCurrent) }
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
    private var isWriting: Bool { session.current?.direction == .writing }

    /// Whether the deck in use is studied by writing its kanji (asked only where Zinnia is).
    private var studiesWriting: Bool { users.settings.writingDecks.contains(inUse.key) }

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
        switch session.current?.direction {
        case .production: tr("Type the Japanese (romaji becomes kana)")
        case .writing: tr("Write the kanji")
        case .recognition, nil: tr("Type the meaning")
        }
    }

    /// The hint while answering; after, right or not, with the expected answer marked.
    private var verdict: StyledText {
        guard let result = session.result else { return session.isHintShown ? StyledText(session.hint) : "" }
        let lead: String
        switch result.outcome {
        case .right: lead = result.wasClaimed ? tr("Counted as right: ") : tr("Right: ")
        case .rightAfterHint: lead = tr("Right, with the hint: ")
        case .rightWithStrokeMistake:
            // The kanji, and what was out of order, which is why it counts as hard.
            return StyledText(tr("Right, but not in order: {kanji}. {finding}", [
                "kanji": session.current?.card.question ?? "", "finding": result.strokeOrder?.finding ?? "",
            ]))
        case .wrong: lead = tr("Not quite. Expected: ")
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
