import CGtk
import CGtkShim

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
    private var slots: [Int: WeakWidget] = [:]

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    // safe: never called: Shared builds itself in `_build`.
    public var body: Never { fatalError("Shared is primitive") }

    public func _build(in context: BuildContext) -> [Widget] {
        guard let recorder = context.adaptiveLayout else {
            // Outside a layout there is nothing to share between: build it in place.
            printError("[gtkkit] Shared content outside an AdaptiveLayout is built in place")
            return content._build(in: context)
        }
        let slot = Widget.bin()
        slots[recorder.layout] = WeakWidget(slot)
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
        guard let widget, let target = slots[layout]?.widget else { return }
        guard gtkkit_bin_get_child(target.raw()) != widget.pointer else { return }
        for (other, reference) in slots where other != layout {
            if let slot = reference.widget, gtkkit_bin_get_child(slot.raw()) == widget.pointer {
                gtkkit_bin_set_child(slot.raw(), nil)
                slot.release(widget)
            }
        }
        target.setBinChild(widget)
    }

    fileprivate var contentPointer: UnsafeMutablePointer<GtkWidget>? { widget?.pointer }
}

/// A widget held without keeping it alive.
@MainActor
struct WeakWidget {
    weak var widget: Widget?
    init(_ widget: Widget) { self.widget = widget }
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
    var contentWidget: UnsafeMutablePointer<GtkWidget>? { get }
}

extension Shared: SharedContent {
    func moveContent(to layout: Int) { move(to: layout) }
    var contentWidget: UnsafeMutablePointer<GtkWidget>? { contentPointer }
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
        let container = Widget.bin()
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
            let focus = FocusSnapshot(within: shared[index].compactMap(\.contentWidget))
            container.setBinChild(layouts[index])
            for content in shared[index] { content.moveContent(to: index) }
            focus?.restore()
        }
        return [container]
    }
}
