extension View {
    /// A menu of buttons that opens over this view on a secondary (right) click, a long
    /// press on a touch screen, or Shift+F10 or the Menu key while the keyboard focus is
    /// in the view, as SwiftUI's `.contextMenu(menuItems:)`.
    ///
    /// ```swift
    /// Text { card.word }
    ///     .contextMenu {
    ///         Button("Edit…") { model.edit(card) }
    ///         Button("Delete…") { model.confirmDelete(card) }
    ///             .enabled { model.canDelete(card) }
    ///     }
    /// ```
    ///
    /// The items are ``Button``s, in a column; a click on one runs its action and closes
    /// the menu, as Escape or a click outside it does. They are built the first time
    /// the menu opens, in this view's environment, and kept: what they show and whether
    /// they are enabled follow state through their own closures. Over a GtkPopover
    /// attached to the view's widget, not a GtkPopoverMenu: that one is built from a
    /// `GMenuModel` of named actions, not from views.
    public func contextMenu<MenuItems: View>(
        @ViewBuilder menuItems: @escaping @MainActor () -> MenuItems
    ) -> ContextMenuView<Self, MenuItems> {
        ContextMenuView(content: self, onOpen: {}, menuItems: menuItems)
    }

    /// The same menu, with `onOpen` run each time it is asked for, before it opens: a
    /// list's row whose menu acts on the selection selects itself there, as a file
    /// manager's row does on a right-click.
    ///
    /// ```swift
    /// List({ model.cards }, id: \.id, selection: $model.selected) { row in
    ///     Text { row.word }
    ///         .contextMenu(onOpen: { model.selected = row.id }) {
    ///             Button("Suspend") { model.suspendSelected() }
    ///         }
    /// }
    /// ```
    public func contextMenu<MenuItems: View>(
        onOpen: @escaping @MainActor () -> Void,
        @ViewBuilder menuItems: @escaping @MainActor () -> MenuItems
    ) -> ContextMenuView<Self, MenuItems> {
        ContextMenuView(content: self, onOpen: onOpen, menuItems: menuItems)
    }
}

/// The view ``View/contextMenu(menuItems:)`` returns.
public struct ContextMenuView<Content: View, MenuItems: View>: PrimitiveView {
    let content: Content
    let onOpen: @MainActor () -> Void
    let menuItems: @MainActor () -> MenuItems

    public func _build(in context: BuildContext) -> [Widget] {
        let widgets = content._build(in: context)
        guard let widget = widgets.first else { return widgets }
        let menuItems = menuItems
        let onOpen = onOpen
        var menu: MenuPopoverWidget?
        widget.onContextMenuRequest { [weak widget] point in
            guard let widget else { return }
            onOpen()
            let popover = menu ?? {
                var inner = context
                inner.axis = .vertical
                inner.spacing = 0
                let made = MenuPopoverWidget(over: widget, items: menuItems().buildOne(in: inner))
                menu = made
                return made
            }()
            popover.open(at: point)
        }
        return widgets
    }
}
