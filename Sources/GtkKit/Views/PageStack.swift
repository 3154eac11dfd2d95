import CGtk

/// One page of a `PageStack`, built the first time it is shown.
@MainActor
public struct Page {
    let name: String
    let content: AnyView

    public init<Content: View>(_ name: String, @ViewBuilder content: () -> Content) {
        self.name = name
        self.content = AnyView(content())
    }
}

@resultBuilder @MainActor
public enum PageBuilder {
    public static func buildBlock(_ pages: Page...) -> [Page] { pages }
}

/// Shows one page at a time (GtkStack with a crossfade), selected by name.
///
/// Pages are built lazily, the first time they are selected, and then kept:
/// switching back shows the same widgets with their state.
public struct PageStack: PrimitiveView {
    let selection: @MainActor () -> String
    let pages: [Page]

    public init(selection: @escaping @MainActor () -> String, @PageBuilder pages: () -> [Page]) {
        self.selection = selection
        self.pages = pages()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let stack = Widget(gtk_stack_new())
        gtk_stack_set_transition_type(stack.raw(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_hhomogeneous(stack.raw(), 0)
        gtk_stack_set_vhomogeneous(stack.raw(), 0)
        let pages = Dictionary(self.pages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var built: Set<String> = []
        stack.bind("visible-child-name", selection) { stack, name in
            guard let page = pages[name] else {
                // A selection with no page keeps the page that shows, and says so.
                printError("[gtkkit] PageStack has no page named \(name); the current page stays")
                return
            }
            if !built.contains(name) {
                let child = page.content.buildOne(in: context)
                gtk_stack_add_named(stack.raw(), child.pointer, name)
                stack.adopt(child)
                built.insert(name)
            }
            gtk_stack_set_visible_child_name(stack.raw(), name)
        }
        return [stack]
    }
}
