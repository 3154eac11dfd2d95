import GtkKit
import KuchiModel

/// Settings: the practice, the deck, the look, and the profile. Every change applies
/// at once and is saved as it is made.
struct SettingsView: View {
    @Environment(UserManager.self) private var users
    @Environment(Syncing.self) private var syncing
    @Environment(AppState.self) private var state
    @Environment(DeckChooser.self) private var decks
    @Environment(DeckImports.self) private var imports
    @Environment(DeckInUse.self) private var inUse
    @Environment(CardShelf.self) private var cards
    @Environment(DictionaryApps.self) private var dictionaryApps
    @Environment(WorkloadEstimate.self) private var workload
    @Environment(Handwriting.self) private var handwriting

    var body: some View {
        @Bindable var users = users
        PreferencesPage {
            PreferencesGroup(tr("Practice")) {
                SpinRow(
                    tr("Questions per session"), subtitle: tr("Correct answers that end a challenge"),
                    value: $users.settings.questionsPerSession, in: Settings.questionsRange
                )
                .widgetName("questions-per-session")
                SpinRow(
                    tr("New cards per day"), subtitle: tr("Words you have never seen that a day may bring"),
                    value: $users.settings.dailyNewCards, in: Settings.dailyNewCardsRange
                )
                .widgetName("daily-new-cards")
                SpinRow(
                    tr("Desired retention (%)"),
                    subtitle: tr("How sure you want to be of a word when it comes back: higher means more reviews"),
                    value: $users.settings.desiredRetention, in: Settings.retentionRange
                )
                .widgetName("desired-retention")
                // What that retention costs, as Anki shows beside it.
                ActionRow(tr("Workload"), subtitle: { workload.words }) { EmptyView() }
                    .onAppear {
                        workload.watch()
                        workload.refresh()
                    }
                    .widgetName("workload")
                SwitchRow(tr("Learn page"), subtitle: tr("Flash cards to go through before a challenge"),
                          isOn: $users.settings.learningEnabled)
                    .widgetName("learning-enabled")
                SwitchRow(tr("Speak new words"), subtitle: tr("Say each new flash card's reading aloud as it appears"),
                          isOn: $users.settings.speakNewWords)
                    .widgetName("speak-new-words")
                ComboRow(
                    tr("Leeches"), subtitle: tr("A card you keep forgetting: at its 8th lapse, then every 4th"),
                    selection: leechIndex, options: { [tr("Tell Me"), tr("Suspend It")] }
                )
                .widgetName("leech-action")
            }
            PreferencesGroup(tr("Deck"), description: tr("The words you learn and practise")) {
                ComboRow(tr("Deck"), selection: deckIndex, options: { decks.entries.map(\.name) })
                    .widgetName("deck")
                SwitchRow(
                    tr("Type the Japanese Too"),
                    subtitle: tr("When typing answers, this deck's meanings also ask for the word in Japanese"),
                    isOn: production
                )
                .widgetName("production")
                // Only where Zinnia can read the kanji written; else it says why.
                SwitchRow(tr("Write the Kanji Too"), subtitle: { writingSubtitle }, isOn: writing)
                    .enabled { handwriting.availability != .unknown && writingUnavailable == nil }
                    .visible { isKanjiDeck }
                    .onAppear { handwriting.prepare() }
                    .widgetName("writing")
                ActionRow(tr("Cards"), subtitle: { tr("See, search and edit this deck's cards (Ctrl+B)") }) {
                    Button(tr("Browse…")) { cards.open() }
                        .widgetName("browse-cards")
                }
                SwitchRow(
                    tr("Let dictionary apps add words (AnkiConnect)"), subtitle: { dictionaryApps.status },
                    isOn: $users.settings.ankiConnect.enabled
                )
                .widgetName("anki-connect")
                ActionRow(tr("Import a Deck"), subtitle: {
                    tr("A Kuchi deck (JSON), an Anki package (.apkg) or notes exported from Anki as text")
                }) {
                    Button(tr("Import…")) { state.isChoosingDeckFile = true }
                        .enabled { imports.importingName == nil }
                        .help { imports.importingName.map { tr("Importing {file}…", ["file": $0]) } ?? tr("Import a deck from a file") }
                        .widgetName("import-deck")
                }
                // Only for a deck the learner imported: the others come with Kuchi.
                ActionRow(tr("Remove This Deck"), subtitle: { tr("Its cards and sounds go from this computer") }) {
                    Button(tr("Remove…")) { decks.askToRemove() }
                        .help { tr("Remove the imported deck in use") }
                        .widgetName("remove-deck")
                }
                .visible { decks.removableDeck != nil }
            }
            PreferencesGroup(tr("Appearance")) {
                ComboRow(tr("Style"), selection: appearanceIndex, options: { [tr("Follow System"), tr("Light"), tr("Dark")] })
                    .widgetName("appearance")
                ComboRow(tr("Card Colour"), selection: colourIndex, options: { CardColour.all.map(\.title) })
                    .widgetName("card-colour")
            }
            PreferencesGroup(tr("Readings")) {
                ComboRow(
                    tr("Readings"), subtitle: tr("Kana over the kanji, below the word, in romaji, or hidden until answered"),
                    selection: readingsIndex, options: { ReadingDisplay.allCases.map(\.title) }
                )
                .widgetName("readings")
                SwitchRow(
                    tr("Pitch Accent"), subtitle: tr("A line over the high kana of the reading, turning down where the pitch drops"),
                    isOn: $users.settings.pitchAccent
                )
                .widgetName("pitch-accent")
            }
            PreferencesGroup(
                tr("Sync"),
                description: tr("Kuchi keeps its own files here; let Syncthing, Nextcloud or Dropbox copy the folder between your computers.")
            ) {
                ActionRow(tr("Sync Folder"), subtitle: { syncing.folder ?? tr("Off: your history stays on this computer") }) {
                    Button(tr("Choose…")) { syncing.isChoosingFolder = true }
                        .widgetName("sync-choose")
                    Button(tr("Turn Off")) { syncing.turnOff() }
                        .visible { syncing.folder != nil }
                        .widgetName("sync-off")
                }
                ActionRow(tr("Last Sync"), subtitle: { syncing.progress ?? syncing.lastResult ?? tr("Not yet") }) {
                    Button(tr("Sync Now")) { syncing.merge() }
                        .widgetName("sync-now")
                }
                .visible { syncing.folder != nil }
                .widgetName("sync-last")
                ActionRow(tr("Devices"), subtitle: { syncing.devicesSummary }) { EmptyView() }
                    .visible { syncing.folder != nil && syncing.device != nil }
                    .widgetName("sync-devices")
            }
            PreferencesGroup(tr("Statistics")) {
                SwitchRow(
                    tr("Show My Streak"), subtitle: tr("Study days in a row, under Statistics"),
                    isOn: $users.settings.showsStreak
                )
                .widgetName("show-streak")
            }
            PreferencesGroup(tr("Profile")) {
                ActionRow(tr("Forget Me"), subtitle: { tr("Removes your name from this computer; your progress stays") }) {
                    Button(tr("Forget Me…")) { state.isConfirmingForget = true }
                        .cssClass("destructive-action")
                        .widgetName("forget-me")
                }
            }
        }
        .widgetName("settings")
    }

