import GtkKit
import KuchiModel

/// Learn: flash cards from the current deck. The card shows the word; a click or
/// Space turns it to show the reading and the meaning. Drag it right (or press
/// Right, or Remembered) if you knew it, left (Left, Not Yet) if not.
struct LearnView: View {
    @Environment(LearnSession.self) private var learn

    var body: some View {
        If({ learn.isFinished }) {
            StatusPage(
                iconName: "emblem-ok-symbolic", title: { "Remembered \(learn.remembered)/\(learn.total)" },
                description: { "That was the round. Another one goes through the cards again." }
            ) {
                Button("Start Again") { learn.startAgain() }
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
                    .widgetName("learn-start-again")
            }
            .widgetName("learn-finished")
        } else: {
            ScreenFrame { FlashCardsView() }
        }
    }
}

/// The card being learnt, the counter, and the two answers.
struct FlashCardsView: View {
    @Environment(LearnSession.self) private var learn
    @Environment(UserManager.self) private var users

    var body: some View {
        VStack(spacing: 18) {
            Text { "Remembered \(learn.remembered)/\(learn.total)" }
                .cssClass("title-4", "numeric")
                .accessibilityAnnouncement { "Remembered \(learn.remembered) of \(learn.total)" }
                .widgetName("learn-counter")
            SwipeCard(onSwipe: { learn.decide(remembered: $0 == .right) }, onTap: { learn.flip() }) {
                FlashCard()
            }
            .widgetName("flash-card")
            HStack(spacing: 12) {
                Button("Not Yet") { learn.decide(remembered: false) }
                    .cssClass("pill")
                    .help("Left arrow, or drag the card to the left")
                    .widgetName("not-yet")
                Button("Remembered") { learn.decide(remembered: true) }
                    .cssClass("suggested-action", "pill")
                    .help("Right arrow, or drag the card to the right")
                    .focusOnAppear()
                    .widgetName("remembered")
            }
            .align(horizontal: .center)
        }
        .frame(minWidth: 280)
        .onKeyPress(handleKey)
    }

    /// Left and Right decide, Space turns the card.
    private func handleKey(_ key: KeyPress) -> Bool {
        guard !key.hasModifiers else { return false }
        if key.isLeft { learn.decide(remembered: false) } else if key.isRight { learn.decide(remembered: true) }
        else if key.isSpace { learn.flip() } else { return false }
        return true
    }
}

/// The face of a card: the word, then, turned, its reading and meaning.
struct FlashCard: View {
    @Environment(LearnSession.self) private var learn
    @Environment(UserManager.self) private var users

    var body: some View {
        VStack(spacing: 8) {
            Text { learn.current?.question ?? "" }
                .cssClass("card-word")
                .wrapping()
                .widgetName("card-word")
            Text { learn.isFlipped ? reading : "" }
                .cssClass("card-reading")
                .wrapping()
            Text { learn.isFlipped ? learn.current?.answer ?? "" : "Click or press Space to see the meaning" }
                .cssClass("card-meaning")
                .wrapping()
                .widgetName("card-meaning")
        }
        .padding(24)
        .frame(minWidth: 260, minHeight: 170)
        .cssClass("flash-card")
        .cardColours { colour }
    }

    private var colour: CardColour {
        CardColour.all.first { $0.hex == users.settings.cardColor } ?? CardColour.all[0]
    }

    private var reading: String {
        guard let card = learn.current, card.pronunciation != card.question else { return "" }
        return card.pronunciation
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
