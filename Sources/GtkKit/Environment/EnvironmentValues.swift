/// The environment as seen from one place in the view tree.
///
/// Reading a value finds the nearest ancestor scope that set it, else the
/// key's default. Extend it with a property per key, as in SwiftUI.
@MainActor
public struct EnvironmentValues {
    let node: EnvironmentNode

    init(node: EnvironmentNode) { self.node = node }

    /// A fresh root environment (a window creates one; tests may too).
    public init() { node = EnvironmentNode(parent: nil, origin: "root") }

    /// A child scope: values set on it are seen by it and below, not by siblings.
    public func makeChild(origin: String = "child") -> EnvironmentValues {
        EnvironmentValues(node: EnvironmentNode(parent: node, origin: origin))
    }

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { node.value(for: key) }
        nonmutating set { node.set(key, newValue) }
    }

    /// Injects a shared object by its type for this scope and below.
    public func setObject<Object: AnyObject>(_ object: Object) {
        node.setObject(object)
    }

    /// The nearest injected object of this type.
    public func object<Object: AnyObject>(
        _ type: Object.Type
    ) throws(MissingEnvironmentObject) -> Object {
        try node.object(type)
    }
}
