/// A key a keyboard shortcut presses, as SwiftUI's `KeyEquivalent`: a character
/// (`"n"`, `"1"`, `","`), or one of the named keys below.
///
/// A letter stands for its key whatever its case: `"N"` is the same key as `"n"`;
/// add `.shift` to the modifiers to ask for Shift. A digit is typed by its key in the
/// row of digits or on the keypad.
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character the key types; the named keys use SwiftUI's characters for them.
    public let character: Character

    public init(_ character: Character) {
        // One case per key: GTK matches the key, and Shift is a modifier.
        self.character = Character(character.lowercased())
    }

    public init(extendedGraphemeClusterLiteral character: Character) { self.init(character) }

    public static let `return` = KeyEquivalent("\r")
    public static let escape = KeyEquivalent("\u{1B}")
    /// Backspace.
    public static let delete = KeyEquivalent("\u{8}")
    /// The Delete key (forward delete).
    public static let deleteForward = KeyEquivalent("\u{7F}")
    public static let space = KeyEquivalent(" ")
    public static let tab = KeyEquivalent("\t")
    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
}

/// The modifier keys held with a keyboard shortcut's key, as SwiftUI's `EventModifiers`.
public struct EventModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = EventModifiers(rawValue: 1 << 0)
    public static let control = EventModifiers(rawValue: 1 << 1)
    /// Alt.
    public static let option = EventModifiers(rawValue: 1 << 2)
    /// The primary modifier, Ctrl on GNOME (SwiftUI's ⌘ on a Mac): SwiftUI code's
    /// `.command` shortcuts mean here what they mean there.
    public static let command = control
}

extension Button {
    /// Presses this button when `key` is typed with `modifiers` anywhere in its window,
    /// as SwiftUI's `.keyboardShortcut(_:modifiers:)`: the button's action runs as for
    /// a click.
    ///
    /// ```swift
    /// Button("Add Word") { model.addWord() }
    ///     .keyboardShortcut("n")            // Ctrl+N
    /// Button("Search") { … }
    ///     .keyboardShortcut("f", modifiers: [.command, .shift])
    /// ```
    ///
    /// The shortcut works only while the button could be clicked: not while it is
    /// disabled (`.enabled { false }`), and not while it is off screen (hidden, or on
    /// a page of a stack that is not shown), so two pages may use one key. GTK's
    /// shortcut controller of the window handles it (the managed scope), so a key the
    /// focused widget uses itself (an entry's Ctrl+A) stays the widget's.
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> Button {
        var button = self
        button.shortcut = KeyboardShortcut(key: key, modifiers: modifiers)
        return button
    }
}

/// A key with its modifiers, as ``Button/keyboardShortcut(_:modifiers:)`` takes them.
struct KeyboardShortcut {
    let key: KeyEquivalent
    let modifiers: EventModifiers
}
