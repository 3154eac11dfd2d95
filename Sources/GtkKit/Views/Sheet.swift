extension View {
    /// Presents `content` in a modal window over this view's window while
    /// `isPresented` is true, as SwiftUI's `.sheet(isPresented:)`.
    ///
    /// Setting `isPresented` to false closes the sheet; closing it (Escape, or its
    /// header bar's close button) sets `isPresented` to false. Either way `onDismiss`
    /// runs once the sheet has closed. The content is built each time the sheet opens, in this view's
    /// environment; a button in it closes the sheet by setting the binding, or by calling
    /// `@Environment(\.dismiss)` (``DismissAction``).
    ///
    /// ```swift
    /// Button("Details") { showsDetails = true }
    ///     .sheet(isPresented: $showsDetails) { DetailsView(model: model) }
    /// ```
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
        @ViewBuilder content: @escaping @MainActor () -> Content
    ) -> SheetView<Self, Content> {
        SheetView(owner: self, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }
}

/// The view ``View/sheet(isPresented:onDismiss:content:)`` returns.
public struct SheetView<Owner: View, Content: View>: PrimitiveView {
    let owner: Owner
    let isPresented: Binding<Bool>
    let onDismiss: (@MainActor () -> Void)?
    let content: @MainActor () -> Content

    public func _build(in context: BuildContext) -> [Widget] {
        let widgets = owner._build(in: context)
        guard let widget = widgets.first else { return widgets }
        let (isPresented, onDismiss, content) = (isPresented, onDismiss, content)
        widget.presents("sheet", while: { isPresented.wrappedValue }) { widget in
            var inner = context
            inner.axis = .vertical
            inner.environment = context.environment.makeChild(origin: "sheet")
            inner.environment.setDismiss { isPresented.wrappedValue = false }
            let sheet = SheetWidget(over: widget, content: content().buildOne(in: inner))
            sheet.onClose {
                // Closed by the binding, it is false already: an equal write would
                // only wake its readers again.
                if isPresented.wrappedValue { isPresented.wrappedValue = false }
                onDismiss?()
            }
            return sheet
        }
        return widgets
    }
}
