import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp
@_exported import GtkTestSupport

/// A Kuchi main window on fresh storage in a temporary folder, with a seeded deck order.
@MainActor
final class AppHarness {
    let folder: URL
    let models: AppModels
    let window: Window

    init(
        seed: UInt64 = 7, registered: Bool = false, deckPath: String? = nil,
        width: Int = 720, height: Int = 640
    ) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kuchi-app-tests-\(UUID().uuidString)")
        let storage = UserStore(location: StorageLocation(
            configDirectory: folder.appendingPathComponent("config"),
            dataDirectory: folder.appendingPathComponent("data")))
        if registered { try storage.saveProfile(Profile(name: "Aiko")) }
        models = AppModels.load(
            storage: storage, deckPath: deckPath.map(LocalPath.init), random: SeededRandomNumberGenerator(seed: seed))
        window = MainWindow.make(application: nil, models: models)
        window.resize(width: width, height: height)
        window.present()
        MainLoop.run(until: { self.window.size.width > 0 })
    }

    func close() {
        window.close()
        try? FileManager.default.removeItem(at: folder)
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

    func isShown(_ name: String) -> Bool {
        guard let widget = widget(name) else { return false }
        return gtk_widget_is_visible(widget) != 0
    }

    /// The open message dialog (feedback), if any: its window widget.
    var dialog: UnsafeMutablePointer<GtkWidget>? {
        toplevels().first { gtk_widget_has_css_class($0, "messagedialog") != 0 && gtk_widget_get_visible($0) != 0 }
    }

    func dialogTexts() -> [String] {
        guard let dialog else { return [] }
        var texts: [String] = []
        collectLabels(dialog, into: &texts)
        return texts
    }

    /// Presses the dialog's OK button.
    func dismissDialog() {
        guard let dialog, let ok = descendant(of: dialog, type: gtk_button_get_type()) else { return }
        gtkkit_emit(ok, "clicked")
        MainLoop.drain()
    }

    private func collectLabels(_ widget: UnsafeMutablePointer<GtkWidget>, into texts: inout [String]) {
        if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { texts.append(labelText(widget)) }
        for child in children(of: widget) { collectLabels(child, into: &texts) }
    }

    /// Activates the window (or the open dialog) and types a key with xdotool.
    func pressKey(_ keysym: String, inDialog: Bool = false) throws {
        let title = "Kuchi test \(ObjectIdentifier(self).hashValue)"
        let target: UnsafeMutablePointer<GtkWidget> = inDialog ? try #require(dialog) : typed(window.gtkWindow)
        gtk_window_set_title(typed(target), title)
        var id: UInt?
        pump(until: {
            id = WindowManager.windowID(title: title)
            return id != nil
        }, "the window has an X id")
        let windowID = try #require(id)
        WindowManager.run("xdotool", ["windowactivate", "\(windowID)"])
        pump(until: { gtk_window_is_active(typed(target)) != 0 }, "the window is active")
        WindowManager.run("xdotool", ["key", "--clearmodifiers", keysym])
    }

    /// The choice button whose label is the right (or a wrong) answer.
    func choiceName(correct: Bool) -> String? {
        guard let test = models.challenges.currentChallenge else { return nil }
        for index in 1...test.answers.count {
            guard let button = widget("choice-\(index)") else { continue }
            let label = String(cString: gtk_button_get_label(typed(button)))
            if test.isCorrect(label) == correct { return "choice-\(index)" }
        }
        return nil
    }
}
