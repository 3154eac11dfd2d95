/// Which media file names an imported deck may use: a package is untrusted, and a
/// name is joined to the deck's media folder, so it must name a file right there.
enum MediaName {
    /// The longest name, in UTF-8 bytes (most file systems' limit).
    static let maximumLength = 255

    /// Whether `name` is one plain file name: not empty, no `/` or `\`, not `.` or
    /// `..` or hidden (a leading `.`), no control characters, at most 255 bytes.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength, !name.hasPrefix(".") else { return false }
        return !name.unicodeScalars.contains { scalar in
            scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
        }
    }
}
