import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An Anki package (`.apkg`): a zip holding a collection (SQLite), a list of its media
/// files, and the files, named "0", "1", ….
///
/// Three generations exist, and a package may hold more than one collection (a modern
/// one carries an old placeholder for old clients); the newest is read:
/// - `collection.anki21b`: zstd-compressed SQLite, with a `meta` entry (protobuf
///   `PackageMetadata`, version 3), a media list that is zstd-compressed protobuf
///   (`MediaEntries`) and zstd-compressed media files;
/// - `collection.anki21` and `collection.anki2`: plain SQLite, a media list in JSON
///   (`{"0": "name.mp3"}`) and plain media files.
///
/// Untrusted input: the package must be a regular file (``ZipArchiveReader``), every
/// entry is unpacked with its size counted as it comes (``DeckLimits``), media names are
/// checked (``MediaName``), and only regular file entries are read. Every problem names
/// the package and the entry. Unpacking looks at the ``ImportBudget`` at every chunk,
/// so Cancel, or the time running out, stops it within one (64 KiB).
struct AnkiPackage {
    let path: LocalPath
    /// The package's name, for messages.
    let file: String
    let limits: DeckLimits
    let budget: ImportBudget
    var progress: ImportProgress { budget.progress }

    /// What ``unpack(into:)`` found: the collection, unpacked to a temporary file that
    /// goes with this, and where each media file is.
    struct Contents {
        let collection: ScratchFile
        /// The entry it came from, for messages ("collection.anki21b").
        let collectionEntry: String
        /// Each media file's entry, by its name.
        let media: [String: String]
        /// Whether media files are zstd-compressed (the newest generation).
        let compressedMedia: Bool
    }

    /// The collections, newest first.
    static let collections = ["collection.anki21b", "collection.anki21", "collection.anki2"]
    /// The most the `meta` and media-list entries may unpack to.
    static let maximumMetaSize = 4 << 10
    static let maximumMediaListSize = 16 << 20

    /// Unpacks the newest collection into a temporary file in `scratch`, and reads the
    /// media list.
    func unpack(into scratch: LocalPath) throws(DeckError) -> Contents {
        progress.begin(.unpacking)
        let names = try entries()
        guard let collectionEntry = Self.collections.first(where: { names[$0] != nil }) else {
            throw problem(tr("holds no Anki collection (collection.anki21b, .anki21 or .anki2): it is not an Anki package"))
        }
        let modern = collectionEntry == "collection.anki21b"
        let collection: ScratchFile
        do {
            collection = try ScratchFile(in: scratch)
        } catch {
            throw problem(tr("could not be unpacked: {folder} {reason}", ["folder": "\(scratch)", "reason": error.words]))
        }
        var meta: Data?
        var mediaList: Data?
        try forEachEntry(named: ["meta", collectionEntry, "media"]) { (name, reader) throws(PackageEntryError) in
            defer { progress.advance(to: Double(reader.bytesRead) / Double(max(reader.size, 1))) }
            switch name {
            case "meta":
                meta = try read(reader, compressed: false, limit: Self.maximumMetaSize)
            case "media":
                mediaList = try read(reader, compressed: modern, limit: Self.maximumMediaListSize)
            default:
                try unpack(reader, compressed: modern, limit: limits.maximumCollectionSize) {
                    (chunk: Data) throws(PackageEntryError) in
                    try collection.append(chunk)
                    progress.advance(to: Double(reader.bytesRead) / Double(max(reader.size, 1)))
                }
            }
        }
        collection.clearWALMode()
        if let meta { try checkVersion(meta) }
        // A file the list names but the package lacks is no sound (Anki skips it too).
        let media = try mediaList.map { list throws(DeckError) in
            modern ? try modernMedia(list) : try legacyMedia(list)
        }?.filter { names[$0.value] != nil } ?? [:]
        return Contents(collection: collection, collectionEntry: collectionEntry, media: media, compressedMedia: modern)
    }

