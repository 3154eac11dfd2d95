extension TwoWayControl {
    /// Binds the control both ways to `binding`: the user's edits write the model; a
    /// model write updates the control only when it differs from what it shows (so
    /// typing never loops or moves the cursor), with the change handler blocked so
    /// the write does not come back as an edit. Returns the change handler, for other
    /// programmatic writes to block it too.
    @discardableResult
    func bindTwoWay(to binding: Binding<Value>) -> SignalHandler {
        let handler = onUserChange { [unowned self] in
            let shown = value
            if binding.wrappedValue != shown { binding.wrappedValue = shown }
        }
        bind("value", { binding.wrappedValue }, current: { $0.value }) { control, value in
            control.blocking(handler) { control.setValue(value) }
        }
        return handler
    }
}
