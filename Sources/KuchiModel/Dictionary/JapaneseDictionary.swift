import Synchronization

/// The bundled dictionary: JMdict's common words (about 22,000), looked up by word,
/// reading or romaji as the learner types, so that an "Add a word" form can fill in a
/// word's reading and meaning.
///
/// The file is SQLite, `data/dictionary/jmdict-common.sqlite3`, written by
/// `tools/make-dictionary.py` (whose docstring describes its tables): an `entry` row per
/// word, and a `lookup` index of every kanji form and reading, folded as typed text is
/// (``fold(_:)``), with a rank. A lookup reads a few index pages and the rows it
/// returns, never the whole file, so it takes well under a millisecond (store-bench
/// `--dictionary` measures it).
///
/// Opening is lazy: ``init(path:)`` only keeps the path, so the app can make the
/// dictionary at start-up for nothing; the file is opened (read-only) by the first
/// lookup. One that fails to open throws, and the next lookup tries again.
///
/// Thread safety: `Sendable`. The one SQLite connection sits behind a mutex, so lookups
/// from several threads wait for each other; the app makes them on the main thread, as
/// the learner types.
public final class JapaneseDictionary: Sendable {
    /// Which entries a lookup returns.
    public enum Match: Sendable {
        /// Entries with a form that is what was typed.
        case exact
        /// Those, then entries with a form that starts with it.
        case prefix
    }

    /// The dictionary file.
    public let path: String
    /// The connection, once the first lookup has opened it.
    private let database = Mutex<SQLiteDatabase?>(nil)

    /// A dictionary read from `path` when first asked: nothing is read here.
    public init(path: String) {
        self.path = path
    }

    /// The entries for `text`, best first, at most `limit`.
    ///
    /// `text` may be a word ("猫舌"), a reading in hiragana or katakana ("ねこ", "ネコ"),
    /// romaji in any spelling ``KanaInput`` reads ("neko", "kōhī", "ko-hi-"), or
    /// full-width; surrounding spaces do not count. Romaji that is still being typed
    /// matches by what it has so far: with `.prefix`, "nek" finds the words that start
    /// with ね, and "hon" those that start with ほん before those that start with ほ (it
    /// may become "hone").
    ///
    /// Order: exact matches before prefix matches; then forms in more of JMdict's
    /// priority lists (news1, ichi1, spec, gai1; a reading of a word usually written in
    /// kana counts one more), then by frequency band (nf01 first); then forms in the
    /// script typed (katakana, or not: "hon" finds 本 before ホン, "ホン" the other way
    /// round); then shorter forms; then JMdict's order. Each entry comes once, for its
    /// best form.
    ///
    /// Throws an `SQLiteError` (its description says why in words) when the file
    /// cannot be opened or read.
    public func lookup(_ text: String, _ match: Match = .prefix, limit: Int = 20) throws -> [DictionaryMatch] {
        guard limit > 0 else { return [] }
        let needles = Self.needles(for: text)
        guard !needles.exact.isEmpty else { return [] }
        return try database.withLock { database in
            let connection: SQLiteDatabase
            if let database {
                connection = database
            } else {
                connection = try SQLiteDatabase(path: path, readOnly: true)
                database = connection
            }
            var found: [Int: Candidate] = [:]
            for needle in needles.exact {
                try Self.exact(needle, katakana: needles.katakana, limit: limit, in: connection) { found.keepBest($0) }
            }
            if match == .prefix {
                for (tier, level) in [needles.exact, needles.started].enumerated() {
                    for needle in level {
                        try Self.prefixed(
                            needle, katakana: needles.katakana, tier: tier + 1, limit: limit, in: connection
                        ) { found.keepBest($0) }
                    }
                }
            }
            let best = found.values.sorted().prefix(limit)
            return try best.compactMap { candidate in
                try Self.entry(candidate.entry, in: connection).map {
                    DictionaryMatch(entry: $0, formIndex: candidate.form, isExact: candidate.tier == 0)
                }
            }
        }
    }

