import CGtk

/// A thin line between groups (GtkSeparator), across its stack's axis.
public struct Separator: PrimitiveView {
    public init() {}

    public func _build(in context: BuildContext) -> [Widget] {
        let crossAxis: Axis = context.axis == .vertical ? .horizontal : .vertical
        return [Widget(gtk_separator_new(crossAxis.orientation))]
    }
}
