import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import GtkTestSupport
import KuchiModel
import Testing
@testable import KuchiApp

/// Settings' Forget Me…: "Forget You?" asks first; Cancel and Escape keep the name, and
/// the question can be asked again at once; Forget Me removes the name.
@Suite("Forget Me", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct ForgetMeTests {
    @Test("Cancel and Escape keep the name, and Forget Me… asks again at once; Forget Me then removes the name",
          arguments: ["Cancel", "Escape"])
    func cancelKeepsAndAsksAgain(how: String) throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.state.homePage = .settings
        pump(until: { app.isShown("forget-me") }, "Settings offers Forget Me…")
        app.click("forget-me")
        pump(until: { app.dialog != nil }, "the confirmation")
        #expect(app.dialogTexts().contains("Forget You?"))
        if how == "Escape" {
            try app.pressKey("Escape", inDialog: true)
        } else {
            gtkkit_emit(try #require(app.dialogButton("Cancel")), "clicked")
        }
        pump(until: { app.dialog == nil }, "\(how) closed it")
        #expect(!app.models.state.isConfirmingForget)
        #expect(app.models.users.isRegistered, "\(how) keeps the name")
        // Asked again at once, with no main-loop turn since the close (issue 28: the
        // confirmation did not come back).
        app.models.state.isConfirmingForget = true
        pump(until: { app.dialog != nil }, "asked again after \(how), the confirmation is back")
        #expect(app.dialogTexts().contains("Forget You?"))
        gtkkit_emit(try #require(app.dialogButton("Forget Me")), "clicked")
        pump(until: { app.dialog == nil }, "Forget Me closed it")
        #expect(!app.models.users.isRegistered, "the name is removed")
        pump(until: { app.models.state.screen == .register }, "Kuchi asks for a name")
    }
}
