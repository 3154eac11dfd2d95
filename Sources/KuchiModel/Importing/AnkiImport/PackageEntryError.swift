/// Why an entry of a package could not be read, as the end of a sentence that
/// begins with the entry's name.
enum PackageEntryError: Error, Equatable {
    /// The zip data is damaged or cut short (libarchive's words).
    case damaged(String)
    /// The zstd data is damaged (zstd's words).
    case badZstd(String)
    /// The zstd data ends inside a frame.
    case truncatedZstd
    /// More bytes came than allowed; reading stopped there.
    case tooLarge(limit: Int)
    /// The package's sounds together came to more than allowed, at this one.
    case soundsTooLarge(limit: Int)
    /// The import was cancelled or ran out of time (``ImportBudget``): the entry's
    /// reader throws the budget's own problem instead of these words.
    case stopped
    /// The decoded bytes could not be written.
    case write(SystemError)

    var words: String {
        switch self {
        case .damaged(let reason): tr("is damaged ({reason})", ["reason": reason])
        case .badZstd(let reason): tr("is not valid zstd data ({reason})", ["reason": reason])
        case .truncatedZstd: tr("is cut short: its zstd data ends inside a frame")
        case .tooLarge(let limit): tr("is too large: it unpacks to more than {size}", ["size": ByteCount.words(limit)])
        case .soundsTooLarge(let limit):
            tr("takes the package's sounds past {size} in all, the most a package may bring", ["size": ByteCount.words(limit)])
        case .stopped: tr("was not imported: the import was cancelled")
        case .write(let error): tr("could not be unpacked: {reason}", ["reason": error.words])
        }
    }
}
