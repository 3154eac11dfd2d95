extension View {
    /// Scrolls the nearest ``ScrollView`` around this view so that it is in view each
    /// time it is shown: a part of a page that opens below what a short window shows (a
    /// writing pad under an entry) comes into sight without the user scrolling to it.
    /// The scroll is the least that brings the view's bottom into view, and never takes
    /// its top out of view; outside a scroll view nothing moves.
    public func scrollsIntoViewWhenShown() -> ModifiedView<Self> {
        modified { widget in
            widget.on("map") { [unowned widget] in widget.scrollIntoViewOnceLaidOut() }
        }
    }
}
