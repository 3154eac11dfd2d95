/// Reads an environment value or an injected object from inside a view.
///
/// ```swift
/// @Environment(\.verticalSizeClass) private var sizeClass
/// @Environment(UserManager.self) private var users
/// ```
/// The reference is resolved when the view is placed in the tree; reading
/// it inside a binding closure tracks it like any observable property.
@MainActor @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let resolve: @MainActor (EnvironmentValues) -> Value
    /// The value without trapping when an object is missing (for diagnostics).
    private let probe: @MainActor (EnvironmentValues) -> Value?
    private let link = EnvironmentLink()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        resolve = { $0[keyPath: keyPath] }
        probe = { $0[keyPath: keyPath] }
    }

    public init(_ type: Value.Type) where Value: AnyObject {
        probe = { try? $0.object(type) }
        resolve = { values in
            do throws(MissingEnvironmentObject) {
                return try values.object(type)
            } catch {
                // safe: the view tree is code, not data: a missing object is a bug that
                // must fail loudly, naming the type and the ancestor (SPEC §3).
                fatalError(error.description)
            }
        }
    }

    public var wrappedValue: Value {
        guard let values = link.values else {
            // safe: reading before the view is placed is a bug in the view's code.
            fatalError("@Environment read before its view was placed in a window (for example in init)")
        }
        return resolve(values)
    }

    public func _install(_ values: EnvironmentValues) { link.values = values }
}

extension Environment: EnvironmentValueProvider {
    var currentValue: Any? { link.values.flatMap(probe) }
}

@MainActor
private final class EnvironmentLink {
    var values: EnvironmentValues?
}

/// A view property that the tree connects to its place before `body` runs.
@MainActor
public protocol DynamicProperty {
    func _install(_ values: EnvironmentValues)
}

@MainActor
func installDynamicProperties(of view: Any, in values: EnvironmentValues) {
    for child in Mirror(reflecting: view).children {
        (child.value as? any DynamicProperty)?._install(values)
    }
}
