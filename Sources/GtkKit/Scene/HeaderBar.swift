/// A window's header bar: the title, views at the start, and a primary menu.
@MainActor
public struct HeaderBar {
    /// One primary-menu entry: a label and a detailed action name ("app.about").
    public struct MenuItem: Sendable {
        public let label: String
        public let action: String
        public init(_ label: String, action: String) {
            self.label = label
            self.action = action
        }
    }

    let start: AnyView?
    let title: AnyView?
    let menu: [[MenuItem]]
    /// The menu button's accessible name and tooltip (it shows only an icon).
    private var menuName = "Main Menu"

    /// `menu` is a list of sections, shown with separators between them; `title`
    /// replaces the window title in the middle (a view switcher, say).
    public init<Start: View, Title: View>(
        menu: [[MenuItem]], @ViewBuilder start: () -> Start, @ViewBuilder title: () -> Title
    ) {
        self.start = AnyView(start())
        self.title = AnyView(title())
        self.menu = menu
    }

    public init<Start: View>(menu: [[MenuItem]], @ViewBuilder start: () -> Start) {
        self.start = AnyView(start())
        title = nil
        self.menu = menu
    }

    public init(menu: [[MenuItem]]) {
        start = nil
        title = nil
        self.menu = menu
    }

    /// The same header bar, its menu button named `name` (the app's translation of
    /// "Main Menu").
    public func menuName(_ name: String) -> HeaderBar {
        var bar = self
        bar.menuName = name
        return bar
    }

    func build(in context: BuildContext) -> Widget {
        let bar = HeaderBarWidget()
        for child in start?._build(in: context) ?? [] { bar.packStart(child) }
        if let title { bar.setTitleWidget(title.buildOne(in: context)) }
        if !menu.isEmpty {
            let sections = menu.map { $0.map { (label: $0.label, action: $0.action) } }
            bar.packEnd(MenuButtonWidget(iconName: "open-menu-symbolic", name: menuName, sections: sections, primary: true))
        }
        return bar
    }
}
