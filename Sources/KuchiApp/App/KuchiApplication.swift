import FoundationEssentials
import GtkKit
import KuchiModel

/// The Kuchi application: command line, actions, and its one main window.
///
/// One instance runs at a time. A later launch's `--deck` or `--import-deck` is sent
/// to the running instance, which acts on it and comes to the front; `--version`,
/// `--check-deck`, `--export-deck`, `--export-reviews` and `--sync` are answered where they were
/// typed.
@MainActor
public final class KuchiApplication {
    nonisolated public static let id = "io.github.kuchi.Kuchi"

    private let application = Application(id: KuchiApplication.id, handlesCommandLine: true)
    private var window: Window?
    private var models: AppModels?
    /// Keeps the style following the appearance setting.
    private var appearance: Tracking?
    /// Says each new Learn card when "Speak new words" is on.
    private var newWordSpeech: Tracking?
    /// Whether the first instance's own `--import-deck` was refused: it then exits 1 when
    /// it quits, as a later launch whose import is refused exits 1 at once.
    private var launchImportRefused = false
    /// What runs after the first frame: adding the source tree's icons, or a probe.
    private let afterFirstFrame: @MainActor () -> Void
    /// Work held back until the window has been painted once and the loop has then gone
    /// idle (nil once it has): see ``whenWindowIsUp(_:)``.
    private var untilWindowIsUp: [@MainActor () -> Void]? = []

    public convenience init() {
        self.init(afterFirstFrame: { Theme.addSourceTreeIcons() })
    }

    /// For the start-up probe: whether sync's merges since start-up are over (or no
    /// folder is set); false before the window is up.
    @_spi(Benchmark) public var syncIsIdle: Bool {
        guard let syncing = models?.syncing else { return false }
        return syncing.folder == nil || (syncing.lastResult != nil && syncing.progress == nil)
    }

    /// For the start-up probe: every merge at once on the window's thread, however
    /// large, as before merges came in steps (the figures' "before"). Before sync starts.
    @_spi(Benchmark) public func mergeAtOnce() {
        models?.syncing.longMergeBytes = .max
    }

    /// Kuchi with `afterFirstFrame` run once its window is first painted, in place of
    /// the usual work then (the start-up benchmark's probe).
    @_spi(Benchmark) public init(afterFirstFrame: @escaping @MainActor () -> Void) {
        // Before the first word: the option descriptions below are already translated.
        Translations.install()
        self.afterFirstFrame = afterFirstFrame
        application.addOption("deck", description: tr("Practise the deck in FILE"), argument: "FILE")
        application.addOption(
            "import-deck", description: tr("Import the deck in FILE (JSON, an Anki package, or notes exported from Anki as text)"),
            argument: "FILE")
        application.addOption("check-deck", description: tr("Check the deck in FILE and exit"), argument: "FILE")
        application.addOption(
            "export-deck", description: tr("Export the deck chosen in Settings, with your edits, to FILE (JSON) and exit"),
            argument: "FILE")
        application.addOption(
            "export-reviews", description: tr("Export the chosen deck's review log to FILE (CSV for the FSRS optimizer) and exit"),
            argument: "FILE")
        application.addOption("sync", description: tr("Merge the sync folder set in Settings once, and exit"))
        application.addOption("version", description: tr("Show the version and exit"))
        application.onOptions { [unowned self] options in self.handleHere(options) }
        application.onCommandLine { [unowned self] commandLine in self.handle(commandLine) }
        application.onStartup { [unowned self] _ in self.startup() }
        application.onActivate { [unowned self] _ in self.activate() }
        // Every way out (Quit, the window closed, a logout's SIGTERM, Ctrl+C, a closed
        // terminal's SIGHUP) ends here: waiting answers are saved, the database file is
        // brought up to date, and a settings or profile file whose save failed is tried
        // once more.
        application.onShutdown { [unowned self] _ in
            self.models?.dictionaryApps.stop()
            self.models?.planner.close()
            self.models?.users.saveFailedFiles()
            // What an import unpacked goes with it. An import still under way is
            // cancelled first, and waited for (a second at most; its history's
            // transaction is rolled back); one that has not stopped by then (its thread
            // ends with the process) leaves what it unpacked to the next start.
            if let models = self.models, models.imports.cancelAndWait() { models.decks.catalog.removeLeftovers() }
        }
    }

    /// Runs until the window closes; returns the exit status.
    public func run() -> Int32 {
        let status = application.run()
        // NB: GApplication exits the first instance with 0 once its window has kept it
        // running, whatever its own command line's handler returned.
        return status == 0 && launchImportRefused ? 1 : status
    }

