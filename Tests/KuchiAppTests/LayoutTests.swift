import CGtk
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import Testing
@testable import KuchiApp

/// The challenge re-arranges across the vertical breakpoint without losing anything.
@Suite("Kuchi layout", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct LayoutTests {
    @Test("crossing 560 px high moves the same question and choices side by side and back")
    func challengeAdapts() throws {
        let app = try AppHarness(registered: true, width: 720, height: 640)
        defer { app.close() }
        app.startPractice()
        app.click("question")
        let question = try #require(app.widget("question"))
        let choice = try #require(app.widget("choice-1"))
        let score = try #require(app.widget("score"))
        gtk_widget_grab_focus(choice)
        let asked = app.models.challenges.currentChallenge
        let regular = try #require(app.widget("layout-regular"))
        #expect(gtk_widget_is_ancestor(question, regular) != 0)

        // Shorter than 560 px: compact.
        app.window.resize(width: 720, height: 450)
        pump(until: {
            guard let compact = app.widget("layout-compact") else { return false }
            return gtk_widget_is_ancestor(question, compact) != 0
        }, "compact arrangement")
        // Side by side: once laid out, the choices start right of the question.
        let root: UnsafeMutablePointer<GtkWidget> = typed(app.window.gtkWindow)
        pump(until: {
            origin(of: choice, in: root).x >= origin(of: question, in: root).x + Double(gtk_widget_get_width(question))
        }, "choices to the right of the question")
        // The same widgets, the same question, choices still shown, focus kept.
        #expect(app.widget("question") == question)
        #expect(app.widget("choice-1") == choice)
        #expect(app.widget("score") == score)
        #expect(app.models.challenges.currentChallenge == asked)
        #expect(app.isShown("choice-1"))
        #expect(gtk_widget_has_focus(choice) != 0)

        // Taller again: stacked, question above the choices.
        app.window.resize(width: 720, height: 640)
        pump(until: { gtk_widget_is_ancestor(question, regular) != 0 }, "regular arrangement")
        pump(until: {
            origin(of: choice, in: root).y >= origin(of: question, in: root).y + Double(gtk_widget_get_height(question))
        }, "choices below the question")
        #expect(app.widget("choice-1") == choice)
        #expect(gtk_widget_has_focus(choice) != 0)
    }
}

/// Where a widget's top-left corner is, in `root`'s coordinates.
@MainActor
private func origin(
    of widget: UnsafeMutablePointer<GtkWidget>, in root: UnsafeMutablePointer<GtkWidget>
) -> (x: Double, y: Double) {
    var x = 0.0, y = 0.0
    gtk_widget_translate_coordinates(widget, root, 0, 0, &x, &y)
    return (x, y)
}
