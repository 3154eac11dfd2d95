/// One page of a `ViewStack`: its content and how the view switchers show it.
@MainActor
public struct ViewStackPage<Selection: Hashable> {
    let value: Selection
    let title: String
    let iconName: String
    let isVisible: (@MainActor () -> Bool)?
    let content: AnyView

    /// The page shown while the selection equals `value`; `isVisible` hides it (and
    /// its switcher button) while it is false.
    public init<Content: View>(
        _ value: Selection, title: String, iconName: String, isVisible: (@MainActor () -> Bool)? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.value = value
        self.title = title
        self.iconName = iconName
        self.isVisible = isVisible
        self.content = AnyView(content())
    }
}

@resultBuilder @MainActor
public enum ViewStackBuilder<Selection: Hashable> {
    public static func buildBlock(_ pages: ViewStackPage<Selection>...) -> [ViewStackPage<Selection>] { pages }
}

/// Connects a `ViewStack` to the view switchers that show its pages.
@MainActor
public final class ViewStackLink {
    let link = WidgetLink<ViewStackWidget>()
    public init() {}
}

/// Titled pages, one shown at a time (AdwViewStack), switched by a `ViewSwitcherTitle`
/// or a `ViewSwitcherBar` sharing its `link`, and bound two ways to `selection`.
///
/// Like `PageStack`'s, pages are built the first time they are shown, and then kept:
/// the window's first frame builds only the page it shows (the view switchers need
/// only each page's title and icon).
public struct ViewStack<Selection: Hashable>: PrimitiveView {
    let selection: Binding<Selection>
    let link: ViewStackLink
    let pages: [ViewStackPage<Selection>]

    public init(
        selection: Binding<Selection>, link: ViewStackLink,
        @ViewStackBuilder<Selection> pages: () -> [ViewStackPage<Selection>]
    ) {
        self.selection = selection
        self.link = link
        self.pages = pages()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let stack = ViewStackWidget()
        var names: [Selection: String] = [:]
        var values: [String: Selection] = [:]
        let unbuilt = UnbuiltPages(context: context)
        let shown = selection.wrappedValue
        for (index, page) in pages.enumerated() {
            let name = "page-\(index)"
            names[page.value] = name
            values[name] = page.value
            let child: Widget
            if page.value == shown {
                child = page.content.buildOne(in: context)
            } else {
                let slot = BinWidget()
                unbuilt.pages[name] = (slot, page.content)
                child = slot
            }
            let handle = stack.addPage(child, name: name, title: page.title, iconName: page.iconName)
            if let isVisible = page.isVisible {
                stack.bind("page-visible", isVisible) { stack, visible in stack.setPageVisible(handle, visible) }
            }
        }
        let selection = self.selection
        let handler = stack.on("notify::visible-child-name") { [unowned stack] in
            // A switcher showed a page: it is built now, before it is drawn.
            if let name = stack.shownName { unbuilt.build(name) }
            stack.hideOtherPagesFromAssistiveTechnology()
            guard let name = stack.shownName, let value = values[name], selection.wrappedValue != value else { return }
            selection.wrappedValue = value
        }
        stack.bind("page", { selection.wrappedValue }, current: { stack in stack.shownName.flatMap { values[$0] } }) {
            stack, value in
            guard let name = names[value] else {
                Diagnostics.warn("ViewStack has no page for \(value); the current page stays")
                return
            }
            unbuilt.build(name)
            stack.blocking(handler) { stack.show(name) }
            stack.hideOtherPagesFromAssistiveTechnology()
        }
        link.link.resolve(stack)
        return [stack]
    }
}

/// A `ViewStack`'s pages not shown yet: each an empty slot in the stack, filled the
/// first time the page is shown.
@MainActor
private final class UnbuiltPages {
    let context: BuildContext
    var pages: [String: (slot: BinWidget, content: AnyView)] = [:]

    init(context: BuildContext) { self.context = context }

    func build(_ name: String) {
        guard let page = pages.removeValue(forKey: name) else { return }
        page.slot.setChild(page.content.buildOne(in: context))
    }
}
