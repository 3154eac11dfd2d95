import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp
@_exported import GtkTestSupport

/// A Kuchi main window on fresh storage in a temporary folder, with a seeded deck order.
@MainActor
final class AppHarness {
    let folder: URL
    let models: AppModels
    let window: Window
    /// Whether the window has been painted once.
    private(set) var isPainted = false

    /// `folder` keeps the user's files; pass the one of an earlier harness to start
    /// again as after a relaunch. `deckLoadGate` runs on the thread that loads a large
    /// deck, before it reads it. Without a `speaker`, words are said to a
    /// speech-dispatcher that is not there (never the user's own).
    init(
        seed: UInt64 = 7, registered: Bool = false, deckPath: String? = nil,
        width: Int = 720, height: Int = 640, folder: URL? = nil,
        deckLoadGate: @escaping @Sendable () -> Void = {}, speaker: Speaker? = nil,
        handwriting: Handwriting = Handwriting()
    ) throws {
        // `meson test fits-de` (and es, pt_BR) runs the layout tests in that language,
        // in a process of their own: Kuchi's words from the catalogues meson built.
        if ProcessInfo.processInfo.environment["KUCHI_TEST_LANGUAGE"].map({ !$0.isEmpty }) == true {
            Translations.install()
        }
        self.folder = folder ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("kuchi-app-tests-\(UUID().uuidString)")
        let storage = UserStore(location: StorageLocation(
            configDirectory: self.folder.appendingPathComponent("config"),
            dataDirectory: self.folder.appendingPathComponent("data")))
        if registered { try storage.saveProfile(Profile(name: "Aiko")) }
        let catalog = DeckCatalog(
            bundledFolder: repository.appendingPathComponent("data/decks"),
            importedFolder: self.folder.appendingPathComponent("data/decks"))
        models = AppModels.load(
            storage: storage, catalog: catalog, random: SeededRandomNumberGenerator(seed: seed),
            deckLoadGate: deckLoadGate,
            speaker: speaker ?? Speaker(socketPath: self.folder.appendingPathComponent("no-speechd.sock").path),
            handwriting: handwriting,
            dictionary: JapaneseDictionary(path: repository.appendingPathComponent("data/dictionary/jmdict-common.sqlite3").path))
        if let deckPath { models.decks.open(LocalPath(deckPath)) }
        Theme.install()
        window = MainWindow.make(application: nil, models: models)
        window.resize(width: width, height: height)
        window.afterFirstPaint { [weak self] in self?.isPainted = true }
        window.present()
        pump(until: { self.window.size.width > 0 }, "the window is shown")
    }

    /// Closes the window and removes the user's files (unless `keepingFiles`).
    func close(keepingFiles: Bool = false) {
        window.close()
        if !keepingFiles { TemporaryFolder.remove(folder) }
    }

    func widget(_ name: String) -> UnsafeMutablePointer<GtkWidget>? { widgetNamed(name, in: window) }

    /// Clicks a button as GTK does when the user releases the mouse on it.
    func click(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let button = widget(name) else {
            Issue.record("no widget named \(name)", sourceLocation: sourceLocation)
            return
        }
        #expect(gtk_widget_is_sensitive(button) != 0, "\(name) is sensitive", sourceLocation: sourceLocation)
        gtkkit_emit(button, "clicked")
        MainLoop.drain()
    }

    func text(_ name: String) -> String? { widget(name).map(labelText) }

    /// Whether the widget is on screen (a page of a stack that is not showing is not).
    func isShown(_ name: String) -> Bool {
        // Drained before the widget is looked up, never between: what the drain runs
        // (a page rebuilt, another test's work) may destroy the widget found first, and
        // asking a destroyed widget is a critical, fatal under G_DEBUG=fatal-criticals.
        MainLoop.drain()
        guard let widget = widget(name) else { return false }
        return gtk_widget_get_mapped(widget) != 0
    }

    /// The open message dialog (feedback), if any: its window widget.
    var dialog: UnsafeMutablePointer<GtkWidget>? {
        toplevels().first { gtk_widget_has_css_class($0, "messagedialog") != 0 && gtk_widget_get_visible($0) != 0 }
    }

    /// Types `text` into the dialog's entry named `name` as the keyboard would (the
    /// entry's text changes, its binding writes the model).
    func typeInDialog(_ text: String, into name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let entry = try #require(dialogWidget(name), "the dialog has \(name)", sourceLocation: sourceLocation)
        gtk_editable_set_text(OpaquePointer(entry), text)
        MainLoop.drain()
    }

