/// A window a view presents over its own while state says so: a message dialog, a
/// form dialog, a sheet.
@MainActor
protocol PresentedWindow: AnyObject {
    func present()
    /// Closes the window if it is still open.
    func close()
    /// Whether the window is still open: false once anything closed it, itself
    /// included (a response, Escape, its close button).
    var isOpen: Bool { get }
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
        // NB: compared with whether a window is open, not with the last value written.
        // A window that closes itself (a response, Escape, its close button) sets the
        // state false, and the state can turn true again before this binding runs, in
        // the same main-loop turn (a test that clicks Cancel and asks again, an action
        // that asks again at once): against the last value, true read as unchanged and
        // the window never came back (issue 28).
        bind(name, isPresented, current: { _ in window?.isOpen ?? false }) { widget, presented in
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
