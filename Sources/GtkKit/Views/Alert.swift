extension View {
    /// Presents a message dialog (libadwaita's) while `isPresented` holds.
    ///
    /// The dialog shows `title`, `message` and one button; the button, Enter and
    /// Escape all call `dismiss`, which should make `isPresented` false. Assistive
    /// technology announces it as an alert, with its message.
    public func alert(
        isPresented: @escaping @MainActor () -> Bool,
        title: @escaping @MainActor () -> String,
        message: @escaping @MainActor () -> String,
        button: String = "OK",
        dismiss: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        alert(isPresented: isPresented, title: title, styledMessage: { StyledText(message()) }, button: button,
              dismiss: dismiss)
    }

    /// The same, with a message in which some words are emphasised.
    public func alert(
        isPresented: @escaping @MainActor () -> Bool,
        title: @escaping @MainActor () -> String,
        styledMessage: @escaping @MainActor () -> StyledText,
        button: String = "OK",
        dismiss: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        presenting(isPresented) { owner in
            let message = styledMessage()
            let dialog = MessageDialogWidget(over: owner, heading: title(), body: message.plain)
            dialog.setBodyMarkup(message.markup)
            dialog.addResponse("ok", label: button, appearance: .suggested)
            dialog.setResponses(default: "ok", close: "ok")
            dialog.onResponse { _ in dismiss() }
            return dialog
        }
    }

    /// Asks to confirm an action while `isPresented` holds: `confirm` (shown as
    /// destructive when `destructive`) calls `onConfirm`; Cancel, Escape or closing
    /// call `onCancel`. Both should make `isPresented` false.
    public func confirmation(
        isPresented: @escaping @MainActor () -> Bool,
        title: String, message: String, confirm: String, destructive: Bool = false,
        onConfirm: @escaping @MainActor () -> Void, onCancel: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        presenting(isPresented) { owner in
            let dialog = MessageDialogWidget(over: owner, heading: title, body: message)
            dialog.addResponse("cancel", label: StockLabels.cancel)
            dialog.addResponse("confirm", label: confirm, appearance: destructive ? .destructive : .suggested)
            dialog.setResponses(default: "cancel", close: "cancel")
            dialog.onResponse { $0 == "confirm" ? onConfirm() : onCancel() }
            return dialog
        }
    }

    /// Shows the dialog `make` builds while `isPresented` holds, closing it when it
    /// turns false or this view goes.
    private func presenting(
        _ isPresented: @escaping @MainActor () -> Bool,
        _ make: @escaping @MainActor (Widget) -> MessageDialogWidget
    ) -> ModifiedView<Self> {
        modified { widget in
            var dialog: MessageDialogWidget?
            widget.onTeardown {
                dialog?.close()
                dialog = nil
            }
            widget.bind("dialog", isPresented) { widget, presented in
                dialog?.close()
                dialog = nil
                guard presented else { return }
                dialog = make(widget)
                dialog?.present()
            }
        }
    }

    /// Gives this widget the keyboard focus each time it is shown.
    public func focusOnAppear() -> ModifiedView<Self> {
        modified { widget in
            widget.on("map") { [unowned widget] in
                _ = widget.grabFocus()
                // A stack switching to the page an entry is on moves the focus on from
                // it (to the next control) once the page has mapped: an entry, shown to
                // be typed in, takes it back when the switch is done. (Other controls
                // keep where the focus went: a relayout puts it back where it was.)
                guard widget is EntryWidget else { return }
                MainLoop.after(.zero) { [weak widget] in
                    guard let widget, widget.isMapped, !widget.containsFocus else { return }
                    _ = widget.grabFocus()
                }
            }
        }
    }
}
