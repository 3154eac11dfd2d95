/// Pages pushed on a root view and popped back, as SwiftUI's `NavigationStack` with a
/// path: `path` lists the values of the pages above the root, and `destination` builds
/// the page for each.
///
/// ```swift
/// NavigationStack(path: $model.path) {
///     DeckListView()   // its buttons push: model.path.append(deck.id)
/// } destination: { (id: DeckID) in
///     DeckView(id: id)
/// }
/// ```
///
/// Appending to `path` pushes a page, which slides in with a back button above it;
/// removing the last value (or the back button, or calling `@Environment(\.dismiss)` in
/// the page: ``DismissAction``) pops it. The pages below the top are
/// kept as they are, so popping shows the page as it was left, with its state; a page
/// popped is dropped, and its bindings and `.task`s stop. When `path` changes in
/// several places at once, the pages whose values still start the path stay and the
/// rest are rebuilt. Built over a folded AdwLeaflet (libadwaita 1.2 has no
/// AdwNavigationView); there is no swipe back.
public struct NavigationStack<Value: Hashable, Root: View, Destination: View>: PrimitiveView {
    let path: Binding<[Value]>
    let root: Root
    let destination: @MainActor (Value) -> Destination

    public init(
        path: Binding<[Value]>, @ViewBuilder root: () -> Root,
        @ViewBuilder destination: @escaping @MainActor (Value) -> Destination
    ) {
        self.path = path
        self.root = root()
        self.destination = destination
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let leaflet = LeafletWidget()
        var inner = context
        inner.axis = .vertical
        inner.spacing = 0
        let rootPage = root.buildOne(in: inner)
        leaflet.append(rootPage)
        var pages: [(value: Value, widget: Widget)] = []
        let (path, destination) = (path, destination)
        leaflet.bind("path", { path.wrappedValue }) { leaflet, newPath in
            var kept = 0
            while kept < min(pages.count, newPath.count) && pages[kept].value == newPath[kept] { kept += 1 }
            let popped = pages[kept...].map(\.widget)
            pages.removeSubrange(kept...)
            for (depth, value) in zip(kept..., newPath[kept...]) {
                // Pops this page and any above it: the path back to its depth.
                let pop: @MainActor () -> Void = { path.wrappedValue = Array(path.wrappedValue.prefix(depth)) }
                var scope = inner
                scope.environment = inner.environment.makeChild(origin: "NavigationStack page \(depth + 1)")
                scope.environment.setDismiss(pop)
                let page = VStack(spacing: 0) {
                    HStack {
                        Button(iconName: "go-previous-symbolic", title: StockLabels.back, action: pop)
                        .cssClass("flat")
                        .widgetName("navigation-back")
                    }
                    .padding(6)
                    destination(value).expand(horizontal: true, vertical: true)
                }
                .buildOne(in: scope)
                leaflet.append(page)
                pages.append((value, page))
            }
            leaflet.show(pages.last?.widget ?? rootPage)
            popped.forEach(leaflet.remove)
        }
        return [leaflet]
    }
}
