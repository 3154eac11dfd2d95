import Observation

/// State a view owns, SwiftUI style: `@State private var showAnswers = false`.
///
/// Read it inside GtkKit's closures (`Text { }`, `If({ })`, `.visible { }`, …) and
/// it is tracked like an `@Observable` model's property: a write updates only the
/// widgets whose closures read it, once per main-loop turn. `$showAnswers` is a
/// ``Binding`` for two-way controls and for a child's `@Binding`.
///
/// `body` runs once, so the storage is made once, when the view is made, and lives
/// as long as what captured it — the view's widgets and their bindings. It survives
/// a re-layout between size classes (the same widgets move) and goes with the
/// widgets when their window closes. `@State private var model = Model()` owns an
/// `@Observable` object the same way.
@MainActor @propertyWrapper
public struct State<Value> {
    private let storage: StateStorage<Value>

    public init(wrappedValue value: Value) {
        storage = StateStorage(value)
    }

    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// A binding that reads and writes this state.
    public var projectedValue: Binding<Value> {
        let storage = storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

/// The observable box behind ``State`` and ``FocusState``.
///
/// Not `@Observable`: on a generic class the macro's key path (`\StateStorage<Value>.value`)
/// is built at run time on every read and write, which made a `@State` update 2.7× the
/// cost of a model's. Reads and writes are reported through ``StateChanges``, whose key
/// path is a constant.
@MainActor
final class StateStorage<Value> {
    private var stored: Value
    private let changes = StateChanges()

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get {
            changes.access()
            return stored
        }
        set {
            changes.mutate { stored = newValue }
        }
    }
}

/// Tells Observation that a ``StateStorage`` was read or is about to change.
final class StateChanges: Observable {
    private let registrar = ObservationRegistrar()
    /// The one observed property; only its key path is used.
    private var version = 0

    func access() {
        registrar.access(self, keyPath: \.version)
    }

    func mutate(_ body: () -> Void) {
        registrar.withMutation(of: self, keyPath: \.version, body)
    }
}