    /// Unpacks the media files of `media` into `folder`, or, without one, only checks
    /// that they unpack (``DeckImporter/check(path:scratch:progress:)``).
    func unpackMedia(_ media: [ImportedMedia], compressed: Bool, into folder: LocalPath?) throws(DeckError) {
        guard !media.isEmpty else { return }
        progress.begin(.unpackingSounds)
        var names: [String: String] = [:]
        for item in media { names[item.entry] = item.name }
        var total = 0
        var done = 0
        try forEachEntry(named: Set(names.keys), sounds: names) {
            (entry, reader) throws(PackageEntryError) in
            guard let name = names[entry] else { return }
            var written = 0
            var file: Int32 = -1
            defer { if file >= 0 { close(file) } }
            let target = folder?.appending(name)
            if let target {
                // O_EXCL and O_NOFOLLOW: a name never writes through a link or over a file.
                file = target.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
                guard file >= 0 else { throw .write(.last) }
            }
            try unpack(reader, compressed: compressed, limit: limits.maximumMediaFileSize) {
                (chunk: Data) throws(PackageEntryError) in
                written += chunk.count
                guard total + written <= limits.maximumMediaSize else { throw .soundsTooLarge(limit: limits.maximumMediaSize) }
                guard let target else { return }
                do throws(AtomicFile.WriteError) {
                    try AtomicFile.writeAll(chunk, to: file, path: target)
                } catch {
                    throw .write(error.error)
                }
            }
            total += written
            done += 1
            progress.advance(to: Double(done) / Double(names.count))
        }
    }

    // MARK: - Entries

    /// The names of the package's entries, and whether each is a regular file.
    private func entries() throws(DeckError) -> [String: Bool] {
        var names: [String: Bool] = [:]
        try walkEntries(damaged: notZip) { entry, _ throws(DeckError) in
            names[entry.name] = names[entry.name] ?? entry.isRegularFile
        }
        return names
    }

    /// Runs `body` on each of the package's entries, in its order, the budget asked
    /// before each (Cancel, the clock); a reader that fails part way throws `damaged`'s
    /// problem.
    private func walkEntries(
        damaged: (ZipArchiveReader.Failure) -> DeckError,
        _ body: (ZipArchiveReader.Entry, ZipArchiveReader) throws(DeckError) -> Void
    ) throws(DeckError) {
        let reader = try openReader()
        while true {
            try budget.check()
            let next: ZipArchiveReader.Entry?
            do {
                next = try reader.next()
            } catch {
                throw damaged(error)
            }
            guard let entry = next else { return }
            try body(entry, reader)
        }
    }

    /// A reader of the package, which must be a regular file and a zip.
    private func openReader() throws(DeckError) -> ZipArchiveReader {
        do {
            return try ZipArchiveReader(path: path)
        } catch {
            switch error {
            case .file(let error): throw problem(tr("cannot be read: {reason}", ["reason": error.words]))
            case .archive(let error): throw notZip(error)
            }
        }
    }

    private func notZip(_ error: ZipArchiveReader.Failure) -> DeckError {
        problem(tr("is not a zip archive Kuchi can read ({reason}): it is not an Anki package, or it is damaged", ["reason": error.message]))
    }

    /// Runs `body` on each entry named in `wanted` (the first of a name only), in the
    /// package's order; an entry that is not a regular file is refused. A problem names
    /// the entry, and for a sound its name in `sounds` (entry → name) too.
    private func forEachEntry(
        named wanted: Set<String>, sounds: [String: String] = [:],
        _ body: (String, ZipArchiveReader) throws(PackageEntryError) -> Void
    ) throws(DeckError) {
        var seen = Set<String>()
        try walkEntries(damaged: { problem(tr("is damaged ({reason})", ["reason": $0.message])) }) {
            entry, reader throws(DeckError) in
            guard wanted.contains(entry.name), seen.insert(entry.name).inserted else { return }
            let quoted = PrintableText.quoting(entry.name, limit: 40)
            func named(_ problem: String) -> DeckError {
                guard let sound = sounds[entry.name] else {
                    return self.problem(tr("its entry '{entry}' {problem}", ["entry": quoted, "problem": problem]))
                }
                return self.problem(tr("its sound '{name}' (entry '{entry}') {problem}", [
                    "name": PrintableText.quoting(sound, limit: 40), "entry": quoted, "problem": problem,
                ]))
            }
            guard entry.isRegularFile else { throw named(tr("is not a file (a link or a folder)")) }
            do throws(PackageEntryError) {
                try body(entry.name, reader)
            } catch .stopped {
                throw budget.stop ?? ImportBudget.cancelled(file: file)
            } catch {
                throw named(error.words)
            }
        }
    }

