import Observation

/// One scope of the environment: the values and objects set by one
/// `.environment(...)` modifier, and a link to the enclosing scope.
///
/// Scopes are created only where a modifier sets something, so lookups walk
/// a handful of links, not the widget depth.
@MainActor
final class EnvironmentNode {
    let parent: EnvironmentNode?
    private var slots: [ObjectIdentifier: EnvironmentSlot] = [:]
    private var objects: [ObjectIdentifier: AnyObject] = [:]
    /// Where this scope was created, for the missing-object message.
    let origin: String

    init(parent: EnvironmentNode?, origin: String) {
        self.parent = parent
        self.origin = origin
    }

    /// The nearest value set for `Key`, else its default. Reading it from a
    /// binding tracks exactly this key in exactly the scope that set it.
    func value<Key: EnvironmentKey>(for key: Key.Type) -> Key.Value {
        let id = ObjectIdentifier(key)
        var scope: EnvironmentNode? = self
        while let node = scope {
            // safe: slots are keyed by the key's type and only `set` fills them, with a Key.Value.
            if let slot = node.slots[id] { return slot.value as! Key.Value }
            scope = node.parent
        }
        return Key.defaultValue
    }

    /// Sets `Key` in this scope; equal values do not notify readers.
    func set<Key: EnvironmentKey>(_ key: Key.Type, _ value: Key.Value) {
        let id = ObjectIdentifier(key)
        if let slot = slots[id] {
            if !isEqual(slot.value, value) { slot.value = value }
        } else {
            slots[id] = EnvironmentSlot(value)
        }
    }

    func setObject<Object: AnyObject>(_ object: Object) {
        objects[ObjectIdentifier(Object.self)] = object
    }

    func object<Object: AnyObject>(_ type: Object.Type) throws(MissingEnvironmentObject) -> Object {
        let id = ObjectIdentifier(type)
        var scope: EnvironmentNode? = self
        var path: [String] = []
        while let node = scope {
            // safe: objects are keyed by their own type (setObject).
            if let object = node.objects[id] { return object as! Object }
            path.append(node.origin)
            scope = node.parent
        }
        throw MissingEnvironmentObject(type: String(describing: type), searched: path)
    }
}

/// The observable cell behind one environment value.
@MainActor @Observable
final class EnvironmentSlot {
    var value: Any
    init(_ value: Any) { self.value = value }
}

/// Thrown (and, from `@Environment`, reported as a fatal error) when a view
/// looks up an object no ancestor injected.
public struct MissingEnvironmentObject: Error, CustomStringConvertible {
    public let type: String
    public let searched: [String]

    public var description: String {
        "No \(type) in the environment. An ancestor view must inject one with "
            + "`.environment(\(type)(...))`; it is probably missing on the window's root view "
            + "or on the screen that presents this one. Scopes searched, nearest first: "
            + searched.joined(separator: " → ")
    }
}

private func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
