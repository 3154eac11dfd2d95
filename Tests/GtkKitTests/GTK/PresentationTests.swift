import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `.sheet`, `.alert` and `.confirmationDialog` on a `Binding<Bool>`: the binding
    /// opens and closes them, and closing them sets the binding false.
    @Suite("Presentation bindings") @MainActor
    struct PresentationBindingTests {
        @Test("a sheet opens over its view's window when its binding turns true and closes when it turns false")
        func sheetFollowsBinding() {
            let model = PresentationModel()
            let window = showWindow {
                Text("owner").sheet(isPresented: Bindable(model).isPresented) {
                    Text("in the sheet").widgetName("sheet-content")
                }
            }
            defer { window.close() }
            nextTurn()
            #expect(sheetContent() == nil, "closed while the binding is false")
            model.isPresented = true
            pump(until: { sheetContent() != nil }, "the sheet opened")
            let sheet = sheetContent().map(outermost)
            #expect(sheet.map { gtk_window_get_transient_for(typed($0)) } == window.gtkWindow, "over the view's window")
            model.isPresented = false
            pump(until: { sheetContent() == nil }, "the sheet closed")
        }

        @Test("closing a sheet sets its binding false and runs onDismiss once")
        func sheetCloseSetsBinding() throws {
            let model = PresentationModel()
            var dismissed = 0
            let window = showWindow {
                Text("owner").sheet(isPresented: Bindable(model).isPresented, onDismiss: { dismissed += 1 }) {
                    Text("in the sheet").widgetName("sheet-content")
                }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { sheetContent() != nil }, "the sheet opened")
            nextTurn()
            // Positive control: left alone, it stays open and the binding true.
            #expect(model.isPresented)
            #expect(dismissed == 0)
            let sheet = try #require(sheetContent().map(outermost))
            gtk_window_close(typed(sheet))
            pump(until: { !model.isPresented }, "closing the sheet set the binding false")
            pump(until: { sheetContent() == nil }, "the sheet is gone")
            nextTurn()
            #expect(dismissed == 1)
        }

        @Test("Escape closes a sheet and sets its binding false")
        func sheetEscape() throws {
            let model = PresentationModel()
            let window = showWindow {
                Text("owner").sheet(isPresented: Bindable(model).isPresented) {
                    Text("in the sheet").widgetName("sheet-content")
                }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { sheetContent() != nil }, "the sheet opened")
            let sheet = try #require(sheetContent().map(outermost))
            try activate(sheet)
            _ = WindowManager.run("xdotool", ["key", "Escape"])
            pump(until: { !model.isPresented }, "Escape set the binding false")
            pump(until: { sheetContent() == nil }, "the sheet is gone")
        }

        @Test("confirmationDialog's confirm sets its binding false and runs the action; closing it only sets the binding")
        func confirmationDialogBinding() throws {
            let model = PresentationModel()
            var confirmed = 0
            let window = showWindow {
                Text("owner").confirmationDialog(
                    "Delete?", isPresented: Bindable(model).isPresented, confirm: "Delete", destructive: true,
                    message: "It cannot be undone."
                ) { confirmed += 1 }
            }
            defer { window.close() }
            nextTurn()
            #expect(messageDialog() == nil)
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "the dialog opened")
            adw_message_dialog_response(typed(try #require(messageDialog())), "confirm")
            pump(until: { !model.isPresented }, "confirming set the binding false")
            #expect(confirmed == 1)
            pump(until: { messageDialog() == nil }, "the dialog is gone")
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "the dialog opened again")
            gtk_window_close(typed(try #require(messageDialog())))
            pump(until: { !model.isPresented }, "closing set the binding false")
            #expect(confirmed == 1, "closing is no confirmation")
        }

        @Test("an alert opens when its binding turns true, and its button sets the binding false")
        func alertBinding() throws {
            let model = PresentationModel()
            let window = showWindow {
                Text("owner").alert("Import Failed", isPresented: Bindable(model).isPresented, message: model.message)
            }
            defer { window.close() }
            model.message = "The file is not a deck."
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "the alert opened")
            let dialog = try #require(messageDialog())
            #expect(String(cString: adw_message_dialog_get_body(typed(dialog))) == "The file is not a deck.",
                    "the message is read when it opens")
            nextTurn()
            #expect(model.isPresented, "control: it stays open until answered")
            adw_message_dialog_response(typed(dialog), "ok")
            pump(until: { !model.isPresented }, "its button set the binding false")
            pump(until: { messageDialog() == nil }, "the alert is gone")
        }
    }
}

@Observable @MainActor private final class PresentationModel {
    var isPresented = false
    var message = ""
}
