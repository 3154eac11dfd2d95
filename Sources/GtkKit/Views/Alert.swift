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
        confirmation(
            isPresented: isPresented, title: title, message: { message }, confirm: confirm, destructive: destructive,
            onConfirm: onConfirm, onCancel: onCancel)
    }

    /// A confirmation whose message is read from state each time it is shown (it names
    /// what is asked about).
    public func confirmation(
        isPresented: @escaping @MainActor () -> Bool,
        title: String, message: @escaping @MainActor () -> String, confirm: String, destructive: Bool = false,
        onConfirm: @escaping @MainActor () -> Void, onCancel: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        presenting(isPresented) { owner in
            let dialog = MessageDialogWidget(over: owner, heading: title, body: message())
            dialog.addResponse("cancel", label: StockLabels.cancel)
            dialog.addResponse("confirm", label: confirm, appearance: destructive ? .destructive : .suggested)
            dialog.setResponses(default: "cancel", close: "cancel")
            dialog.onResponse { $0 == "confirm" ? onConfirm() : onCancel() }
            return dialog
        }
    }

    /// Presents a message dialog while `isPresented` is true, as SwiftUI's
    /// `.alert(_:isPresented:)`: its button, Enter, Escape and closing it set
    /// `isPresented` back to false. `message` is read each time the dialog opens.
    ///
    /// ```swift
    /// Button("Import") { model.import() }
    ///     .alert("Import Failed", isPresented: $model.showsError, message: model.errorText)
    /// ```
    public func alert(
        _ title: String, isPresented: Binding<Bool>, button: String = "OK",
        message: @escaping @autoclosure @MainActor () -> String = ""
    ) -> ModifiedView<Self> {
        alert(
            isPresented: { isPresented.wrappedValue }, title: { title }, message: message, button: button,
            dismiss: { isPresented.wrappedValue = false })
    }

    /// Asks to confirm an action while `isPresented` is true, as SwiftUI's
    /// `.confirmationDialog(_:isPresented:)`: `confirm` (shown as destructive when
    /// `destructive`) sets `isPresented` to false and then runs `action`; Cancel, Escape
    /// and closing it only set `isPresented` to false. `message` is read each time the
    /// dialog opens.
    public func confirmationDialog(
        _ title: String, isPresented: Binding<Bool>, confirm: String, destructive: Bool = false,
        message: @escaping @autoclosure @MainActor () -> String = "",
        action: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        confirmation(
            isPresented: { isPresented.wrappedValue }, title: title, message: message, confirm: confirm,
            destructive: destructive,
            onConfirm: {
                isPresented.wrappedValue = false
                action()
            },
            onCancel: { isPresented.wrappedValue = false })
    }

    /// Shows the dialog `make` builds while `isPresented` holds (see `Widget.presents`).
    private func presenting(
        _ isPresented: @escaping @MainActor () -> Bool,
        _ make: @escaping @MainActor (Widget) -> MessageDialogWidget
    ) -> ModifiedView<Self> {
        modified { widget in widget.presents("dialog", while: isPresented, make) }
    }

    /// Gives this widget the keyboard focus each time it is shown: when its window
    /// shows, when it becomes visible, and when a ``PageStack`` or ``ViewStack``
    /// switches to its page. (GTK's stacks move the focus into the page they show once
    /// it has mapped, back where it was when the page was left or else to its first
    /// control; the widget takes it back when the switch is done.)
    public func focusOnAppear() -> ModifiedView<Self> {
        modified { widget in
            widget.on("map") { [unowned widget] in
                _ = widget.grabFocus()
                AppearingFocus.widgetShown(widget)
            }
        }
    }
}
