import FoundationEssentials
import GtkKit
import KuchiModel

/// The card browser: every card of the deck in use, or of every deck, with its
/// furigana, meaning, state and due time, searched as the learner types and sorted as they choose; the
/// selected card can be edited, suspended, reset or (in an imported deck) deleted.
/// The edit is a page of its own, so everything fits a 360×294 window.
struct CardBrowserView: View {
    @Environment(AppState.self) private var state

    var body: some View {
        PageStack(selection: { state.isEditingCard }) {
            Page(false) { CardListView() }
            Page(true) { ScreenFrame { CardEditView() } }
        }
        .widgetName("card-browser")
    }
}

/// The search, the order, the list and the selected card's actions.
struct CardListView: View {
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    @Environment(CardBrowser.self) private var browser
    @Environment(CardShelf.self) private var cards
    @Environment(AppState.self) private var state
    @Environment(WordAdder.self) private var words

    var body: some View {
        @Bindable var browser = browser
        @Bindable var cards = cards
        let edit = Shared { CardActionButton(action: .edit, name: "card-edit") }
        let suspend = Shared { CardActionButton(action: .suspend, name: "card-suspend") }
        let reset = Shared { CardActionButton(action: .reset, name: "card-reset") }
        let delete = Shared { CardActionButton(action: .delete, name: "card-delete") }
        // The Leeches filter: cards of 8 lapses or more, to edit, suspend or reset.
        let leeches = Shared {
            Toggle(tr("Leeches"), isOn: $browser.showsLeechesOnly)
                .help(tr("Only cards you keep forgetting: 8 lapses or more"))
                .widgetName("card-leeches")
        }
        VStack(spacing: 0) {
            HStack(spacing: 6) {
                TextField(tr("Search word, reading or meaning"), text: $browser.query)
                    .inputHints(.noSpellcheck)
                    .accessibilityLabel(tr("Search cards"))
                    .expand(horizontal: true)
                    .widgetName("card-search")
                Picker(tr("Sort by"), selection: $browser.order) {
                    Text(tr("Deck Order")).tag(CardBrowser.Order.deck)
                    Text(trc("sort cards by", "Due")).tag(CardBrowser.Order.due)
                    Text(trc("sort cards by", "State")).tag(CardBrowser.Order.state)
                    Text(trc("sort cards by", "Word")).tag(CardBrowser.Order.word)
                }
                    .help(tr("Sort by"))
                    .widgetName("card-order")
                // Beside the order in a wide window; a narrow one has it in the toolbar below.
                Toggle(tr("Show Every Deck"), isOn: $cards.showsEveryDeck, style: .iconButton("view-list-bullet-symbolic"))
                    .visible { horizontalSizeClass == .regular }
                    .widgetName("card-every-deck")
                Button(iconName: "list-add-symbolic", title: tr("Add a Word")) { words.open() }
                    .help(tr("Add a word (Ctrl+N)"))
                    .widgetName("card-add")
            }
            .padding(top: 6, leading: 6, bottom: 4, trailing: 6)
            // NB: padding goes on a box around the count, never on the label: a label's
            // own margins would count against the room it is measured to need.
            HStack(spacing: 6) {
                Text { browser.summary }.cssClass("dim-label", "caption").align(horizontal: .start).expand(horizontal: true)
                    .widgetName("card-count")
                leeches
            }
                .padding(top: 0, leading: 10, bottom: 4, trailing: 6)
                .visible { horizontalSizeClass == .regular }
            // Columns in a wide window; a narrow one has no room for them, and shows
            // each card on two lines. Each list is built the first time its window
            // width comes, and both follow the same search and selection.
            PageStack(selection: { horizontalSizeClass }) {
                Page(SizeClass.regular) { CardTableView() }
                Page(SizeClass.compact) {
                    CardRows(name: "card-list-compact") { row in CardRowView(row: row) }
                }
            }
            .expand(horizontal: true, vertical: true)
            // A narrow window (in German the four buttons need 418 px) puts the buttons
            // in two rows, the count beside the second, so that the list keeps its room
            // at 360×294. The same buttons move between the two.
            AdaptiveLayout(\.horizontalSizeClass) {
                HStack(spacing: 6) { edit; suspend; reset; delete }
                    .padding(6)
            } compact: {
                VStack(spacing: 4) {
                    // The leeches filter as an icon: in German its check box and the two
                    // buttons need 388 px.
                    HStack(spacing: 6) {
                        edit
                        suspend
                        Toggle(tr("Leeches"), isOn: $browser.showsLeechesOnly, style: .iconButton("dialog-warning-symbolic"))
                            .widgetName("card-leeches-compact")
                    }
                    HStack(spacing: 6) {
                        reset
                        delete
                        HStack { Text { browser.summary }.cssClass("dim-label", "caption").widgetName("card-count-compact") }
                            .expand(horizontal: true)
                            .padding(leading: 4)
                        Toggle(tr("Show Every Deck"), isOn: $cards.showsEveryDeck, style: .iconButton("view-list-bullet-symbolic"))
                            .widgetName("card-every-deck-compact")
                    }
                }
                .padding(top: 4, leading: 6, bottom: 4, trailing: 6)
            }
            .cssClass("toolbar")
        }
    }
}

