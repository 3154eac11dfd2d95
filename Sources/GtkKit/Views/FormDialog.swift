extension View {
    /// Asks for choices in a dialog while `isPresented` holds: `title`, `message`, then
    /// the controls `content` builds (drop-downs, say, bound to a model), and Cancel and
    /// `confirm`. `confirm` (also Enter) calls `onConfirm`; Cancel, Escape or closing
    /// call `onCancel`. Both should make `isPresented` false. The controls are built
    /// each time the dialog opens, in this view's environment. `canConfirm` keeps the
    /// confirm button (and Enter) off while it is false, following the state it reads,
    /// as SwiftUI's `.disabled` on a button does.
    public func formDialog<Content: View>(
        isPresented: @escaping @MainActor () -> Bool,
        title: @escaping @MainActor () -> String,
        message: @escaping @MainActor () -> String,
        confirm: String,
        canConfirm: @escaping @MainActor () -> Bool = { true },
        onConfirm: @escaping @MainActor () -> Void,
        onCancel: @escaping @MainActor () -> Void,
        @ViewBuilder content: @escaping @MainActor () -> Content
    ) -> FormDialogView<Self, Content> {
        FormDialogView(
            owner: self, isPresented: isPresented, title: title, message: message, confirm: confirm,
            canConfirm: canConfirm, onConfirm: onConfirm, onCancel: onCancel, content: content)
    }
}

/// The view ``View/formDialog(isPresented:title:message:confirm:canConfirm:onConfirm:onCancel:content:)`` returns.
public struct FormDialogView<Owner: View, Content: View>: PrimitiveView {
    let owner: Owner
    let isPresented: @MainActor () -> Bool
    let title: @MainActor () -> String
    let message: @MainActor () -> String
    let confirm: String
    let canConfirm: @MainActor () -> Bool
    let onConfirm: @MainActor () -> Void
    let onCancel: @MainActor () -> Void
    let content: @MainActor () -> Content

    public func _build(in context: BuildContext) -> [Widget] {
        let widgets = owner._build(in: context)
        guard let widget = widgets.first else { return widgets }
        let (title, message, content, confirm) = (title, message, content, confirm)
        let (onConfirm, onCancel, canConfirm) = (onConfirm, onCancel, canConfirm)
        widget.presents("form-dialog", while: isPresented) { widget in
            let made = MessageDialogWidget(over: widget, heading: title(), body: message())
            var controls = context
            controls.axis = .vertical
            controls.spacing = 12
            let form = content().buildOne(in: controls)
            made.setExtraChild(form)
            made.letEntriesGiveDefaultResponse(in: form)
            made.addResponse("cancel", label: StockLabels.cancel)
            made.addResponse("confirm", label: confirm, appearance: .suggested)
            made.setResponses(default: "confirm", close: "cancel")
            made.bind("confirm-enabled", canConfirm) { dialog, enabled in dialog.setResponse("confirm", enabled: enabled) }
            made.onResponse { $0 == "confirm" ? onConfirm() : onCancel() }
            return made
        }
        return widgets
    }
}
