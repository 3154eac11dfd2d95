/// Content that follows a condition: when `condition` changes, the old
/// branch's widgets are destroyed and the other branch is built.
public struct If<Then: View, Else: View>: PrimitiveView {
    let condition: @MainActor () -> Bool
    let then: Then
    let otherwise: Else

    public init(
        _ condition: @escaping @MainActor () -> Bool,
        @ViewBuilder then: () -> Then,
        @ViewBuilder else otherwise: () -> Else
    ) {
        self.condition = condition
        self.then = then()
        self.otherwise = otherwise()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let slot = BinWidget()
        var current: Widget?
        let then = self.then
        let otherwise = self.otherwise
        slot.bind("branch", condition) { slot, isTrue in
            let next = isTrue ? then.buildOne(in: context) : otherwise.buildOne(in: context)
            slot.setChild(next)
            if let current { slot.release(current) }
            current = next
        }
        return [slot]
    }
}

extension If where Else == EmptyView {
    public init(_ condition: @escaping @MainActor () -> Bool, @ViewBuilder then: () -> Then) {
        self.init(condition, then: then, else: { EmptyView() })
    }
}
