import GtkKit
import KuchiModel

/// What the card browser does to its selected card: edit it, suspend or unsuspend it,
/// reset it, and (in an imported deck) delete it. The buttons under the list and a
/// row's right-click menu are both made of these, so each action, its title and when
/// it is enabled are written once.
enum CardAction {
    case edit, suspend, reset, delete
}

/// A card action as a button named `name`: under the list, or as an item of a row's
/// menu.
struct CardActionButton: View {
    let action: CardAction
    let name: String
    @Environment(CardBrowser.self) private var browser
    @Environment(CardShelf.self) private var cards
    @Environment(AppState.self) private var state

    var body: some View {
        switch action {
        case .edit:
            Button(tr("Edit…")) { cards.beginEdit() }
                .enabled { cards.selected != nil && cards.canEdit }
                .widgetName(name)
        case .suspend:
            Button(title: { cards.selected?.isSuspended == true ? tr("Unsuspend") : tr("Suspend") }) { cards.toggleSuspended() }
                .enabled { cards.selected != nil }
                .widgetName(name)
        case .reset:
            Button(tr("Reset…")) { state.cardConfirmation = .reset }
                .enabled { cards.selected?.state != nil && cards.selected?.state != .new }
                .widgetName(name)
        case .delete:
            Button(tr("Delete…")) { state.cardConfirmation = .delete }
                .cssClass("destructive-action")
                .enabled { cards.selected != nil }
                .visible { browser.isImportedDeck }
                .widgetName(name)
        }
    }
}

extension View {
    /// The card actions as this row's right-click (long-press, Menu key) menu: the
    /// row's card is selected first, when it is not already, since the actions act on
    /// the selection. The items are named "card-menu-edit", "card-menu-suspend", ….
    func cardActionsMenu(for row: ListRow<Int>, in browser: CardBrowser) -> some View {
        contextMenu(onOpen: {
            if browser.selected != row.element { browser.selected = row.element }
        }) {
            CardActionButton(action: .edit, name: "card-menu-edit")
            CardActionButton(action: .suspend, name: "card-menu-suspend")
            CardActionButton(action: .reset, name: "card-menu-reset")
            CardActionButton(action: .delete, name: "card-menu-delete")
        }
    }
}
