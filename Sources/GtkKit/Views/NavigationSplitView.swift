/// The column a ``NavigationSplitView`` shows when it is folded into one, as SwiftUI's
/// `NavigationSplitViewColumn`.
public enum NavigationSplitViewColumn: Sendable, Hashable {
    case sidebar
    case detail
}

/// A sidebar beside a detail view, folded into one column at a time in a compact
/// window, as SwiftUI's `NavigationSplitView(sidebar:detail:)`.
///
/// ```swift
/// NavigationSplitView(preferredCompactColumn: $model.column) {
///     DeckList()    // choosing a deck sets model.deck and model.column = .detail
/// } detail: {
///     DeckDetail()
/// }
/// ```
///
/// In a regular window (``SizeClass``) the sidebar and the detail stand side by side,
/// with a divider, when their widths fit; in a compact one only the column
/// `preferredCompactColumn` names shows, sliding in, and the detail has a back button
/// above it that sets the column back to `.sidebar`. As in SwiftUI, choosing something
/// in the sidebar is the app's own state: set the column to `.detail` with it, and
/// a compact window shows the detail. Built over an AdwLeaflet (libadwaita 1.2 has no
/// AdwNavigationSplitView); there is no swipe back.
public struct NavigationSplitView<Sidebar: View, Detail: View>: PrimitiveView {
    let preferredCompactColumn: Binding<NavigationSplitViewColumn>
    let sidebar: Sidebar
    let detail: Detail

    public init(
        preferredCompactColumn: Binding<NavigationSplitViewColumn>,
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
    ) {
        self.preferredCompactColumn = preferredCompactColumn
        self.sidebar = sidebar()
        self.detail = detail()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let leaflet = LeafletWidget()
        var inner = context
        inner.axis = .vertical
        inner.spacing = 0
        let environment = context.environment
        let column = preferredCompactColumn
        let sidebarPage = sidebar.frame(minWidth: Self.sidebarWidth).buildOne(in: inner)
        let detailPage = VStack(spacing: 0) {
            HStack {
                Button(iconName: "go-previous-symbolic", title: StockLabels.back) { column.wrappedValue = .sidebar }
                    .cssClass("flat")
                    .widgetName("navigation-back")
            }
            .padding(6)
            .visible { environment.horizontalSizeClass == .compact }
            detail.expand(horizontal: true, vertical: true)
        }
        .buildOne(in: inner)
        leaflet.append(sidebarPage)
        leaflet.appendDivider()
        leaflet.append(detailPage)
        leaflet.bind("can-unfold", { environment.horizontalSizeClass == .regular }) { leaflet, regular in
            leaflet.setCanUnfold(regular)
        }
        leaflet.bind("visible-child", { column.wrappedValue }) { leaflet, shown in
            leaflet.show(shown == .sidebar ? sidebarPage : detailPage)
        }
        return [leaflet]
    }

    /// The sidebar's width beside the detail: GNOME's sidebars are about this wide.
    static var sidebarWidth: Int { 240 }
}
