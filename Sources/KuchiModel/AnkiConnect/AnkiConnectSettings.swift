/// Whether dictionary apps may add words through AnkiConnect, and where: saved in
/// settings.json as `"ankiConnect": {"enabled": false, "port": 8765, "apiKey": null}`
/// (that key and shape are read outside Kuchi too, so they stay).
///
/// Off until the learner turns it on. A port outside ``portRange``, or a key of the
/// wrong type, makes the settings file count as corrupt, as any setting does.
public struct AnkiConnectSettings: Codable, Equatable, Sendable {
    /// AnkiConnect's own port, which dictionary apps try first.
    public static let defaultPort = 8765
    /// Ports a program may listen on without privileges.
    public static let portRange = 1024...65535

    public var enabled = false
    public var port = AnkiConnectSettings.defaultPort
    /// The key every request must carry (`"key"`), or nil for none (AnkiConnect's
    /// `apiKey`).
    public var apiKey: String?

    public init(enabled: Bool = false, port: Int = AnkiConnectSettings.defaultPort, apiKey: String? = nil) {
        self.enabled = enabled
        self.port = port
        self.apiKey = apiKey
    }

    enum CodingKeys: String, CodingKey {
        case enabled, port, apiKey
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
        apiKey = try container.decodeIfPresent(String.self, forKey: .apiKey)
        if container.contains(.port), try !container.decodeNil(forKey: .port) {
            let found: Double
            do {
                found = try container.decode(Double.self, forKey: .port)
            } catch DecodingError.typeMismatch {
                throw Settings.InvalidSetting(key: "port", range: Self.portRange, found: nil)
            }
            guard let whole = Int(exactly: found), Self.portRange.contains(whole) else {
                throw Settings.InvalidSetting(key: "port", range: Self.portRange, found: found)
            }
            port = whole
        }
    }

    /// Every key written, the key's `null` too.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(port, forKey: .port)
        if let apiKey { try container.encode(apiKey, forKey: .apiKey) } else { try container.encodeNil(forKey: .apiKey) }
    }
}
