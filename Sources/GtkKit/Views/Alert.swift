extension View {
    /// Presents a modal message dialog while `isPresented` holds.
    ///
    /// The dialog shows `title`, `message` and one button; the button, Enter
    /// and Escape all call `dismiss`, which should make `isPresented` false.
    /// Assistive technology announces it as an alert, with its message.
    public func alert(
        isPresented: @escaping @MainActor () -> Bool,
        title: @escaping @MainActor () -> String,
        message: @escaping @MainActor () -> String,
        button: String = "OK",
        dismiss: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            var dialog: Window?
            widget.onTeardown {
                dialog?.close()
                dialog = nil
            }
            widget.bind("alert", isPresented) { widget, presented in
                dialog?.close()
                dialog = nil
                guard presented else { return }
                dialog = MessageDialog.present(
                    over: widget, title: title(), message: message(), button: button, dismiss: dismiss)
            }
        }
    }

    /// Gives this widget the keyboard focus each time it is shown.
    public func focusOnAppear() -> ModifiedView<Self> {
        modified { widget in
            widget.on("map") { [unowned widget] in widget.grabFocus() }
        }
    }
}

@MainActor
enum MessageDialog {
    static func present(
        over owner: Widget, title: String, message: String, button: String,
        dismiss: @escaping @MainActor () -> Void
    ) -> Window {
        // The alert role makes a screen reader announce the dialog as it appears.
        let dialog = Window(title: title, width: 320, height: nil, role: .alert) {
            VStack(spacing: 18) {
                VStack(spacing: 8) {
                    Text(title).cssClass("title-2").wrapping()
                    Text(message).wrapping()
                }
                Button(button, action: dismiss)
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
            }
            .padding(24)
            .onKeyPress { key in
                guard key.isEscape || key.isEnter else { return false }
                dismiss()
                return true
            }
        }
        dialog.widget.setModal(over: owner)
        dialog.widget.setResizable(false)
        dialog.widget.addCSSClass("messagedialog")
        dialog.widget.setAccessibleDescription(message)
        // A message dialog has no title bar of its own: its title is its heading.
        dialog.widget.hideTitlebar()
        dialog.present()
        return dialog
    }
}
