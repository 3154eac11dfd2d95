import Observation

/// A read-write reference to a piece of state, for two-way controls.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let get: @MainActor () -> Value
    private let set: @MainActor (Value) -> Void

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { member in
                var value = self.wrappedValue
                value[keyPath: keyPath] = member
                self.wrappedValue = value
            })
    }
}

/// Makes bindings to an observable model's properties: `$model.name`.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Bindable<Model: AnyObject & Observable> {
    public var wrappedValue: Model

    public init(wrappedValue: Model) { self.wrappedValue = wrappedValue }

    public init(_ model: Model) { wrappedValue = model }

    public var projectedValue: Bindable<Model> { self }

    public subscript<Member>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Model, Member>
    ) -> Binding<Member> {
        let model = wrappedValue
        return Binding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
    }
}
