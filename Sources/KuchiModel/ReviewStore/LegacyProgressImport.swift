/// What ``ReviewStore/importLegacyProgress(from:at:)`` did.
public enum LegacyProgressImport: Sendable, Equatable {
    /// The counts of this many questions were imported, just now.
    case imported(questions: Int)
    /// An earlier run imported them; the file was not read again.
    case alreadyDone
    /// There is no progress.json, so nothing to import; the next call looks again.
    case noFile
}
