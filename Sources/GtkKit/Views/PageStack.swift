/// One page of a `PageStack`, built the first time it is shown.
@MainActor
public struct Page<Selection: Hashable> {
    let value: Selection
    let content: AnyView

    /// The page shown while the stack's selection equals `value`.
    public init<Content: View>(_ value: Selection, @ViewBuilder content: () -> Content) {
        self.value = value
        self.content = AnyView(content())
    }
}

@resultBuilder @MainActor
public enum PageBuilder<Selection: Hashable> {
    public static func buildBlock(_ pages: Page<Selection>...) -> [Page<Selection>] { pages }
}

/// Shows one page at a time (GtkStack with a crossfade), selected by any `Hashable`
/// value, typically an enum:
///
/// ```swift
/// PageStack(selection: { state.screen }) {
///     Page(Screen.welcome) { WelcomeView() }
///     Page(Screen.practice) { PracticeView() }
/// }
/// ```
/// Pages are built lazily, the first time they are selected, and then kept:
/// switching back shows the same widgets with their state. A selection that matches
/// no page keeps the page that shows (and says so in debug builds).
///
/// A page that is slow to show the first time (a long list, whose rows GTK measures
/// and lays out text for on its first frame) can be built ahead, while nothing else
/// waits: when `buildAhead` names it, the page is built on an idle turn of the main
/// loop and measured on the next, as the stack would measure it at its present size,
/// and stays hidden (from screen readers too) until it is selected. The work is the
/// same; only when it is done changes.
public struct PageStack<Selection: Hashable>: PrimitiveView {
    let selection: @MainActor () -> Selection
    let keepsLargestSize: Bool
    let buildAhead: (@MainActor () -> Selection?)?
    let pages: [Page<Selection>]

    /// With `keepsLargestSize`, every page is built at once and the stack is as big
    /// as its largest page, so switching pages never moves what is around it.
    /// `buildAhead`, read as a binding, names a page to build (and measure) before it
    /// is first selected; nil for none.
    public init(
        selection: @escaping @MainActor () -> Selection, keepsLargestSize: Bool = false,
        buildAhead: (@MainActor () -> Selection?)? = nil,
        @PageBuilder<Selection> pages: () -> [Page<Selection>]
    ) {
        self.selection = selection
        self.keepsLargestSize = keepsLargestSize
        self.buildAhead = buildAhead
        self.pages = pages()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let stack = StackWidget(homogeneous: keepsLargestSize)
        // GtkStack names its pages; the names stay inside this view.
        var names: [Selection: String] = [:]
        for (index, page) in pages.enumerated() where names[page.value] == nil {
            names[page.value] = "page-\(index)"
        }
        let pages = self.pages
        var built: Set<String> = []
        if keepsLargestSize {
            for page in pages {
                guard let name = names[page.value], !built.contains(name) else { continue }
                stack.add(page.content.buildOne(in: context), name: name)
                built.insert(name)
            }
        }
        stack.bind("page", selection) { stack, value in
            guard let name = names[value], let page = pages.first(where: { $0.value == value }) else {
                Diagnostics.warn("PageStack has no page for \(value); the current page stays")
                return
            }
            if !built.contains(name) {
                stack.add(page.content.buildOne(in: context), name: name)
                built.insert(name)
            }
            stack.show(name)
        }
        if let buildAhead {
            stack.bind("build-ahead", buildAhead) { stack, value in
                guard let value, let name = names[value], !built.contains(name),
                      let page = pages.first(where: { $0.value == value }) else { return }
                // One idle turn to build, the next to measure: the loop handles input
                // and frames between the two.
                MainLoop.idle { [weak stack] in
                    guard let stack, !built.contains(name) else { return }
                    let widget = page.content.buildOne(in: context)
                    stack.addHidden(widget, name: name)
                    built.insert(name)
                    MainLoop.idle { [weak stack, weak widget] in
                        guard let stack, let widget else { return }
                        stack.measureAhead(widget)
                        Diagnostics.pagesBuiltAhead += 1
                    }
                }
            }
        }
        return [stack]
    }
}
