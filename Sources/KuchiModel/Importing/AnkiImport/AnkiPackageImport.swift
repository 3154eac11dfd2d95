import FoundationEssentials

/// Turns an Anki package into an ``ImportedDeck``: one card per note, its fields mapped
/// to word, reading and meaning (``AnkiFieldMapping``) and cleaned by ``NoteField``;
/// the review log of the kept notes' cards; the sounds they use. Notes Kuchi cannot ask
/// (cloze, image-only, empty, duplicate, too long) are counted in ``ImportSkips``.
enum AnkiPackageImport {
    /// The note types the package's notes use, with the mapping their names suggest.
    static func fieldMappings(
        _ path: LocalPath, file: String, limits: DeckLimits, scratch: LocalPath
    ) throws(DeckError) -> [AnkiFieldMapping] {
        let package = AnkiPackage(path: path, file: file, limits: limits)
        let contents = try package.unpack(into: scratch)
        let collection = try AnkiCollection(path: contents.collection.path, file: file, entry: contents.collectionEntry)
        let used = Set(collection.notes.map(\.notetypeID))
        return collection.notetypes.values.filter { used.contains($0.id) && !$0.isCloze }
            .sorted { $0.id < $1.id }
            .map { AnkiFieldMapping(notetypeID: $0.id, notetype: $0.name, fields: $0.fields) }
    }

    static func read(
        _ path: LocalPath, file: String, name: String, mappings: [AnkiFieldMapping], limits: DeckLimits,
        scratch: LocalPath
    ) throws(DeckError) -> ImportedDeck {
        let package = AnkiPackage(path: path, file: file, limits: limits)
        let contents = try package.unpack(into: scratch)
        let collection = try AnkiCollection(path: contents.collection.path, file: file, entry: contents.collectionEntry)
        var builder = Builder(limits: limits, media: contents.media, compressedMedia: contents.compressedMedia)
        let chosen = Dictionary(mappings.map { ($0.notetypeID, $0) }, uniquingKeysWith: { first, _ in first })
        for note in collection.notes {
            guard let notetype = collection.notetypes[note.notetypeID] else {
                builder.skipped.empty += 1
                continue
            }
            let mapping = chosen[notetype.id]
                ?? AnkiFieldMapping(notetypeID: notetype.id, notetype: notetype.name, fields: notetype.fields)
            builder.add(note, of: notetype, mapping: mapping)
        }
        func refuse(_ message: String) -> DeckError { DeckError(problems: [DeckProblem(file: file, message: message)]) }
        let skipped = builder.skipped
        if builder.cards.isEmpty {
            if skipped.cloze > 0, skipped.cloze == skipped.total {
                throw refuse(trn(
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    skipped.cloze))
            }
            throw refuse(tr("holds no note Kuchi can ask (a word and its meaning)") + (skipped.sentence.map { ": " + $0 } ?? ""))
        }
        guard builder.cards.count <= limits.maximumCards else {
            throw refuse(tr("too many notes ({notes}); a deck has at most {limit}", ["notes": builder.cards.count.grouped, "limit": limits.maximumCards.grouped]))
        }
        let meanings = Set(builder.cards.map(\.answer)).count
        guard meanings >= 3 else {
            throw refuse(trn(
                    "needs at least 3 different meanings to offer choices; it has {count}",
                    "needs at least 3 different meanings to offer choices; it has {count}", meanings))
        }
        return ImportedDeck(
            deck: Deck(name: name, language: "ja", cards: builder.cards),
            reviews: builder.reviews(from: collection), skipped: skipped, media: builder.usedMedia)
    }

    /// The cards so far, and what was left out.
    private struct Builder {
        let limits: DeckLimits
        /// The package's media files: name → entry.
        let media: [String: String]
        let compressedMedia: Bool
        private(set) var cards: [Challenge] = []
        private(set) var usedMedia: [ImportedMedia] = []
        var skipped = ImportSkips()
        private var questionOfNote: [Int64: String] = [:]
        private var questions = Set<String>()
        private var mediaUsed = Set<String>()

        init(limits: DeckLimits, media: [String: String], compressedMedia: Bool) {
            self.limits = limits
            self.media = media
            self.compressedMedia = compressedMedia
        }

        mutating func add(_ note: AnkiCollection.Note, of notetype: AnkiCollection.Notetype, mapping: AnkiFieldMapping) {
            let fields = note.fields.map { NoteField($0) }
            if notetype.isCloze || fields.contains(where: \.isCloze) {
                skipped.cloze += 1
                return
            }
            func field(_ index: Int?) -> NoteField? {
                guard let index, fields.indices.contains(index) else { return nil }
                return fields[index]
            }
            let audio = fields.lazy.flatMap(\.sounds).first { media[$0] != nil }
            let card = NoteField.card(
                word: field(mapping.word)?.text ?? "", reading: field(mapping.reading)?.text ?? "",
                meaning: field(mapping.meaning)?.text ?? "", audio: audio)
            let word = card.question
            guard !word.isEmpty, !card.answer.isEmpty else {
                if field(mapping.word)?.hasImage == true || field(mapping.meaning)?.hasImage == true {
                    skipped.imageOnly += 1
                } else {
                    skipped.empty += 1
                }
                return
            }
            let texts = [word, card.answer, card.reading, card.romaji]
            guard texts.allSatisfy({ $0.count <= limits.maximumTextLength }) else {
                skipped.tooLong += 1
                return
            }
            guard questions.insert(word).inserted else {
                skipped.duplicates += 1
                return
            }
            if let audio, let entry = media[audio], mediaUsed.insert(audio).inserted {
                usedMedia.append(ImportedMedia(name: audio, entry: entry, compressed: compressedMedia))
            }
            questionOfNote[note.id] = word
            cards.append(card)
        }

        /// The kept notes' answers, oldest first; see ``ImportedReview`` for what is left out.
        func reviews(from collection: AnkiCollection) -> [ImportedReview] {
            collection.log.compactMap { entry in
                guard let note = collection.noteOfCard[entry.cardID], let question = questionOfNote[note],
                      let rating = FSRSRating(rawValue: Int(clamping: entry.ease)),
                      let kind = ImportedReview.Kind(rawValue: Int(clamping: entry.type))
                else { return nil }
                return ImportedReview(
                    question: question, time: Date(timeIntervalSince1970: Double(entry.time) / 1000), rating: rating,
                    duration: .milliseconds(max(entry.duration, 0)), kind: kind)
            }
        }
    }
}
