/// Compact or regular, per axis, recomputed by the window on every resize.
public enum SizeClass: Sendable, Hashable, CustomStringConvertible {
    case compact
    case regular

    /// Windows narrower than this are horizontally compact.
    public static let compactWidthLimit = 600
    /// Windows shorter than this are vertically compact.
    public static let compactHeightLimit = 560

    public static func horizontal(forWidth width: Int) -> SizeClass {
        width < compactWidthLimit ? .compact : .regular
    }

    public static func vertical(forHeight height: Int) -> SizeClass {
        height < compactHeightLimit ? .compact : .regular
    }

    public var description: String { self == .compact ? "compact" : "regular" }
}

private struct HorizontalSizeClassKey: EnvironmentKey {
    static let defaultValue = SizeClass.regular
}

private struct VerticalSizeClassKey: EnvironmentKey {
    static let defaultValue = SizeClass.regular
}

extension EnvironmentValues {
    /// Compact when the window is narrower than 600 px.
    public var horizontalSizeClass: SizeClass {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }

    /// Compact when the window is shorter than 560 px.
    public var verticalSizeClass: SizeClass {
        get { self[VerticalSizeClassKey.self] }
        set { self[VerticalSizeClassKey.self] = newValue }
    }
}
