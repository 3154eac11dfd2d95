import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// A presented window closed in any way comes back when its binding turns true
    /// again (issue 28), also at once: a learner's Cancel or Escape and the next
    /// "open it" can fall in one main-loop turn, as they do in a test that clicks and
    /// asks again. Each case also runs with a turn between the close and the reopening,
    /// which worked before: the positive control of the reopening check.
    @Suite("Presentation reopening") @MainActor
    struct PresentationReopeningTests {
        enum DialogClose: String, CaseIterable, Sendable {
            /// Its Cancel button (an alert's OK), as the learner clicks it.
            case cancelButton
            /// Escape typed into the dialog.
            case escape
            /// Its binding set false.
            case binding
            /// The destructive Delete button (confirmations only).
            case confirmButton
        }

        @Test("GTK's stock labels read whole every time: the same text on each of 2,000 reads, among allocations")
        func stockLabelsAreStable() {
            // Each read as GTK's catalogue has it, the C string held for the call.
            func catalogue(_ message: String) -> String { message.withCString { String(cString: g_dgettext("gtk40", $0)) } }
            let expected = [catalogue("_Cancel"), catalogue("Close"), catalogue("Back")]
            var mismatches = 0
            for round in 0..<2_000 {
                // Other short strings come and go between reads, as in a running app.
                let noise = (0..<8).map { "label \(round) \($0)" }
                if [StockLabels.cancel, StockLabels.close, StockLabels.back] != expected { mismatches += 1 }
                _ = noise.count
            }
            #expect(mismatches == 0)
            #expect(!expected[0].isEmpty && expected[0].contains("_"), "a mnemonic: \(expected[0])")
        }

        @Test("a confirmationDialog closed by Cancel, Escape, its binding or Delete opens again when the binding turns true",
              arguments: DialogClose.allCases, [false, true])
        func confirmationReopens(close: DialogClose, turnBetween: Bool) throws {
            let model = ReopeningModel()
            var confirmed = 0
            let window = showWindow {
                Text("owner").confirmationDialog(
                    "Delete?", isPresented: Bindable(model).isPresented, confirm: "Delete", destructive: true,
                    message: "It cannot be undone."
                ) { confirmed += 1 }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "the dialog opened")
            try closeDialog(close, model, button: close == .confirmButton ? "Delete" : StockLabels.cancel)
            #expect(confirmed == (close == .confirmButton ? 1 : 0))
            if turnBetween { nextTurn() }
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "closed by \(close), the dialog opened again")
            // Its buttons work: Cancel closes it and sets the binding; Delete confirms.
            try click(dialogButton(StockLabels.cancel))
            pump(until: { !model.isPresented && messageDialog() == nil }, "the reopened dialog's Cancel closed it")
            if turnBetween { nextTurn() }
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "and it opens a third time")
            try click(dialogButton("Delete"))
            pump(until: { !model.isPresented && messageDialog() == nil }, "its Delete closed it")
            #expect(confirmed == (close == .confirmButton ? 2 : 1), "Delete ran the action")
        }

        @Test("an alert closed by OK, Escape or its binding opens again when the binding turns true",
              arguments: [DialogClose.cancelButton, .escape, .binding], [false, true])
        func alertReopens(close: DialogClose, turnBetween: Bool) throws {
            let model = ReopeningModel()
            let window = showWindow {
                Text("owner").alert("Import Failed", isPresented: Bindable(model).isPresented, message: "Not a deck.")
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "the alert opened")
            try closeDialog(close, model, button: "OK")
            if turnBetween { nextTurn() }
            model.isPresented = true
            pump(until: { messageDialog() != nil }, "closed by \(close), the alert opened again")
            try click(dialogButton("OK"))
            pump(until: { !model.isPresented && messageDialog() == nil }, "the reopened alert's OK closed it")
        }

        enum SheetClose: String, CaseIterable, Sendable {
            /// Escape typed into the sheet.
            case escape
            /// The window closed, as its header bar's close button does.
            case closeButton
            /// Its binding set false.
            case binding
            /// `@Environment(\.dismiss)` called from a button in it.
            case dismiss
        }

        @Test("a sheet closed by Escape, its close button, its binding or dismiss opens again when the binding turns true",
              arguments: SheetClose.allCases, [false, true])
        func sheetReopens(close: SheetClose, turnBetween: Bool) throws {
            let model = ReopeningModel()
            var dismissed = 0
            let window = showWindow {
                Text("owner").sheet(isPresented: Bindable(model).isPresented, onDismiss: { dismissed += 1 }) {
                    SheetDoneButton()
                }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { sheetContent() != nil }, "the sheet opened")
            let sheet = try #require(sheetContent().map(outermost))
            switch close {
            case .escape:
                try activate(sheet)
                _ = WindowManager.run("xdotool", ["key", "Escape"])
            case .closeButton: gtk_window_close(typed(sheet))
            case .binding: model.isPresented = false
            case .dismiss: try click(#require(sheetContent()))
            }
            pump(until: { !model.isPresented && sheetContent() == nil }, "\(close) closed the sheet")
            if turnBetween { nextTurn() }
            model.isPresented = true
            pump(until: { sheetContent() != nil }, "closed by \(close), the sheet opened again")
            try click(#require(sheetContent()))
            pump(until: { !model.isPresented && sheetContent() == nil }, "the reopened sheet's button closed it")
            nextTurn()
            #expect(dismissed == 2, "onDismiss ran once per close")
        }

        /// Closes the open message dialog as `close` says, and waits only until it is
        /// gone and the binding false: no main-loop turn more.
        private func closeDialog(_ close: DialogClose, _ model: ReopeningModel, button: String) throws {
            switch close {
            case .cancelButton, .confirmButton: try click(dialogButton(button))
            case .escape:
                try activate(#require(messageDialog()))
                _ = WindowManager.run("xdotool", ["key", "Escape"])
            case .binding: model.isPresented = false
            }
            pump(until: { !model.isPresented && messageDialog() == nil }, "\(close) closed the dialog")
        }

        /// The open message dialog's button labelled `label` (mnemonic underscores aside).
        private func dialogButton(_ label: String) throws -> UnsafeMutablePointer<GtkWidget> {
            let dialog = try #require(messageDialog(), "a dialog is open")
            let plain = label.replacing("_", with: "")
            return try #require(descendant(of: dialog, type: gtk_button_get_type()) {
                gtk_button_get_label(typed($0)).map { String(cString: $0).replacing("_", with: "") } == plain
            }, "the dialog has \(plain)")
        }

        /// Clicks a button as the learner does: GTK's "clicked".
        private func click(_ button: UnsafeMutablePointer<GtkWidget>) {
            gtkkit_emit(button, "clicked")
        }
    }
}

/// The sheet's content: a button that closes it through `@Environment(\.dismiss)`.
private struct SheetDoneButton: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Done") { dismiss() }.widgetName("sheet-content")
    }
}

@Observable @MainActor private final class ReopeningModel {
    var isPresented = false
}
