import FoundationEssentials

/// A value kept in the app's settings file, SwiftUI style:
/// `@AppStorage("volume") private var volume = 5`.
///
/// It reads and writes like ``State``, and is tracked the same way, but lives in an
/// ``AppStorageStore``: every view on one key reads the same value and follows its
/// changes, and the value is there again at the next launch. `$volume` is a
/// ``Binding``. The default is what it reads until something is written.
///
/// GtkKit keeps these values in a JSON file of the app's own,
/// `$XDG_CONFIG_HOME/<app id>/app-storage.json`, not in GSettings: GSettings needs
/// a compiled schema installed before the app runs, which an app started with
/// `swift run` does not have.
@MainActor @propertyWrapper
public struct AppStorage<Value: AppStorageValue> {
    private let key: String
    private let defaultValue: Value
    private let store: AppStorageStore

    /// `store` defaults to ``AppStorageStore/standard``.
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) {
        self.key = key
        defaultValue = wrappedValue
        self.store = store ?? .standard
    }

    public var wrappedValue: Value {
        get { store.value(for: key) ?? defaultValue }
        nonmutating set { store.set(newValue, for: key) }
    }

    /// A binding that reads and writes the stored value.
    public var projectedValue: Binding<Value> {
        let (store, key, defaultValue) = (store, key, defaultValue)
        return Binding(get: { store.value(for: key) ?? defaultValue }, set: { store.set($0, for: key) })
    }
}

/// The values of ``AppStorage``, kept in one JSON file (an object of keys and values).
///
/// Each write replaces the file atomically and durably. A file that cannot be read
/// as such is reported (its path and what is wrong, on standard error) and its values
/// are taken as unset; the next write replaces it.
@MainActor
public final class AppStorageStore {
    /// The app's store: `$XDG_CONFIG_HOME/<app id>/app-storage.json`, the app id being
    /// the running `Application`'s (or, before one exists, the program's name).
    public static var standard: AppStorageStore {
        if let standardStore { return standardStore }
        let store = AppStorageStore(path: SettingsFile.standardPath)
        standardStore = store
        return store
    }
    private static var standardStore: AppStorageStore?

    /// Where the values are kept.
    public let path: String
    private var values: [String: _StoredSetting] = [:]
    /// One per key read, so a write wakes only the readers of that key.
    private var changes: [String: StateChanges] = [:]

    /// A store kept in the file at `path` (made at the first write), read now.
    public init(path: String) {
        self.path = path
        do {
            if let data = try SettingsFile.read(path) {
                values = try JSONDecoder().decode([String: _StoredSetting].self, from: data)
            }
        } catch {
            Diagnostics.warn("\(path): not an app storage file, its values are ignored: \(error)")
        }
    }

    func value<Value: AppStorageValue>(for key: String) -> Value? {
        changes(of: key).access()
        return values[key].flatMap { Value(_stored: $0) }
    }

    func set<Value: AppStorageValue>(_ value: Value, for key: String) {
        let stored = value._stored
        guard values[key] != stored else { return }
        changes(of: key).mutate { values[key] = stored }
        save()
    }

    private func changes(of key: String) -> StateChanges {
        if let existing = changes[key] { return existing }
        let made = StateChanges()
        changes[key] = made
        return made
    }

    private func save() {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try SettingsFile.write(try encoder.encode(values), to: path)
        } catch {
            Diagnostics.warn("\(path): the setting was not saved: \(error)")
        }
    }
}

/// A type ``AppStorage`` can keep: `Bool`, `Int`, `Double` and `String`.
public protocol AppStorageValue: Equatable {
    /// Implementation detail: the value as the settings file holds it.
    var _stored: _StoredSetting { get }
    /// Implementation detail: the value from the settings file, nil for another type.
    init?(_stored: _StoredSetting)
}

/// Implementation detail of ``AppStorageValue``: one value of the settings file.
public enum _StoredSetting: Codable, Equatable, Sendable {
    case bool(Bool), int(Int), double(Double), string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

extension Bool: AppStorageValue {
    public var _stored: _StoredSetting { .bool(self) }
    public init?(_stored stored: _StoredSetting) {
        guard case .bool(let value) = stored else { return nil }
        self = value
    }
}

extension Int: AppStorageValue {
    public var _stored: _StoredSetting { .int(self) }
    public init?(_stored stored: _StoredSetting) {
        guard case .int(let value) = stored else { return nil }
        self = value
    }
}

extension Double: AppStorageValue {
    public var _stored: _StoredSetting { .double(self) }
    public init?(_stored stored: _StoredSetting) {
        switch stored {
        case .double(let value): self = value
        // A whole number reads back from JSON as an Int.
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: AppStorageValue {
    public var _stored: _StoredSetting { .string(self) }
    public init?(_stored stored: _StoredSetting) {
        guard case .string(let value) = stored else { return nil }
        self = value
    }
}
