/// Builds view hierarchies from blocks, SwiftUI style.
///
/// `if`/`else` inside a builder is evaluated once, when `body` runs; use
/// `If { condition } then: { … }` for content that follows state.
@resultBuilder @MainActor
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    public static func buildOptional<Content: View>(_ content: Content?) -> OptionalView<Content> {
        OptionalView(content: content)
    }

    public static func buildEither<First: View, Second: View>(
        first: First
    ) -> EitherView<First, Second> {
        EitherView(storage: .first(first))
    }

    public static func buildEither<First: View, Second: View>(
        second: Second
    ) -> EitherView<First, Second> {
        EitherView(storage: .second(second))
    }
}

/// No widgets at all.
public struct EmptyView: PrimitiveView {
    public init() {}
    public func _build(in context: BuildContext) -> [Widget] { [] }
}

/// Several views side by side in their container.
public struct TupleView<each Content: View>: PrimitiveView {
    let content: (repeat each Content)

    init(_ content: repeat each Content) { self.content = (repeat each content) }

    public func _build(in context: BuildContext) -> [Widget] {
        var widgets: [Widget] = []
        for view in repeat each content {
            widgets += view._build(in: context)
        }
        return widgets
    }
}

public struct OptionalView<Content: View>: PrimitiveView {
    let content: Content?
    public func _build(in context: BuildContext) -> [Widget] {
        content?._build(in: context) ?? []
    }
}

public struct EitherView<First: View, Second: View>: PrimitiveView {
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage

    public func _build(in context: BuildContext) -> [Widget] {
        switch storage {
        case .first(let view): view._build(in: context)
        case .second(let view): view._build(in: context)
        }
    }
}

/// A type-erased view, for heterogeneous collections (pages, rows).
public struct AnyView: PrimitiveView {
    private let build: @MainActor (BuildContext) -> [Widget]

    public init<Content: View>(_ view: Content) {
        build = { view._build(in: $0) }
    }

    public func _build(in context: BuildContext) -> [Widget] { build(context) }
}
