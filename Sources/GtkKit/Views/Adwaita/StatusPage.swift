/// An empty or end state (AdwStatusPage): an icon, a title, a description and
/// a child such as a button.
public struct StatusPage<Content: View>: PrimitiveView {
    let iconName: String
    let title: @MainActor () -> String
    let description: @MainActor () -> String
    let content: Content

    public init(
        iconName: String, title: @escaping @MainActor () -> String,
        description: @escaping @MainActor () -> String, @ViewBuilder content: () -> Content
    ) {
        self.iconName = iconName
        self.title = title
        self.description = description
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let page = StatusPageWidget()
        page.setIconName(iconName)
        page.bind("title", title) { page, text in page.setTitle(text) }
        page.bind("description", description) { page, text in page.setDescription(text) }
        page.setChild(content.buildOne(in: context))
        return [page]
    }
}