    private var deckIndex: Binding<Int> {
        Binding(
            get: { decks.entries.firstIndex { $0.id == inUse.catalogID } ?? 0 },
            set: { index in if decks.entries.indices.contains(index) { decks.select(decks.entries[index].id) } })
    }

    /// Production (meaning → Japanese) for the deck in use.
    private var production: Binding<Bool> { inUseIsListed(in: \.productionDecks) }

    /// Writing (meaning and reading → the kanji written) for the deck in use.
    private var writing: Binding<Bool> { inUseIsListed(in: \.writingDecks) }

    /// Whether the deck in use is in the settings' list of decks at `list`: on adds it,
    /// off takes it out.
    private func inUseIsListed(in list: WritableKeyPath<Settings, [String]> & Sendable) -> Binding<Bool> {
        Binding(
            get: { users.settings[keyPath: list].contains(inUse.key) },
            set: { isOn in
                let key = inUse.key
                users.settings[keyPath: list].removeAll { $0 == key }
                if isOn { users.settings[keyPath: list].append(key) }
            })
    }

    /// A deck of kanji, one to a card (the bundled kanji decks): a word deck has some
    /// one-kanji words, and those alone are not worth a switch.
    private var isKanjiDeck: Bool {
        let cards = inUse.deck.cards
        return !cards.isEmpty && cards.allSatisfy { PracticeDirection.canBeWritten($0.question) }
    }

    private var writingUnavailable: String? {
        guard case .unavailable(let reason) = handwriting.availability else { return nil }
        return reason
    }

    private var writingSubtitle: String {
        writingUnavailable ?? tr("When typing answers, this deck's kanji are also asked for by meaning and reading, and written on a pad")
    }

    private var appearanceIndex: Binding<Int> {
        let cases: [Appearance] = [.system, .light, .dark]
        return Binding(
            get: { cases.firstIndex(of: users.settings.appearance) ?? 0 },
            set: { index in if cases.indices.contains(index) { users.settings.appearance = cases[index] } })
    }

    private var leechIndex: Binding<Int> {
        let cases = LeechAction.allCases
        return Binding(
            get: { cases.firstIndex(of: users.settings.leechAction) ?? 0 },
            set: { index in if cases.indices.contains(index) { users.settings.leechAction = cases[index] } })
    }

    private var readingsIndex: Binding<Int> {
        let cases = ReadingDisplay.allCases
        return Binding(
            get: { cases.firstIndex(of: users.settings.readings) ?? 0 },
            set: { index in if cases.indices.contains(index) { users.settings.readings = cases[index] } })
    }

    private var colourIndex: Binding<Int> {
        Binding(
            get: { CardColour.all.firstIndex { $0.hex == users.settings.cardColor } ?? 0 },
            set: { index in if CardColour.all.indices.contains(index) { users.settings.cardColor = CardColour.all[index].hex } })
    }
}

extension ReadingDisplay {
    /// The option's name in Settings.
    var title: String {
        switch self {
        case .furigana: tr("Furigana")
        case .below: tr("Below the Word")
        case .romaji: tr("Romaji")
        case .hidden: tr("Hidden")
        }
    }
}
