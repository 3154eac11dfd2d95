import FoundationEssentials

/// The one-time import of the old `progress.json` (right and wrong counts per question).
extension ReviewStore {
    /// The event recorded, in the same transaction as the counts, once they are imported.
    static let legacyImportEvent = "progress.json imported"
    /// Far beyond any real progress file; a bigger one is not read into memory.
    static let legacyFileLimit = 64 << 20

    /// Copies the counts of `file` into the database, once.
    ///
    /// The counts have no times, so they cannot become reviews; they are kept as they
    /// are, by question text, in their own table. The file is only read, never changed
    /// or removed: it stays as the backup. A file that is not valid progress is
    /// reported (``ReviewStoreError/Kind/unreadableProgress(_:)``) and nothing is
    /// imported, so a fixed file can be imported later.
    public func importLegacyProgress(from file: URL, at time: Date) throws(ReviewStoreError) -> LegacyProgressImport {
        guard try !legacyImportDone() else { return .alreadyDone }
        guard FileManager.default.fileExists(atPath: file.path) else { return .noFile }
        let progress = try Self.readProgress(file)
        return try storeErrors {
            try database.transaction {
                for (question, counts) in progress.questions {
                    try database.run(
                        "INSERT INTO legacy_progress (question, correct, wrong) VALUES (?, ?, ?)",
                        [.text(question), .integer(Int64(counts.correct)), .integer(Int64(counts.wrong))])
                }
                try database.run("INSERT INTO event (name, time) VALUES (?, ?)", [.text(Self.legacyImportEvent), .integer(time.storeMilliseconds)])
                return .imported(questions: progress.questions.count)
            }
        }
    }

    /// The imported counts (empty before an import).
    public func legacyProgress() throws(ReviewStoreError) -> Progress {
        try storeErrors {
            var progress = Progress()
            try database.query("SELECT question, correct, wrong FROM legacy_progress") { row in
                progress.questions[row.text(0)] = .init(correct: Int(row.integer(1)), wrong: Int(row.integer(2)))
            }
            return progress
        }
    }

    private func legacyImportDone() throws(ReviewStoreError) -> Bool {
        try storeErrors {
            try database.integer("SELECT count(*) FROM event WHERE name = ?", [.text(Self.legacyImportEvent)]) ?? 0 > 0
        }
    }

    /// The file's counts, or an error that says in plain words what is wrong with it.
    private static func readProgress(_ file: URL) throws(ReviewStoreError) -> Progress {
        func unreadable(_ detail: String) -> ReviewStoreError {
            ReviewStoreError(path: file.path, kind: .unreadableProgress(detail))
        }
        let data: Data
        do {
            data = try BoundedRead.contents(of: LocalPath(file), upTo: legacyFileLimit + 1)
        } catch {
            throw unreadable(error.words)
        }
        guard data.count <= legacyFileLimit else { throw unreadable(tr("it is larger than 64 MiB")) }
        guard !data.isEmpty else { throw unreadable(tr("empty file")) }
        let progress: Progress
        do {
            // Parse first for the syntax error's line and column, which JSONDecoder drops.
            _ = try JSONParser.parse(data)
            progress = try JSONDecoder().decode(Progress.self, from: data)
        } catch let error as JSONSyntaxError {
            throw unreadable(error.describe(in: data))
        } catch {
            throw unreadable(DecodingErrorDescription.describe(error))
        }
        if let negative = progress.questions.first(where: { $0.value.correct < 0 || $0.value.wrong < 0 }) {
            throw unreadable(tr("a negative count for '{key}'", ["key": "\(negative.key)"]))
        }
        return progress
    }
}
