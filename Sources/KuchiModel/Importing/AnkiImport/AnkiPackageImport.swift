import FoundationEssentials

/// Turns an Anki package into an ``ImportedDeck``: one card per note, its fields mapped
/// to word, reading and meaning (``AnkiFieldMapping``) and cleaned by ``NoteField``;
/// the review log of the kept notes' cards; the sounds they use. Notes Kuchi cannot ask
/// (cloze, image-only, empty, duplicate, text a card cannot show) are counted in
/// ``ImportSkips``, the first of the last kind named.
enum AnkiPackageImport {
    /// The note types the package's notes use, with the mapping their names suggest.
    static func fieldMappings(
        _ path: LocalPath, file: String, limits: DeckLimits, scratch: LocalPath, progress: ImportProgress
    ) throws(DeckError) -> [AnkiFieldMapping] {
        let budget = ImportBudget(progress: progress, time: limits.maximumReadingTime, file: file)
        let package = AnkiPackage(path: path, file: file, limits: limits, budget: budget)
        let contents = try package.unpack(into: scratch)
        progress.begin(.readingNotes)
        let collection = try AnkiCollection(
            path: contents.collection.path, file: file, entry: contents.collectionEntry, limits: limits, budget: budget)
        let used = try collection.usedNotetypes()
        return collection.notetypes.values.filter { used.contains($0.id) && !$0.isCloze }
            .sorted { $0.id < $1.id }
            .map { AnkiFieldMapping(notetypeID: $0.id, notetype: $0.name, fields: $0.fields) }
    }

    static func read(
        _ path: LocalPath, file: String, name: String, mappings: [AnkiFieldMapping], limits: DeckLimits,
        scratch: LocalPath, progress: ImportProgress
    ) throws(DeckError) -> ImportedDeck {
        let budget = ImportBudget(progress: progress, time: limits.maximumReadingTime, file: file)
        let package = AnkiPackage(path: path, file: file, limits: limits, budget: budget)
        let contents = try package.unpack(into: scratch)
        progress.begin(.readingNotes)
        let collection = try AnkiCollection(
            path: contents.collection.path, file: file, entry: contents.collectionEntry, limits: limits, budget: budget)
        var builder = Builder(limits: limits, media: contents.media, compressedMedia: contents.compressedMedia)
        let chosen = Dictionary(mappings.map { ($0.notetypeID, $0) }, uniquingKeysWith: { first, _ in first })
        var position = 0
        try collection.forEachNote { note in
            position += 1
            guard let notetype = collection.notetypes[note.notetypeID] else {
                builder.skipped.empty += 1
                return
            }
            let mapping = chosen[notetype.id]
                ?? AnkiFieldMapping(notetypeID: notetype.id, notetype: notetype.name, fields: notetype.fields)
            builder.add(note, number: position, of: notetype, mapping: mapping)
        }
        func refuse(_ message: String) -> DeckError { DeckError(problems: [DeckProblem(file: file, message: message)]) }
        var skipped = builder.skipped
        if builder.cards.isEmpty {
            if skipped.cloze > 0, skipped.cloze == skipped.total {
                throw refuse(trn(
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    skipped.cloze))
            }
            throw refuse(tr("holds no note Kuchi can ask (a word and its meaning)") + (skipped.sentence.map { ": " + $0 } ?? ""))
        }
        let meanings = Set(builder.cards.map(\.answer)).count
        guard meanings >= 3 else {
            throw refuse(trn(
                    "needs at least 3 different meanings to offer choices; it has {count}",
                    "needs at least 3 different meanings to offer choices; it has {count}", meanings))
        }
        progress.begin(.readingReviews)
        let history = try collection.answers(questionOfNote: builder.questionOfNote, limit: limits.maximumReviews)
        if history.leftOutOlder { skipped.newestReviewsKept = limits.maximumReviews }
        return ImportedDeck(
            deck: Deck(name: name, language: "ja", cards: builder.cards),
            reviews: history.reviews, skipped: skipped, media: builder.usedMedia)
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
        /// The question of each note kept, by the note's id: what its reviews are of.
        private(set) var questionOfNote: [Int64: String] = [:]
        private var questions = Set<String>()
        private var mediaUsed = Set<String>()

        init(limits: DeckLimits, media: [String: String], compressedMedia: Bool) {
            self.limits = limits
            self.media = media
            self.compressedMedia = compressedMedia
        }

        /// Makes a card of the `number`th note, or counts why not.
        mutating func add(
            _ note: AnkiCollection.Note, number: Int, of notetype: AnkiCollection.Notetype, mapping: AnkiFieldMapping
        ) {
            // Only the fields a card shows are cleaned of their HTML; the others (a note's
            // "Notes" may be kilobytes) are only searched for a cloze and a sound.
            if notetype.isCloze || note.fields.contains(where: NoteField.hasCloze) {
                skipped.cloze += 1
                return
            }
            let word = field(mapping.word, of: note)
            let reading = field(mapping.reading, of: note)
            let meaning = field(mapping.meaning, of: note)
            let audio = note.fields.lazy.flatMap(NoteField.sounds(in:)).first { media[$0] != nil }
            let card = NoteField.card(
                word: word?.text ?? "", reading: reading?.text ?? "", meaning: meaning?.text ?? "", audio: audio)
            guard !card.question.isEmpty, !card.answer.isEmpty else {
                if word?.hasImage == true || meaning?.hasImage == true {
                    skipped.imageOnly += 1
                } else {
                    skipped.empty += 1
                }
                return
            }
            // The field each text came from, by the note type's own name for it (a reading
            // from furigana notation came from the word's).
            func name(_ index: Int?) -> String {
                guard let index, mapping.fields.indices.contains(index) else { return "" }
                return mapping.fields[index]
            }
            let readingField = mapping.reading.map(name) ?? name(mapping.word)
            let texts = [(card.question, name(mapping.word)), (card.answer, name(mapping.meaning)),
                         (card.reading, readingField), (card.romaji, readingField)]
            for (index, (text, fieldName)) in texts.enumerated() {
                guard let problem = TextCost.problem(in: text, limit: limits.maximumTextLength) else { continue }
                skipped.unshowable += 1
                if skipped.firstUnshowable == nil {
                    skipped.firstUnshowable = ImportSkips.UnshowableNote(
                        number: number, word: index == 0 ? nil : card.question, field: fieldName, reason: problem.reason)
                }
                return
            }
            guard questions.insert(card.question).inserted else {
                skipped.duplicates += 1
                return
            }
            if let audio, let entry = media[audio], mediaUsed.insert(audio).inserted {
                usedMedia.append(ImportedMedia(name: audio, entry: entry, compressed: compressedMedia))
            }
            questionOfNote[note.id] = card.question
            cards.append(card)
        }

        /// The note's field at `index`, cleaned; nil when the note has no such field.
        private func field(_ index: Int?, of note: AnkiCollection.Note) -> NoteField? {
            guard let index, note.fields.indices.contains(index) else { return nil }
            return NoteField(note.fields[index])
        }
    }
}