    /// Options answered in the launching process, without a window.
    private func handleHere(_ options: CommandLineOptions) -> Int32? {
        if options.contains("version") {
            print("kuchi \(DataLocator.version)")
            return 0
        }
        if options.contains("sync") {
            return SyncCommand.run(
                storage: AppModels.userStorage, databaseName: AppModels.reviewDatabaseName, catalog: AppModels.catalog)
        }
        if let path = options.bytes("check-deck") {
            return DeckCheck.run(path: LocalPath(bytes: path), catalog: AppModels.catalog)
        }
        for (option, kind) in [("export-deck", CardExport.Kind.deck), ("export-reviews", .reviews)] {
            if let path = options.bytes(option) {
                return CardExport.run(kind, to: LocalPath(bytes: path), storage: AppModels.userStorage, catalog: AppModels.catalog)
            }
        }
        return nil
    }

    /// A launch's command line, this one's or a later one's, in the running instance.
    private func handle(_ commandLine: LaunchCommandLine) -> Int32 {
        application.activate()
        guard let models else { return 1 }
        let options = commandLine.options
        if let path = options.bytes("deck") {
            models.decks.open(resolve(path, in: commandLine))
        }
        if let path = options.bytes("import-deck") {
            // The import runs in the background; the launch waits for its outcome.
            let launch = commandLine.finishLater()
            let file = resolve(path, in: commandLine)
            whenWindowIsUp { [weak self] in
                models.imports.start(file) { problem in
                    if let problem {
                        launch.printError(problem)
                        if !launch.isRemote { self?.launchImportRefused = true }
                    }
                    launch.finish(status: problem == nil ? 0 : 1)
                }
            }
        }
        return 0
    }

    /// Runs `action` once the window has been painted and the loop has gone idle after
    /// that (at once when it has). GTK announces the window to screen readers from an
    /// idle callback (AT-SPI registration, G_PRIORITY_DEFAULT_IDLE); a launch's import
    /// started before it shows its spinner at once, and where painting is slow (software
    /// rendering on two busy cores) the redraws every frame kept the loop from ever
    /// going idle: Orca could not find Kuchi until a 200,000-review import had ended
    /// (20 to 54 s).
    private func whenWindowIsUp(_ action: @escaping @MainActor () -> Void) {
        if untilWindowIsUp == nil { action() } else { untilWindowIsUp?.append(action) }
    }

    /// A relative path is relative to the folder the launch was typed in.
    private func resolve(_ path: [UInt8], in commandLine: LaunchCommandLine) -> LocalPath {
        guard path.first != UInt8(ascii: "/") else { return LocalPath(bytes: path) }
        return LocalPath(bytes: commandLine.workingDirectory + [UInt8(ascii: "/")] + path)
    }

    private func startup() {
        application.addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in self.application.quit() }
        application.addAction("close", accelerators: ["<Control>w"]) { [unowned self] in self.window?.close() }
        application.addAction("about") { [unowned self] in self.window?.presentAbout(About.info) }
        application.addAction("undo", accelerators: ["<Control>z"]) { [unowned self] in
            guard let window = self.window, let models = self.models else { return }
            models.undoLastAnswer(in: window)
        }
        application.addAction("add-word", accelerators: ["<Control>n"]) { [unowned self] in
            guard let models = self.models, models.state.screen != .register else { return }
            models.words.open()
        }
        // The deck's own: its cards, and exporting them and their reviews.
        application.addAction("browse-cards", accelerators: ["<Control>b"]) { [unowned self] in
            guard let models = self.models, models.state.screen != .register else { return }
            models.cards.open()
        }
        for (name, kind) in [("export-deck", CardExport.Kind.deck), ("export-reviews", .reviews)] {
            application.addAction(name) { [unowned self] in
                guard let state = self.models?.state, state.screen != .register else { return }
                state.exporting = kind
            }
        }
        application.addAction("shortcuts", accelerators: ["<Control>question"]) { [unowned self] in
            self.window?.presentShortcuts(builderXML: Shortcuts.builderXML, title: tr("Keyboard Shortcuts"))
        }
        // Home's pages: Alt+1 to 4 as in GNOME's view switchers; Settings also Ctrl+,.
        let pages: [(String, AppState.HomePage, [String])] = [
            ("learn", .learn, ["<Alt>1"]), ("challenge", .challenge, ["<Alt>2"]),
            ("statistics", .statistics, ["<Alt>3"]), ("settings", .settings, ["<Control>comma", "<Alt>4"]),
        ]
        for (name, page, accelerators) in pages {
            application.addAction(name, accelerators: accelerators) { [unowned self] in
                guard let state = self.models?.state, state.screen == .home else { return }
                state.homePage = page
            }
        }
        Theme.install()
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        let models = AppModels.load(storage: AppModels.userStorage)
        self.models = models
        appearance = Theme.follow(models.users)
        newWordSpeech = NewWordSpeech.follow(
            learn: models.learn, state: models.state, users: models.users, speaker: models.speaker,
            decks: models.decks)
        let window = MainWindow.make(application: application, models: models)
        self.window = window
        window.present()
        window.afterFirstPaint { [unowned self] in
            afterFirstFrame()
            // Queued after GTK's own idle registration, at its priority: it runs after it.
            MainLoop.idle { [unowned self] in
                let held = untilWindowIsUp ?? []
                untilWindowIsUp = nil
                for action in held { action() }
            }
        }
    }
}