    /// The open dialog's button labelled `label` (its mnemonic underscore aside).
    func dialogButton(_ label: String) -> UnsafeMutablePointer<GtkWidget>? {
        guard let dialog else { return nil }
        return descendant(of: dialog, type: gtk_button_get_type(), matching: {
            gtk_button_get_label(typed($0)).map { String(cString: $0).replacingOccurrences(of: "_", with: "") } == label
        })
    }

    func dialogTexts() -> [String] {
        guard let dialog else { return [] }
        var texts: [String] = []
        collectLabels(dialog, into: &texts)
        return texts
    }

    /// The widget named `name` in the open dialog.
    func dialogWidget(_ name: String) -> UnsafeMutablePointer<GtkWidget>? {
        guard let dialog else { return nil }
        func find(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            if let widgetName = gtk_widget_get_name(widget), String(cString: widgetName) == name { return widget }
            for child in children(of: widget) { if let found = find(child) { return found } }
            return nil
        }
        return find(dialog)
    }

    /// Presses the dialog's OK button.
    func dismissDialog() {
        guard let dialog, let ok = descendant(of: dialog, type: gtk_button_get_type()) else { return }
        gtkkit_emit(ok, "clicked")
        MainLoop.drain()
    }

    /// The texts of the labels in the widget named `name`.
    func labelTexts(in name: String) -> [String] {
        var texts: [String] = []
        if let widget = widget(name) { collectLabels(widget, into: &texts) }
        return texts
    }

    /// Imports `file` as the file chooser and `--import-deck` do, and waits for the end:
    /// nil once the deck is in (or the field dialog has taken over), or the refusal.
    func imported(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let outcome = Outcome()
        models.imports.start(LocalPath(file)) { outcome.problem = $0; outcome.done = true }
        pump(until: { outcome.done }, timeout: .seconds(30), "the import of \(file.lastPathComponent) ends", sourceLocation: sourceLocation)
        return outcome.problem
    }

    /// The texts of every label in the window's widget tree.
    func windowTexts() -> [String] {
        var texts: [String] = []
        collectLabels(typed(window.gtkWindow), into: &texts)
        return texts
    }

    private func collectLabels(_ widget: UnsafeMutablePointer<GtkWidget>, into texts: inout [String]) {
        if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { texts.append(labelText(widget)) }
        for child in children(of: widget) { collectLabels(child, into: &texts) }
    }

    /// Activates the window (or the open dialog) and types a key with xdotool.
    func pressKey(_ keysym: String, inDialog: Bool = false) throws {
        let target: UnsafeMutablePointer<GtkWidget> = inDialog ? try #require(dialog) : typed(window.gtkWindow)
        try activate(target)
        WindowManager.run("xdotool", ["key", "--clearmodifiers", keysym])
    }

    /// The choice button whose label is the right (or a wrong) answer.
    func choiceName(correct: Bool) -> String? {
        guard let test = models.challenges.currentChallenge else { return nil }
        for index in 1...test.answers.count {
            guard let label = text("choice-\(index)-text") else { continue }
            if test.isCorrect(label) == correct { return "choice-\(index)" }
        }
        return nil
    }

    /// Registers as `name` through the Register screen's widgets.
    func register(_ name: String = "Yuki") throws {
        let entry = try #require(widget("name-entry"))
        var position: Int32 = 0
        gtk_editable_insert_text(typed(entry), name, -1, &position)
        MainLoop.drain()
        click("register-ok")
    }

    /// Opens the practice from the Challenge page's welcome.
    func startPractice(sourceLocation: SourceLocation = #_sourceLocation) {
        click("start", sourceLocation: sourceLocation)
        pump(until: { self.widget("question").map { gtk_widget_get_mapped($0) != 0 } ?? false },
             "practice shown", sourceLocation: sourceLocation)
    }

    /// Answers the current question right (or wrong) through the widgets and
    /// dismisses the feedback.
    func answer(correct: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if !models.challenges.showsChoices { click("question", sourceLocation: sourceLocation) }
        click(try #require(choiceName(correct: correct), sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        pump(until: { self.dialog != nil }, "feedback shown", sourceLocation: sourceLocation)
        dismissDialog()
        pump(until: { self.dialog == nil }, "feedback closed", sourceLocation: sourceLocation)
    }
}

/// What an import's `whenDone` was given.
@MainActor
final class Outcome {
    var done = false
    var problem: String?
}

/// Holds a background thread (a deck's loading, an import) until opened (once; later
/// waits pass at once).
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() {
        semaphore.wait()
        semaphore.signal()
    }

    func open() { semaphore.signal() }
}

/// The text of every label in the window, toasts included.
@MainActor
func allLabels(_ app: AppHarness) -> [String] {
    var texts: [String] = []
    func collect(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { texts.append(labelText(widget)) }
        children(of: widget).forEach(collect)
    }
    collect(typed(app.window.gtkWindow))
    return texts
}