    /// An entry's bytes, unpacked, in memory.
    private func read(_ reader: ZipArchiveReader, compressed: Bool, limit: Int) throws(PackageEntryError) -> Data {
        var data = Data()
        try unpack(reader, compressed: compressed, limit: limit) { (chunk: Data) throws(PackageEntryError) in
            data.append(chunk)
        }
        return data
    }

    /// Hands an entry's bytes to `write` (through zstd when `compressed`), failing as
    /// soon as more than `limit` have come, or when the import is cancelled or out of time.
    private func unpack(
        _ reader: ZipArchiveReader, compressed: Bool, limit: Int, to write: (Data) throws(PackageEntryError) -> Void
    ) throws(PackageEntryError) {
        var total = 0
        func counted(_ chunk: Data) throws(PackageEntryError) {
            guard !budget.isOver else { throw .stopped }
            total += chunk.count
            guard total <= limit else { throw .tooLarge(limit: limit) }
            try write(chunk)
        }
        guard compressed else { return try reader.read(counted) }
        let decoder = try ZstdDecoder()
        var sawInput = false
        try reader.read { (chunk: Data) throws(PackageEntryError) in
            sawInput = sawInput || !chunk.isEmpty
            try decoder.decode(chunk, counted)
        }
        guard sawInput, decoder.isAtFrameEnd else { throw .truncatedZstd }
    }

    // MARK: - Meta and media list

    /// `meta`: protobuf `PackageMetadata`, field 1 the version (1–3 known).
    private func checkVersion(_ meta: Data) throws(DeckError) {
        guard let fields = ProtobufReader(meta).fields() else { throw problem(tr("its entry 'meta' is damaged")) }
        for case (1, .number(let version)) in fields where !(1...3).contains(version) {
            throw problem(tr(
                "was made by a newer Anki than this Kuchi reads (package version {version}); export it from Anki with “Support older Anki versions” ticked",
                ["version": "\(version)"]))
        }
    }

    /// The legacy media list: JSON, `{"0": "name.mp3", …}`.
    private func legacyMedia(_ list: Data) throws(DeckError) -> [String: String] {
        guard let map = try? JSONDecoder().decode([String: String].self, from: list) else {
            throw problem(tr("its entry 'media' is not the list of media files Anki writes"))
        }
        var media: [String: String] = [:]
        for (entry, name) in map {
            try checkMediaName(name)
            media[name] = entry
        }
        return media
    }

    /// The modern media list: protobuf `MediaEntries`, field 1 repeated `MediaEntry`
    /// (1 name, 2 size, 3 SHA-1, 255 the entry when it is not the position).
    private func modernMedia(_ list: Data) throws(DeckError) -> [String: String] {
        let damaged = problem(tr("its entry 'media' is not the list of media files Anki writes"))
        guard let entries = ProtobufReader(list).fields() else { throw damaged }
        var media: [String: String] = [:]
        var position = 0
        for case (1, .bytes(let message)) in entries {
            guard let fields = ProtobufReader(message).fields() else { throw damaged }
            var name: String?
            var entry = position
            for field in fields {
                switch field {
                case (1, .bytes(let bytes)): name = String(decoding: bytes, as: UTF8.self)
                case (255, .number(let index)) where index < UInt64(Int32.max): entry = Int(index)
                default: break
                }
            }
            guard let name else { throw damaged }
            try checkMediaName(name)
            media[name] = String(entry)
            position += 1
        }
        return media
    }

    private func checkMediaName(_ name: String) throws(DeckError) {
        guard MediaName.isSafe(name) else {
            throw problem(tr(
                "its media list names '{name}', which is not a plain file name (a path, or a hidden file); Kuchi keeps a deck's sounds inside its own folder",
                ["name": PrintableText.quoting(name, limit: 60)]))
        }
    }

    private func problem(_ message: String) -> DeckError {
        DeckError(problems: [DeckProblem(file: file, message: message)])
    }
}
