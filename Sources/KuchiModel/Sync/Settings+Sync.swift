import FoundationEssentials

/// The settings that belong to the learner rather than to one computer, and so are
/// synced: new cards a day, desired retention, the directions asked (the decks also
/// asked meaning → Japanese, and those whose kanji are also written), how readings are shown, and the memory model fitted to
/// the learner's reviews (one register: its 21 parameters and what they were fitted
/// to go together, with the count of reviews at the last fit). Window size,
/// appearance and the sync folder itself stay with each computer.
extension Settings {
    /// The synced settings' keys in settings.json, each with its value as JSON text.
    public var syncedValues: [String: String] {
        func json(_ value: JSONValue) -> String { String(decoding: JSONWriter.data(value), as: UTF8.self) }
        return [
            CodingKeys.dailyNewCards.stringValue: json(.number(Double(dailyNewCards))),
            CodingKeys.desiredRetention.stringValue: json(.number(Double(desiredRetention))),
            CodingKeys.productionDecks.stringValue: json(.array(productionDecks.map(JSONValue.string))),
            CodingKeys.writingDecks.stringValue: json(.array(writingDecks.map(JSONValue.string))),
            CodingKeys.readings.stringValue: json(.string(readings.rawValue)),
            CodingKeys.memoryModel.stringValue: Self.memoryModelText(memoryModel),
            CodingKeys.lastFitReviewCount.stringValue: json(.number(Double(lastFitReviewCount))),
        ]
    }

    /// The memory model as JSON text, its keys sorted so that one model is one text.
    private static func memoryModelText(_ model: FittedMemoryModel?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let model, let data = try? encoder.encode(model) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// These settings with the synced `values` (key → JSON text) that hold a valid
    /// value for their key; any other key or value is left out (a newer Kuchi's).
    public func applyingSynced(_ values: [String: String]) -> Settings {
        var settings = self
        for (key, text) in values {
            guard let value = try? JSONParser.parse(Data(text.utf8)) else { continue }
            switch key {
            case CodingKeys.dailyNewCards.stringValue:
                if let number = value.numberValue, let whole = Int(exactly: number) { settings.dailyNewCards = whole }
            case CodingKeys.desiredRetention.stringValue:
                if let number = value.numberValue, let whole = Int(exactly: number) { settings.desiredRetention = whole }
            case CodingKeys.productionDecks.stringValue:
                if case .array(let items) = value { settings.productionDecks = items.compactMap(\.stringValue) }
            case CodingKeys.writingDecks.stringValue:
                if case .array(let items) = value { settings.writingDecks = items.compactMap(\.stringValue) }
            case CodingKeys.readings.stringValue:
                if let text = value.stringValue, let readings = ReadingDisplay(rawValue: text) { settings.readings = readings }
            case CodingKeys.memoryModel.stringValue:
                // Checked as settings.json's is: parameters FSRS accepts, counts not negative.
                if value == .null {
                    settings.memoryModel = nil
                } else if let model = try? JSONDecoder().decode(FittedMemoryModel.self, from: Data(text.utf8)) {
                    settings.memoryModel = model
                }
            case CodingKeys.lastFitReviewCount.stringValue:
                if let number = value.numberValue, let whole = Int(exactly: number), whole >= 0 { settings.lastFitReviewCount = whole }
            default:
                continue
            }
        }
        return settings
    }
}
