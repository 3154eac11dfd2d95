import GtkKit
import KuchiModel

/// Learn: flash cards from the current deck. The card shows the word; a click or
/// Space turns it to show the reading and the meaning. Drag it right (or press
/// Right, or Remembered) if you knew it, left (Left, Not Yet) if not.
struct LearnView: View {
    @Environment(LearnSession.self) private var learn

    var body: some View {
        If({ learn.isFinished }) {
            RoundEndView(
                title: { tr("Remembered {remembered}/{total}", ["remembered": learn.remembered.grouped, "total": learn.total.grouped]) },
                description: {
                    learn.isExtraPractice
                        ? tr("Nothing was due, so that round was extra practice. Another one practises more cards.")
                        : tr("That was the round. Another one brings the cards due now, or extra practice when nothing is.")
                },
                actionTitle: tr("Start Again"), name: "learn-finished", actionName: "learn-start-again"
            ) { learn.startAgain() }
        } else: {
            ScreenFrame { FlashCardsView() }
        }
    }
}

/// The card being learnt, the counter, and the two answers: stacked in a tall
/// window, the card beside the rest in a short one (the same widgets move).
struct FlashCardsView: View {
    @Environment(LearnSession.self) private var learn

    var body: some View {
        let counter = Shared {
            Text { tr("Remembered {remembered}/{total}", ["remembered": learn.remembered.grouped, "total": learn.total.grouped]) }
                .cssClass("title-4", "numeric")
                // Beside the card in a 360 px window, "Remembered 10/10" wraps rather than widening it.
                .wrapping()
                .accessibilityAnnouncement { tr("Remembered {remembered} of {total}", ["remembered": learn.remembered.grouped, "total": learn.total.grouped]) }
                .widgetName("learn-counter")
        }
        let card = Shared {
            SwipeCard(onSwipe: { learn.decide(remembered: $0 == .right) }, onTap: { learn.flip() }) {
                FlashCard()
            }
            .widgetName("flash-card")
        }
        let notYet = Shared {
            Button(tr("Not Yet")) { learn.decide(remembered: false) }
                .cssClass("pill")
                .help(tr("Left arrow, or drag the card to the left"))
                .widgetName("not-yet")
        }
        let remembered = Shared {
            Button(trc("flash card", "Remembered")) { learn.decide(remembered: true) }
                .cssClass("suggested-action", "pill")
                .help(tr("Right arrow, or drag the card to the right"))
                .focusOnAppear()
                .widgetName("remembered")
        }
        AdaptiveLayout(\.verticalSizeClass) {
            VStack(spacing: 18) {
                counter
                card
                HStack(spacing: 12) { notYet; remembered }.align(horizontal: .center)
            }
        } compact: {
            HStack(spacing: 12) {
                card
                VStack(spacing: 8) { counter; remembered; notYet }.align(vertical: .center)
            }
        }
        // Capture: Space turns the card even while one of its buttons has the focus.
        .onKeyPress(phase: .capture, handleKey)
    }

    /// Left and Right decide, Space turns the card.
    private func handleKey(_ key: KeyPress) -> Bool {
        guard !key.hasModifiers else { return false }
        if key.isLeft { learn.decide(remembered: false) } else if key.isRight { learn.decide(remembered: true) }
        else if key.isSpace { learn.flip() } else { return false }
        return true
    }
}

/// The face of a card: the word with its reading (as the "Readings" setting says),
/// then, turned, its meaning, an example sentence and its kanji's stroke order.
struct FlashCard: View {
    @Environment(LearnSession.self) private var learn
    @Environment(UserManager.self) private var users
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        VStack(spacing: 8) {
            // The speak button beside the word, not under it: the card keeps its height,
            // which a 294 px window has no room to grow.
            HStack(spacing: 4) {
                WordView(card: { learn.current }, revealed: { learn.isFlipped }, lineClass: "card-reading")
                    .cssClass("card-word")
                    .widgetName("card-word")
                SpeakButton { learn.current }
                    .align(vertical: .center)
            }
            .align(horizontal: .center)
            // Both faces are laid out, the hidden one too, and the card is as large as the
            // larger: turning it changes neither its size nor anything around it.
            PageStack(selection: { learn.isFlipped }, keepsLargestSize: true) {
                Page(false) {
                    // Where the meaning will show.
                    Text(tr("Click or press Space to see the meaning"))
                        .cssClass("card-meaning")
                        .wrapping()
                        .align(vertical: .start)
                        .widgetName("card-prompt")
                }
                Page(true) {
                    VStack(spacing: 8) {
                        Text { learn.current?.answer ?? "" }
                            .cssClass("card-meaning")
                            .wrapping()
                            .widgetName("card-meaning")
                        ExampleView(card: { learn.current })
                        // A short window has no room for it beside the card.
                        If({ verticalSizeClass != .compact }) {
                            StrokeOrderView(card: { learn.current }, revealed: { learn.isFlipped })
                        }
                    }
                }
            }
        }
        .frame(minWidth: 140, minHeight: 120)
        .cssClass("flash-card")
        .cssClass("compact", when: { verticalSizeClass == .compact })
        .cardColours { colour }
    }

    private var colour: CardColour {
        CardColour.all.first { $0.hex == users.settings.cardColor } ?? CardColour.all[0]
    }
}

extension View {
    /// Paints the card in the colour `colour` reads, with one CSS class per palette colour.
    fileprivate func cardColours(_ colour: @escaping @MainActor () -> CardColour) -> some View {
        CardColour.all.reduce(AnyView(self)) { view, option in
            AnyView(view.cssClass(option.cssClass, when: { colour().hex == option.hex }))
        }
    }
}