/// The cards in a list, the selected one edited with Enter: the columns' list or the
/// narrow window's.
struct CardRows<Row: View>: View {
    let name: String
    let row: @MainActor (ListRow<Int>) -> Row
    @Environment(CardBrowser.self) private var browser
    @Environment(CardShelf.self) private var cards

    init(name: String, @ViewBuilder row: @escaping @MainActor (ListRow<Int>) -> Row) {
        self.name = name
        self.row = row
    }

    var body: some View {
        @Bindable var browser = browser
        List({ browser.visible }, id: \.self, selection: $browser.selected) { row in
            self.row(row).cardActionsMenu(for: row, in: browser)
        }
            .onKeyPress(phase: .capture) { key in
                guard key.isReturn, !key.hasModifiers, browser.selected != nil else { return false }
                cards.beginEdit()
                return true
            }
            .widgetName(name)
    }
}

/// The widths of the card list's columns in a wide window, shared by the titles and
/// every row so that they line up; the meaning takes the rest. Each fits its title in
/// German, Spanish and Portuguese; longer text is cut short with "…".
enum CardColumns {
    static let word = 130
    static let reading = 110
    static let state = 96
    static let due = 140
    /// A deck's name, when every deck is shown.
    static let deck = 110
    static let spacing = 10
    /// The space at each end of a row, and of the titles.
    static let inset = 10
}

/// The cards as a table: titles a screen reader presents as column headers, then a
/// row a card, its word, reading, meaning, state and when it is due lined up under
/// them.
struct CardTableView: View {
    @Environment(CardBrowser.self) private var browser

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: CardColumns.spacing) {
                ColumnHeader(trc("field of a card", "Word")).frame(width: CardColumns.word)
                ColumnHeader(tr("Reading")).frame(width: CardColumns.reading)
                ColumnHeader(tr("Meaning")).expand(horizontal: true)
                ColumnHeader(trc("card browser column", "State")).frame(width: CardColumns.state)
                ColumnHeader(trc("card browser column", "Due")).frame(width: CardColumns.due)
                ColumnHeader(trc("card browser column", "Deck")).frame(width: CardColumns.deck)
                    .visible { browser.showsEveryDeck }
            }
            .padding(top: 2, leading: CardColumns.inset, bottom: 4, trailing: CardColumns.inset)
            .widgetName("card-columns")
            CardRows(name: "card-list") { row in CardColumnsRow(row: row) }
        }
    }
}

/// One card as a row of the table. Each cell is one line (a long meaning is cut short
/// with "…"): GTK measures every row it keeps (about 200, whatever the deck's size)
/// before the list's first frame, and a line that cannot wrap is laid out once. The
/// reading carries the card's pitch accent, as on the Learn card, while Settings shows
/// it. A screen reader reads the row as "食べる, たべる, to eat, Review, tomorrow at
/// 09:15" (then the deck's name, when every deck is shown).
struct CardColumnsRow: View {
    let row: ListRow<Int>
    @Environment(CardBrowser.self) private var browser
    @Environment(UserManager.self) private var users

    var body: some View {
        HStack(spacing: CardColumns.spacing) {
            Text { card?.card.question ?? "" }
                .truncating()
                .cssClass("card-browser-word")
                .frame(width: CardColumns.word)
            // A RubyText without rubies, as the Learn card's line below the word, for the
            // pitch accent's line over it.
            RubyText(overlines: { pitch }) {
                [RubyText.Segment(base: card?.card.reading ?? "", ruby: nil)]
            }
            .align(horizontal: .start)
            .widgetName("card-browser-reading")
            .frame(width: CardColumns.reading)
            Text { card?.card.answer ?? "" }
                .truncating()
                .expand(horizontal: true)
            Text { card?.status.title ?? "" }
                .truncating()
                .frame(width: CardColumns.state)
            Text { card.map(due) ?? "" }
                .truncating()
                .cssClass("dim-label")
                .frame(width: CardColumns.due)
            Text { card.flatMap(browser.deck(of:))?.name ?? "" }
                .truncating()
                .cssClass("dim-label")
                .frame(width: CardColumns.deck)
                .visible { browser.showsEveryDeck }
        }
        .padding(top: 6, leading: CardColumns.inset, bottom: 6, trailing: CardColumns.inset)
    }

