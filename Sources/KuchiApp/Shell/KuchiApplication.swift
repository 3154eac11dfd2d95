import FoundationEssentials
import GtkKit
import KuchiModel

/// The Kuchi application: command line, actions, and its one main window.
@MainActor
public final class KuchiApplication {
    nonisolated public static let id = "io.github.kuchi.Kuchi"

    private let application = Application(id: KuchiApplication.id)
    private var window: Window?
    private var deckPath: LocalPath?
    /// What runs after the first frame: adding the source tree's icons, or a probe.
    private let afterFirstFrame: @MainActor () -> Void

    public convenience init() {
        self.init(afterFirstFrame: { Theme.addSourceTreeIcons() })
    }

    /// Kuchi with `afterFirstFrame` run once its window is first painted, in place of
    /// the usual work then (the start-up benchmark's probe).
    @_spi(Benchmark) public init(afterFirstFrame: @escaping @MainActor () -> Void) {
        self.afterFirstFrame = afterFirstFrame
        application.addOption("deck", description: "Practise the deck in FILE", argument: "FILE")
        application.addOption("check-deck", description: "Check the deck in FILE and exit", argument: "FILE")
        application.addOption("version", description: "Show the version and exit")
        application.onOptions { [unowned self] options in self.handle(options) }
        application.onStartup { [unowned self] _ in self.startup() }
        application.onActivate { [unowned self] _ in self.activate() }
    }

    /// Runs until the window closes; returns the exit status.
    public func run() -> Int32 {
        application.run()
    }

    private func handle(_ options: CommandLineOptions) -> Int32? {
        if options.contains("version") {
            print("kuchi \(DataLocator.version)")
            return 0
        }
        if let path = options.bytes("check-deck") {
            return DeckCheck.run(path: LocalPath(bytes: path))
        }
        deckPath = options.bytes("deck").map { LocalPath(bytes: $0) }
        return nil
    }

    private func startup() {
        application.addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in self.application.quit() }
        application.addAction("about") { [unowned self] in self.window?.presentAbout(About.info) }
        application.addAction("shortcuts", accelerators: ["<Control>question"]) { [unowned self] in
            self.window?.presentShortcuts(builderXML: Shortcuts.builderXML)
        }
        Theme.install()
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        let models = AppModels.load(storage: AppModels.userStorage, deckPath: deckPath)
        Theme.apply(models.users.settings.appearance)
        let window = MainWindow.make(application: application, models: models)
        self.window = window
        window.present()
        window.afterFirstPaint(afterFirstFrame)
    }
}
