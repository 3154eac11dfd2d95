/// An empty or end state (AdwStatusPage): an icon, a title, a description and
/// a child such as a button.
///
/// It scrolls by itself when the window is too short for it.
public struct StatusPage<Content: View>: PrimitiveView {
    let iconName: @MainActor () -> String?
    let title: @MainActor () -> String
    let description: @MainActor () -> String
    let content: Content

    /// `iconName` may follow state; nil shows no icon (a short window, say).
    public init(
        iconName: @escaping @MainActor () -> String?, title: @escaping @MainActor () -> String,
        description: @escaping @MainActor () -> String, @ViewBuilder content: () -> Content
    ) {
        self.iconName = iconName
        self.title = title
        self.description = description
        self.content = content()
    }

    public init(
        iconName: String, title: @escaping @MainActor () -> String,
        description: @escaping @MainActor () -> String, @ViewBuilder content: () -> Content
    ) {
        self.init(iconName: { iconName }, title: title, description: description, content: content)
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let page = StatusPageWidget()
        page.bind("icon", iconName) { page, name in page.setIconName(name) }
        page.bind("title", title) { page, text in page.setTitle(text) }
        page.bind("description", description) { page, text in page.setDescription(text) }
        page.setChild(content.buildOne(in: context))
        return [page]
    }
}
