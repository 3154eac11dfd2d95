/// Content built in a child environment scope.
public struct EnvironmentScope<Content: View>: PrimitiveView {
    let content: Content
    let origin: String
    /// Sets the scope's values; may return a binding to keep alive with the content.
    let configure: @MainActor (EnvironmentValues) -> AnyObject?

    public func _build(in context: BuildContext) -> [Widget] {
        var inner = context
        inner.environment = context.environment.makeChild(origin: origin)
        let binding = configure(inner.environment)
        let widgets = content._build(in: inner)
        if let binding { widgets.forEach { $0.keepAlive(binding) } }
        return widgets
    }
}

extension View {
    /// Sets an environment value for this view and everything below it.
    ///
    /// The value is a binding: when state it reads changes, the value is set
    /// again, and exactly the views that read this key update.
    public func environment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>,
        _ value: @autoclosure @escaping @MainActor () -> Value
    ) -> EnvironmentScope<Self> {
        EnvironmentScope(content: self, origin: "\(Self.self).environment(\(keyPath))") { values in
            // The scope's widgets own this binding; it holds the scope weakly.
            track(value, label: "environment") { [weak node = values.node] newValue in
                guard let node else { return }
                var scope = EnvironmentValues(node: node)
                scope[keyPath: keyPath] = newValue
            }
        }
    }

    /// Injects a shared object, looked up by type with `@Environment(Type.self)`.
    public func environment<Object: AnyObject>(_ object: Object) -> EnvironmentScope<Self> {
        EnvironmentScope(content: self, origin: "\(Self.self).environment(\(Object.self))") {
            $0.setObject(object)
            return nil
        }
    }
}
