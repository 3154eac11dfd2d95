extension String {
    /// The string without leading and trailing white space (spaces, tabs,
    /// newlines, and Unicode spaces such as the ideographic space U+3000).
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
