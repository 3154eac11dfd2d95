#if DEBUG
@_spi(SwiftUI) import Observation

/// Debug builds only: finds state that a view's `body` reads directly, outside any
/// binding closure, and warns when it changes, naming the view and the property.
///
/// `body` runs once, so `Text("Hi, \(users.profile.name)")` shows the name as it was
/// and never updates; `Text { "Hi, \(users.profile.name)" }` follows it. Evaluating
/// `body` under observation tracking sees exactly the first kind of read: binding
/// closures are stored while `body` runs, not called.
@MainActor
enum FrozenReads {
    static func evaluateBody<V: View>(of view: V) -> V.Body {
        let watch = Watch(view: "\(V.self)", candidates: observableObjects(in: view))
        return withObservationTracking({ view.body }, willSet: { tracking in
            MainActor.assumeIsolated { watch.willChange(tracking.changed) }
        }, didSet: { tracking in
            MainActor.assumeIsolated { watch.didChange(tracking.changed) }
        })
    }

    /// The objects a view holds (its models and `@Environment` objects), which are
    /// where a frozen read most likely comes from; used to name the property.
    private static func observableObjects(in view: Any) -> [AnyObject] {
        Mirror(reflecting: view).children.compactMap { child in
            let value = (child.value as? any EnvironmentValueProvider)?.currentValue ?? child.value
            guard let observable = value as? any Observable, type(of: observable) is AnyClass else { return nil }
            return observable as AnyObject
        }
    }

    /// One `body` evaluation's watch: snapshots the changing object before the change
    /// and compares after it, to find which stored property changed.
    private final class Watch: @unchecked Sendable {
        let view: String
        let candidates: [AnyObject]
        private var before: [ObjectIdentifier: [String: String]] = [:]

        init(view: String, candidates: [AnyObject]) {
            self.view = view
            self.candidates = candidates
        }

        func willChange(_ keyPath: AnyKeyPath?) {
            for object in objects(rootedAt: keyPath) { before[ObjectIdentifier(object)] = Self.snapshot(object) }
        }

        func didChange(_ keyPath: AnyKeyPath?) {
            let rootType = keyPath.map { type(of: $0).rootType }
            let root = rootType.map { "\($0)" } ?? "a model"
            var property = rootType == EnvironmentSlot.self ? "an environment value" : "a property of \(root)"
            for object in objects(rootedAt: keyPath) {
                let after = Self.snapshot(object)
                if let name = before[ObjectIdentifier(object)]?.first(where: { after[$0.key] != $0.value })?.key {
                    property = "\(root).\(name)"
                }
            }
            Diagnostics.warn(
                "\(view) read \(property) in its body, outside a binding closure, so it shows the old value: "
                    + "read it inside a closure, such as Text { … } or .visible { … }")
        }

        private func objects(rootedAt keyPath: AnyKeyPath?) -> [AnyObject] {
            guard let keyPath else { return [] }
            let root = type(of: keyPath).rootType
            return candidates.filter { type(of: $0) == root }
        }

        /// The object's stored properties (the macro's `_name` storage) as text.
        private static func snapshot(_ object: AnyObject) -> [String: String] {
            var values: [String: String] = [:]
            for child in Mirror(reflecting: object).children {
                guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else { continue }
                values[String(label.dropFirst())] = String(describing: child.value)
            }
            return values
        }
    }
}
#endif

/// What an `@Environment` property holds, for diagnostics.
@MainActor
protocol EnvironmentValueProvider {
    var currentValue: Any? { get }
}
