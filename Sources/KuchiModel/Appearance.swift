/// Light or dark style, or whatever the desktop prefers.
public enum Appearance: String, Codable, Sendable, CaseIterable {
    case system
    case light
    case dark
}
