import FoundationEssentials
import GtkKit
import KuchiModel

/// Builds the main window around the models.
@MainActor
enum MainWindow {
    /// GNOME's smallest window; every screen is laid out to fit it.
    static let minimumSize = (width: 360, height: 294)

    static func make(application: Application?, models: AppModels) -> Window {
        let state = models.state
        let imports = models.imports
        let users = models.users
        let home = ViewStackLink()
        let cards = models.cards
        let headerBar = HeaderBar(menu: [
            [.init(tr("Settings"), action: "app.settings")],
            [
                .init(tr("Add a Word…"), action: "app.add-word"),
                .init(tr("Browse Cards"), action: "app.browse-cards"), .init(tr("Export Deck…"), action: "app.export-deck"),
                .init(tr("Export Reviews…"), action: "app.export-reviews"),
            ],
            [.init(tr("Keyboard Shortcuts"), action: "app.shortcuts"), .init(tr("About Kuchi"), action: "app.about")],
            [.init(tr("Quit"), action: "app.quit")],
        ]) {
            Button(iconName: "go-previous-symbolic", title: tr("Back")) { state.goBack() }
                .visible {
                    state.screen == .cards
                        || state.screen == .home && state.homePage == .challenge && state.challengeStep != .welcome
                }
                .widgetName("back")
        } title: {
            HomeTitle(link: home, state: state, inUse: models.deckInUse)
        }
        .menuName(tr("Main Menu"))
        let window = Window(
            title: "Kuchi", width: 720, height: 640, minimumSize: minimumSize, application: application,
            headerBar: headerBar
        ) {
            RootView(homeLink: home)
                .alert(
                    isPresented: { state.importFailure != nil }, title: { state.importFailure?.title ?? "" },
                    message: { state.importFailure?.message ?? "" }, button: tr("OK"), dismiss: { state.importFailure = nil })
                .formDialog(
                    isPresented: { imports.fieldMappingChoice != nil },
                    title: { FieldMappingChoice.title }, message: { FieldMappingChoice.message },
                    confirm: tr("Import"), onConfirm: { imports.confirmFieldMapping() },
                    onCancel: { imports.cancelFieldMapping() }
                ) {
                    FieldMappingForm(imports: imports)
                }
                .formDialog(
                    isPresented: { models.words.isPresented }, title: { tr("Add a Word") },
                    message: { tr("A word you met today, into one of your own decks. Type it as it is written, in kana or in romaji: the dictionary fills in the rest.") },
                    confirm: tr("Add"), canConfirm: { models.words.canAdd }, onConfirm: { models.words.add() },
                    onCancel: { models.words.cancel() }
                ) {
                    AddWordForm(adder: models.words)
                }
                .confirmationDialog(
                    tr("Forget You?"), isPresented: Bindable(state).isConfirmingForget, confirm: tr("Forget Me"),
                    destructive: true,
                    message: tr("Kuchi removes your saved name from this computer and asks for a name next time. Your settings and progress stay.")
                ) {
                    users.forget()
                    state.screen = .register
                    state.toaster.show(tr("Your name was removed"))
                }
                .folderChooser(
                    isPresented: { models.syncing.isChoosingFolder }, title: tr("Choose a Sync Folder"),
                    onChoose: { path in models.syncing.choose(String(decoding: path, as: UTF8.self)) },
                    onCancel: { models.syncing.isChoosingFolder = false })
                .fileChooser(
                    isPresented: { state.isChoosingDeckFile }, title: tr("Import a Deck"),
                    filterName: tr("Decks (JSON, Anki packages, or text exported from Anki)"),
                    patterns: ["*.json", "*.apkg", "*.tsv", "*.csv", "*.txt"],
                    onChoose: { path in
                        state.isChoosingDeckFile = false
                        imports.start(LocalPath(bytes: path))
                    },
                    onCancel: { state.isChoosingDeckFile = false })
                .confirmation(
                    isPresented: { state.cardConfirmation == .reset }, title: tr("Reset This Card?"),
                    message: tr(
                        "Kuchi forgets every answer you gave to this word, in every direction; it is a new card again. This cannot be undone."),
                    confirm: tr("Reset"), destructive: true,
                    onConfirm: { cards.resetSelected() }, onCancel: { state.cardConfirmation = nil })
                .confirmation(
                    isPresented: { state.cardConfirmation == .delete }, title: tr("Delete This Card?"),
                    message: tr("Kuchi removes the word from your imported deck, with its answers. This cannot be undone."),
                    confirm: tr("Delete"), destructive: true,
                    onConfirm: { cards.deleteSelected() }, onCancel: { state.cardConfirmation = nil })
                .confirmation(
                    isPresented: { models.decks.removal != nil }, title: tr("Remove This Deck?"),
                    message: { DeckRemoval.message(models.decks.removal, cards: models.deckInUse.deck.cards.count, syncing: models.syncing.folder != nil) },
                    confirm: tr("Remove"), destructive: true,
                    onConfirm: { models.decks.confirmRemoval() }, onCancel: { models.decks.cancelRemoval() })
                .confirmation(
                    isPresented: { models.dictionaryApps.askingOrigin != nil }, title: tr("Let a Web Page Add Words?"),
                    message: {
                        tr("{origin} asks to add words to your decks through AnkiConnect, as a dictionary app does. Allow it only if you trust it.",
                           ["origin": models.dictionaryApps.askingOrigin ?? ""])
                    },
                    confirm: tr("Allow"),
                    onConfirm: { models.dictionaryApps.answerPermission(true) },
                    onCancel: { models.dictionaryApps.answerPermission(false) })
                .fileSaver(
                    isPresented: { state.exporting != nil }, title: { state.exporting?.title ?? "" },
                    name: { state.exporting?.fileName(deck: models.deckInUse.catalogID) ?? "" },
                    onChoose: { path in
                        if let kind = state.exporting { cards.export(kind, to: LocalPath(bytes: path)) }
                    },
                    onCancel: { state.exporting = nil })
                .environment(models.users)
                .environment(models.deckInUse)
                .environment(models.cards)
                .environment(models.cards.browser)
                .environment(models.challenges)
                .environment(models.learn)
                .environment(models.typing)
                .environment(models.planner)
                .environment(models.decks)
                .environment(models.imports)
                .environment(models.words)
                .environment(models.speaker)
                .environment(models.handwriting)
                .environment(models.dictionaryApps)
                .environment(models.fitter)
                .environment(models.workload)
                .environment(models.syncing)
                .environment(state)
        }
        // A large deck named in the settings is read once the window shows: when the
        // loop is next idle after the first frame, not inside its paint.
        window.afterFirstPaint {
            MainLoop.idle { models.decks.loadPendingDeck() }
            window.after(CardShelf.buildAheadDelay) { [weak cards = models.cards] in cards?.buildAhead() }
            window.after(MemoryModelFitter.watchDelay) { [weak fitter = models.fitter] in fitter?.watch() }
            // Sync's first merge once the window is up: it never holds up the first frame.
            MainLoop.idle { models.syncing.start() }
        }
        return window
    }
}
