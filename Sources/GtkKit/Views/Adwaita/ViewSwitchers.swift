/// The window title for a header bar: the view switcher of a `ViewStack` when
/// `showsSwitcher` holds, else the title and subtitle (AdwViewSwitcherTitle).
public struct ViewSwitcherTitle: PrimitiveView {
    let link: ViewStackLink
    let title: String
    let subtitle: @MainActor () -> String
    let showsSwitcher: @MainActor () -> Bool

    public init(
        link: ViewStackLink, title: String, subtitle: @escaping @MainActor () -> String,
        showsSwitcher: @escaping @MainActor () -> Bool
    ) {
        self.link = link
        self.title = title
        self.subtitle = subtitle
        self.showsSwitcher = showsSwitcher
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let switcher = ViewSwitcherTitleWidget()
        switcher.setTitle(title)
        switcher.bind("subtitle", subtitle) { switcher, text in switcher.setSubtitle(text) }
        switcher.bind("switcher-enabled", showsSwitcher) { switcher, shown in switcher.setSwitcherEnabled(shown) }
        link.link.whenResolved { [weak switcher] stack in switcher?.setStack(stack) }
        return [switcher]
    }
}

/// The view switcher at the bottom of a narrow window (AdwViewSwitcherBar), shown
/// while `isRevealed` holds.
public struct ViewSwitcherBar: PrimitiveView {
    let link: ViewStackLink
    let isRevealed: @MainActor () -> Bool

    public init(link: ViewStackLink, isRevealed: @escaping @MainActor () -> Bool) {
        self.link = link
        self.isRevealed = isRevealed
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let bar = ViewSwitcherBarWidget()
        bar.bind("reveal", isRevealed) { bar, revealed in bar.setRevealed(revealed) }
        link.link.whenResolved { [weak bar] stack in bar?.setStack(stack) }
        return [bar]
    }
}