    /// `text` as the dictionary's `lookup` index keeps a form: full-width ASCII as ASCII
    /// and half-width katakana as full-width (`TextWidth`), ASCII letters in lower
    /// case, katakana as hiragana (``Kana/hiragana(_:)-(String)``). The generator folds
    /// the same way (its `fold`); a test checks every form of the file.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in TextWidth.normalized(text).unicodeScalars {
            if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 0x20) {
                folded.append(lower)
            } else {
                folded.append(Kana.hiragana(scalar))
            }
        }
        return String(folded)
    }

    /// What to look for, folded: `exact`, the text itself and the kana its romaji
    /// stands for (in hiragana, and in katakana, where "kōhī" is コーヒー); `started`,
    /// the kana of romaji whose end is still being typed, without that end ("nek" → ね),
    /// which only starts a form; and whether katakana was typed.
    static func needles(for text: String) -> (exact: [String], started: [String], katakana: Bool) {
        let typed = TextWidth.normalized(text.trimmingWhitespace())
        guard !typed.isEmpty else { return ([], [], false) }
        var exact = [fold(typed)]
        let katakana = typed.unicodeScalars.contains { Kana.hiragana($0) != $0 }
        guard typed.unicodeScalars.contains(where: isLetter) else { return (exact, [], katakana) }
        for kana in [KanaInput.hiragana(fromFinishedRomaji: typed), KanaInput.katakana(fromFinishedRomaji: typed)]
        where !kana.unicodeScalars.contains(where: isLetter) {
            let needle = fold(kana)
            if !exact.contains(needle) { exact.append(needle) }
        }
        // The unfinished tail is all the letters at the end: KanaInput turns all others.
        let unfinished = KanaInput.hiragana(fromRomaji: typed).unicodeScalars
        let head = fold(String(String.UnicodeScalarView(unfinished.reversed().drop(while: isLetter).reversed())))
        guard !head.isEmpty, !head.unicodeScalars.contains(where: isLetter), !exact.contains(head) else {
            return (exact, [], katakana)
        }
        return (exact, [head], katakana)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    // MARK: - Reading the file

    /// Forms that are `needle`, best first.
    private static func exact(
        _ needle: String, katakana: Bool, limit: Int, in database: SQLiteDatabase, _ found: (Candidate) -> Void
    ) throws {
        // A form's score, smaller first: its rank, then whether its script (katakana or
        // not) is other than the one typed (?1), then its length.
        try database.query(
            """
            SELECT entry, form, rank * 512 + (katakana <> ?1) * 256 + min(length(folded), 255) AS score
            FROM lookup WHERE folded = ?2 ORDER BY score, entry LIMIT ?3
            """,
            [.integer(katakana ? 1 : 0), .text(needle), .integer(Int64(limit))]
        ) { row in
            found(Candidate(tier: 0, score: row.integer(2), entry: Int(row.integer(0)), form: Int(row.integer(1))))
        }
    }

    /// Forms that start with `needle` and are longer, best first, one per entry (its best
    /// form: SQLite takes a bare column from the row of the `min`). In SQLite's binary
    /// order (UTF-8 bytes, which is code point order) they lie between `needle` and
    /// `needle` followed by the last code point.
    private static func prefixed(
        _ needle: String, katakana: Bool, tier: Int, limit: Int, in database: SQLiteDatabase,
        _ found: (Candidate) -> Void
    ) throws {
        try database.query(
            """
            SELECT entry, form, min(rank * 512 + (katakana <> ?1) * 256 + min(length(folded), 255)) AS score
            FROM lookup WHERE folded > ?2 AND folded < ?3 GROUP BY entry ORDER BY score, entry LIMIT ?4
            """,
            [.integer(katakana ? 1 : 0), .text(needle), .text(needle + "\u{10FFFF}"), .integer(Int64(limit))]
        ) { row in
            found(Candidate(tier: tier, score: row.integer(2), entry: Int(row.integer(0)), form: Int(row.integer(1))))
        }
    }

    /// The entry numbered `id`; `nil` if the file lacks it (the index of a damaged file).
    private static func entry(_ id: Int, in database: SQLiteDatabase) throws -> DictionaryEntry? {
        var entry: DictionaryEntry?
        try database.query(
            "SELECT kanji, readings, senses, usually_kana FROM entry WHERE id = ?1", [.integer(Int64(id))]
        ) { row in
            entry = DictionaryEntry(
                id: id, kanji: row.text(0), readings: row.text(1), senses: row.text(2),
                usuallyKana: row.integer(3) != 0)
        }
        return entry
    }
}

/// An entry a lookup found: how it matched (0 exact, then prefixes by how much of the
/// text they hold), its best form's score (rank, then length), and which form.
private struct Candidate: Comparable {
    let tier: Int
    let score: Int64
    let entry: Int
    let form: Int

    static func < (left: Candidate, right: Candidate) -> Bool {
        (left.tier, left.score, left.entry) < (right.tier, right.score, right.entry)
    }
}

extension Dictionary where Key == Int, Value == Candidate {
    /// Keeps `candidate` unless its entry was found better already.
    fileprivate mutating func keepBest(_ candidate: Candidate) {
        if let known = self[candidate.entry], known <= candidate { return }
        self[candidate.entry] = candidate
    }
}
