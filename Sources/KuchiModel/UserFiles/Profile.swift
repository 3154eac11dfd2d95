/// Who is practising. Saved only when the user asks to be remembered.
public struct Profile: Codable, Equatable, Sendable {
    /// Longer names are refused: every screen shows the name, and a label given a
    /// pasted 65,000-character word takes minutes to lay out.
    public static let maximumNameLength = 64

    public var name: String

    public init(name: String = "") {
        self.name = name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        guard Self.fitsLength(name) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.name],
                debugDescription: tr("the name is longer than {limit} characters", ["limit": "\(Self.maximumNameLength)"])))
        }
    }

    /// Whether `name` has at most ``maximumNameLength`` characters.
    static func fitsLength(_ name: String) -> Bool {
        // Counting characters walks grapheme clusters; a short string skips that.
        name.utf8.count <= maximumNameLength || name.count <= maximumNameLength
    }
}
