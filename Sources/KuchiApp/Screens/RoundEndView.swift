import GtkKit

/// The end of a round, for Learn, Type and the challenge alike: a tick, the round's
/// title and description, what else the round has to say (`details`), and the one
/// button that starts the next round, focused.
///
/// A short window leaves the tick out, so the button stays in view; and the key that
/// ended the round (Enter on the last answer, held or typed twice) does not also press
/// the button.
struct RoundEndView<Details: View>: View {
    let title: @MainActor () -> String
    let description: @MainActor () -> String
    let actionTitle: String
    let action: @MainActor () -> Void
    /// The widget names of the page and of its button.
    let name: String, actionName: String
    let details: Details
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    init(
        title: @escaping @MainActor () -> String, description: @escaping @MainActor () -> String,
        actionTitle: String, name: String, actionName: String, action: @escaping @MainActor () -> Void,
        @ViewBuilder details: () -> Details
    ) {
        self.title = title
        self.description = description
        self.actionTitle = actionTitle
        self.action = action
        self.name = name
        self.actionName = actionName
        self.details = details()
    }

    var body: some View {
        StatusPage(
            iconName: { verticalSizeClass == .regular ? "emblem-ok-symbolic" : nil },
            title: title, description: description
        ) {
            VStack(spacing: 12) {
                details
                Button(actionTitle, action: action)
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
                    .widgetName(actionName)
            }
        }
        .cssClass("compact", when: { verticalSizeClass == .compact })
        .expand(horizontal: true, vertical: true)
        .ignoresKeysHeldFromBefore()
        .widgetName(name)
    }
}

extension RoundEndView where Details == EmptyView {
    init(
        title: @escaping @MainActor () -> String, description: @escaping @MainActor () -> String,
        actionTitle: String, name: String, actionName: String, action: @escaping @MainActor () -> Void
    ) {
        self.init(
            title: title, description: description, actionTitle: actionTitle, name: name,
            actionName: actionName, action: action, details: { EmptyView() })
    }
}
