internal import CGtk
internal import CGtkShim

extension KeyboardShortcut {
    /// The shortcut as GTK matches it: GDK's key value and modifier mask.
    var trigger: OpaquePointer {
        let trigger: OpaquePointer = gtk_keyval_trigger_new(key.keyval, modifiers.mask)
        guard let keypad = key.keypadKeyval else { return trigger }
        // The keypad's digits type the same characters: either key counts.
        return gtk_alternative_trigger_new(trigger, gtk_keyval_trigger_new(keypad, modifiers.mask))
    }
}

extension KeyEquivalent {
    /// GDK's key value: the named keys' own, else the character's.
    var keyval: guint {
        let named: [Character: Int32] = [
            "\r": GDK_KEY_Return, "\u{1B}": GDK_KEY_Escape, "\u{8}": GDK_KEY_BackSpace,
            "\u{7F}": GDK_KEY_Delete, "\t": GDK_KEY_Tab,
            "\u{F700}": GDK_KEY_Up, "\u{F701}": GDK_KEY_Down, "\u{F702}": GDK_KEY_Left, "\u{F703}": GDK_KEY_Right,
            "\u{F729}": GDK_KEY_Home, "\u{F72B}": GDK_KEY_End, "\u{F72C}": GDK_KEY_Page_Up, "\u{F72D}": GDK_KEY_Page_Down,
        ]
        if let keyval = named[character] { return guint(keyval) }
        // A character of several scalars (an accented letter typed as two) has no
        // key of its own: its first scalar is the key.
        return gdk_unicode_to_keyval(character.unicodeScalars.first?.value ?? 0)
    }
}

extension KeyEquivalent {
    /// The keypad's key for a digit (GDK_KEY_KP_0 to GDK_KEY_KP_9); nil for any other key.
    var keypadKeyval: guint? {
        guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
        return guint(GDK_KEY_KP_0) + guint(digit)
    }
}

extension EventModifiers {
    var mask: GdkModifierType {
        var mask: UInt32 = 0
        if contains(.shift) { mask |= GDK_SHIFT_MASK.rawValue }
        if contains(.control) { mask |= GDK_CONTROL_MASK.rawValue }
        if contains(.option) { mask |= GDK_ALT_MASK.rawValue }
        return GdkModifierType(rawValue: mask)
    }
}
