/// A window a view presents over its own while state says so: a message dialog, a
/// form dialog, a sheet.
@MainActor
protocol PresentedWindow: AnyObject {
    func present()
    /// Closes the window if it is still open.
    func close()
}

extension Widget {
    /// Shows the window `make` builds while `isPresented` holds, closing it when it
    /// turns false or this widget goes. A new window is built each time it opens.
    ///
    /// The one rule behind every presenting modifier (`.alert`, `.confirmation`,
    /// `.confirmationDialog`, `.formDialog`, `.sheet`): the state decides; whatever
    /// closes the window (a button, Escape, the window's close button) reports back to
    /// the state through the window's own callback.
    func presents(
        _ name: StaticString, while isPresented: @escaping @MainActor () -> Bool,
        _ make: @escaping @MainActor (Widget) -> any PresentedWindow
    ) {
        var window: (any PresentedWindow)?
        onTeardown {
            window?.close()
            window = nil
        }
        bind(name, isPresented) { widget, presented in
            window?.close()
            window = nil
            guard presented else { return }
            let made = make(widget)
            window = made
            made.present()
        }
    }
}

extension MessageDialogWidget: PresentedWindow {}
