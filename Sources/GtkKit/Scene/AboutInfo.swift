/// What the About dialog shows.
public struct AboutInfo: Sendable {
    public var name: String
    public var version: String
    public var comments: String
    public var iconName: String
    public var website: String
    public var copyright: String
    public var license: String
    public var developers: [String]
    /// Extra credit sections: a heading and its lines.
    public var credits: [(String, [String])]

    public init(
        name: String, version: String, comments: String, iconName: String, website: String,
        copyright: String, license: String, developers: [String], credits: [(String, [String])]
    ) {
        self.name = name
        self.version = version
        self.comments = comments
        self.iconName = iconName
        self.website = website
        self.copyright = copyright
        self.license = license
        self.developers = developers
        self.credits = credits
    }
}
