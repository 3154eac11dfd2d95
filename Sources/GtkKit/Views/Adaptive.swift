/// Content built once and placed in whichever layout is active.
///
/// Declare it outside the layouts and use it in each: switching layouts moves
/// the same widgets, so typed text, focus and toggled state survive.
@MainActor
public final class Shared<Content: View>: View {
    let content: Content
    private var widget: Widget?
    // NB: weak: each slot keeps this box alive (below), so strong slots would make a
    // cycle that outlives the screen: every practice session leaked its widgets.
    private var slots: [Int: WeakBin] = [:]

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    // safe: never called: Shared builds itself in `_build`.
    public var body: Never { fatalError("Shared is primitive") }

    public func _build(in context: BuildContext) -> [Widget] {
        guard let recorder = context.adaptiveLayout else {
            // Outside a layout there is nothing to share between: build it in place.
            Diagnostics.warn("Shared content outside an AdaptiveLayout is built in place")
            return content._build(in: context)
        }
        let slot = BinWidget()
        slots[recorder.layout] = WeakBin(bin: slot)
        recorder.shared.append(self)
        if widget == nil {
            widget = content.buildOne(in: context)
        }
        // Each slot keeps this box (and so the content) alive.
        slot.keepAlive(self)
        return [slot]
    }

    /// Moves the content into the slot of `layout`.
    fileprivate func move(to layout: Int) {
        guard let widget, let target = slots[layout]?.bin, !target.shows(widget) else { return }
        for (other, reference) in slots where other != layout {
            if let slot = reference.bin, slot.shows(widget) {
                slot.clearChild()
                slot.release(widget)
            }
        }
        target.setChild(widget)
    }

    var contentWidget: Widget? { widget }
}

/// A slot held without keeping it alive.
@MainActor
struct WeakBin {
    weak var bin: BinWidget?
}

/// Records the shared content placed while one layout is built.
@MainActor
final class AdaptiveLayoutRecorder {
    let layout: Int
    var shared: [any SharedContent] = []
    init(layout: Int) { self.layout = layout }
}

@MainActor
protocol SharedContent: AnyObject {
    func moveContent(to layout: Int)
    var contentWidget: Widget? { get }
}

extension Shared: SharedContent {
    func moveContent(to layout: Int) { move(to: layout) }
}

/// Shows one of two layouts, chosen by a size class from the environment,
/// and moves the same `Shared` widgets between them.
///
/// ```swift
/// let question = Shared { QuestionView() }
/// let choices = Shared { ChoicesView() }
/// AdaptiveLayout(\.verticalSizeClass) {
///     VStack { question; choices }           // regular
/// } compact: {
///     HStack { question; choices }
/// }
/// ```
/// Both layouts are built up front, so a flip creates no widget.
public struct AdaptiveLayout<Regular: View, Compact: View>: PrimitiveView {
    let sizeClass: KeyPath<EnvironmentValues, SizeClass>
    let regular: Regular
    let compact: Compact

    public init(
        _ sizeClass: KeyPath<EnvironmentValues, SizeClass>,
        @ViewBuilder regular: () -> Regular,
        @ViewBuilder compact: () -> Compact
    ) {
        self.sizeClass = sizeClass
        self.regular = regular()
        self.compact = compact()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let container = BinWidget()
        var layouts: [Widget] = []
        var shared: [[any SharedContent]] = []
        for (index, view) in [AnyView(regular), AnyView(compact)].enumerated() {
            var inner = context
            let recorder = AdaptiveLayoutRecorder(layout: index)
            inner.adaptiveLayout = recorder
            let root = view.buildOne(in: inner)
            layouts.append(root)
            shared.append(recorder.shared)
            container.keepAlive(root)
        }
        let environment = context.environment
        let sizeClass = self.sizeClass
        container.bind("layout", { environment[keyPath: sizeClass] }) { container, value in
            let index = value == .regular ? 0 : 1
            // NB: GTK drops the focus of a widget that leaves its window at the end of
            // the next frame, even if the widget is back by then: remember it (with the
            // cursor and selection) and give it back after the move.
            let focus = FocusSnapshot(within: shared[index].compactMap(\.contentWidget))
            container.setChild(layouts[index])
            for content in shared[index] { content.moveContent(to: index) }
            focus?.restore()
        }
        return [container]
    }
}
