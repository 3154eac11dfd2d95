/// What a text field's text is; GTK hands it to the input method and on-screen keyboard.
public enum InputPurpose: Sendable, CaseIterable {
    case freeForm, alphabetic, digits, number, phone, url, email, name, password, pin, terminal
}

/// How an input method should treat a text field. Japanese input methods read these
/// through GTK: `.noSpellcheck` and `.noEmoji` for a typed reading, say.
public struct InputHints: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let spellcheck = InputHints(rawValue: 1 << 0)
    public static let noSpellcheck = InputHints(rawValue: 1 << 1)
    public static let wordCompletion = InputHints(rawValue: 1 << 2)
    public static let lowercase = InputHints(rawValue: 1 << 3)
    public static let uppercaseCharacters = InputHints(rawValue: 1 << 4)
    public static let uppercaseWords = InputHints(rawValue: 1 << 5)
    public static let uppercaseSentences = InputHints(rawValue: 1 << 6)
    /// No on-screen keyboard: the field brings its own way of typing.
    public static let inhibitOnScreenKeyboard = InputHints(rawValue: 1 << 7)
    /// Text written top to bottom, as Japanese may be.
    public static let verticalWriting = InputHints(rawValue: 1 << 8)
    public static let emoji = InputHints(rawValue: 1 << 9)
    public static let noEmoji = InputHints(rawValue: 1 << 10)
    /// Not to be learnt or remembered by the input method.
    public static let `private` = InputHints(rawValue: 1 << 11)
}
