/// Who is practising. Saved only when the user asks to be remembered.
public struct Profile: Codable, Equatable, Sendable {
    public var name: String

    public init(name: String = "") {
        self.name = name
    }
}