    private var card: BrowsedCard? {
        browser.cards.indices.contains(row.element) ? browser.cards[row.element] : nil
    }

    /// The pitch accent over the reading, as the Learn card's line below the word has it.
    private var pitch: [RubyText.Overline] {
        guard let card else { return [] }
        return ReadingPresentation.pitchOverReading(card.card, showsPitch: users.settings.pitchAccent)
            .map(RubyText.Overline.init)
    }

    /// "tomorrow at 09:15"; nothing for a new or suspended card.
    private func due(_ card: BrowsedCard) -> String {
        guard card.status != .new, card.status != .suspended, let due = card.due else { return "" }
        return DueTime.describe(due, from: browser.now())
    }
}

/// One card in a narrow window's list: the word with furigana (and its pitch accent,
/// as on the Learn card, while Settings shows it), then its meaning, and its state and
/// when it is due. A screen reader reads the row as "食べる, たべる, to eat, Review,
/// due tomorrow at 09:15".
struct CardRowView: View {
    let row: ListRow<Int>
    @Environment(CardBrowser.self) private var browser
    @Environment(UserManager.self) private var users

    var body: some View {
        HStack(spacing: 12) {
            FuriganaWord(presentation: { presentation }, showsPitch: true)
                .cssClass("card-browser-word")
                .widgetName("card-browser-word")
                .frame(minWidth: 96)
            VStack(spacing: 2) {
                Text { card?.card.answer ?? "" }
                    .wrapping(alignment: .start)
                    .align(horizontal: .start)
                Text { card.map { status($0) } ?? "" }
                    .cssClass("dim-label", "caption")
                    .wrapping(alignment: .start)
                    .align(horizontal: .start)
            }
            .expand(horizontal: true)
        }
        .padding(top: 6, leading: 10, bottom: 6, trailing: 10)
    }

    private var card: BrowsedCard? {
        browser.cards.indices.contains(row.element) ? browser.cards[row.element] : nil
    }

    private var presentation: ReadingPresentation {
        card.map {
            ReadingPresentation($0.card, display: .furigana, revealed: true, showsPitch: users.settings.pitchAccent)
        } ?? .empty
    }

    /// "Review, due tomorrow at 09:15"; "New"; "Suspended"; then " · JLPT N5" when
    /// every deck is shown.
    private func status(_ card: BrowsedCard) -> String {
        let status = if card.status != .new, card.status != .suspended, let due = card.due {
            tr("{state}, due {when}", ["state": card.status.title, "when": DueTime.describe(due, from: browser.now())])
        } else {
            card.status.title
        }
        guard browser.showsEveryDeck, let deck = browser.deck(of: card) else { return status }
        return tr("{status} · {deck}", ["status": status, "deck": deck.name])
    }
}

/// The selected card's reading and meaning, to change.
struct CardEditView: View {
    @Environment(CardShelf.self) private var cards
    @Environment(AppState.self) private var state

    var body: some View {
        @Bindable var cards = cards
        VStack(spacing: 12) {
            Text { tr("Edit {word}", ["word": cards.selected?.card.question ?? ""]) }
                .cssClass("title-2")
                .wrapping()
                .widgetName("card-edit-title")
            VStack(spacing: 4) {
                Text(tr("Reading (kana)")).cssClass("heading").align(horizontal: .start)
                TextField(tr("Reading in kana"), text: $cards.draftReading)
                    .accessibilityLabel(tr("Reading"))
                    .widgetName("card-edit-reading")
            }
            VStack(spacing: 4) {
                Text(tr("Meaning")).cssClass("heading").align(horizontal: .start)
                TextField(tr("Meaning in English"), text: $cards.draftMeaning)
                    .onSubmit { cards.saveEdit() }
                    .accessibilityLabel(tr("Meaning"))
                    .widgetName("card-edit-meaning")
            }
            Text { cards.browser.isImportedDeck ? tr("Saved in your copy of the deck.")
                : tr("Kept apart from the deck, so it stays when Kuchi updates the deck.") }
                .cssClass("dim-label", "caption")
                .wrapping()
            HStack(spacing: 12) {
                Button(tr("Cancel")) { state.isEditingCard = false }
                    .widgetName("card-edit-cancel")
                Button(tr("Save")) { cards.saveEdit() }
                    .cssClass("suggested-action")
                    .widgetName("card-edit-save")
            }
            .align(horizontal: .center)
        }
        .frame(minWidth: 280)
    }
}
