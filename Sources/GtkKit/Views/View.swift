/// A piece of UI, described as a value, SwiftUI style.
///
/// `body` runs once, when the view is placed in the tree. What changes over
/// time is expressed with closures (`Text { "Count: \(model.count)" }`,
/// `.visible { model.isOn }`, `If { … }`, `ForEach { … }`): each closure
/// becomes a binding that re-runs only when the state it read changes.
///
/// A property read directly in `body` is read once; in debug builds GtkKit watches
/// those reads and warns, naming the view and the property, when one changes.
@MainActor
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }

    /// Creates this view's widgets. GtkKit's own views implement it; composite views
    /// get the default, which connects `@Environment` properties and builds `body`.
    /// To use a GTK widget GtkKit does not cover, see ``GtkWidgetRepresentable``.
    func _build(in context: BuildContext) -> [Widget]
}

extension View {
    public func _build(in context: BuildContext) -> [Widget] {
        installDynamicProperties(of: self, in: context.environment)
        #if DEBUG
        let body = FrozenReads.evaluateBody(of: self)
        #else
        let body = self.body
        #endif
        return body._build(in: context)
    }
}

extension View where Body == Never {
    // safe: never called: a view without a body builds itself in `_build`.
    public var body: Never { fatalError("\(Self.self) has no body") }
}

/// A view that creates its widgets itself (GtkKit's own views).
protocol PrimitiveView: View where Body == Never {}

extension Never: View {
    public typealias Body = Never
    public func _build(in context: BuildContext) -> [Widget] { [] }
}

/// Where a view is being built: its environment and the enclosing stack's
/// axis and spacing (used by dynamic content that needs a container).
@MainActor
public struct BuildContext {
    public var environment: EnvironmentValues
    var axis: Axis = .vertical
    var spacing: Int = 0
    /// Set while an adaptive container builds one of its layouts.
    // NB: weak: bindings keep the context they were built in (to build rows and
    // branches later), and a strong recorder would tie every `Shared` content to its
    // own bindings in a cycle: each practice session leaked its screen.
    weak var adaptiveLayout: AdaptiveLayoutRecorder?

    public init(environment: EnvironmentValues) {
        self.environment = environment
    }
}

public enum Axis: Sendable {
    case horizontal, vertical
}

extension View {
    /// Builds exactly one widget: several are wrapped in a box along the
    /// context's axis.
    func buildOne(in context: BuildContext) -> Widget {
        let widgets = _build(in: context)
        if widgets.count == 1 { return widgets[0] }
        let box = BoxWidget(context.axis, spacing: context.spacing)
        widgets.forEach(box.append)
        return box
    }
}
