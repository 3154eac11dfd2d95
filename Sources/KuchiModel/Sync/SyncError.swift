/// Why Kuchi could not sync through a folder, naming the folder.
public struct SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sync folder.
    public var folder: String
    public var kind: Kind

    public enum Kind: Sendable, Equatable {
        /// The path is not absolute.
        case notAbsolute
        /// No folder there (a synchronizer not set up yet, a disk not mounted).
        case missing
        /// The folder's format marker is of a newer format than this Kuchi reads.
        case newerFormat(Int)
        /// The folder's format marker is not Kuchi's.
        case notKuchi(String)
        /// The review database is inside the sync folder, or inside a folder `tool` syncs.
        case databaseInside(database: String, tool: String?)
        /// The database failed.
        case store(ReviewStoreError)
        /// A file of the folder or the device id could not be written.
        case write(AtomicFile.WriteError)
    }

    public init(folder: String, kind: Kind) {
        self.folder = folder
        self.kind = kind
    }

    public var description: String {
        let reason: String
        switch kind {
        case .notAbsolute: reason = tr("it is not an absolute path")
        case .missing: reason = tr("there is no folder there")
        case .newerFormat(let version):
            reason = tr("it was written by a newer Kuchi (format {version}); update Kuchi to sync", ["version": "\(version)"])
        case .notKuchi(let problem): reason = tr("its kuchi-sync.json is not Kuchi's: {problem}", ["problem": problem])
        case .databaseInside(let database, let tool?):
            reason = tr("the review database {database} is in a folder {tool} syncs; a database copied while it is written loses reviews, so Kuchi keeps it out of synced folders", ["database": database, "tool": tool])
        case .databaseInside(let database, nil):
            reason = tr("the review database {database} is inside it; a database copied while it is written loses reviews, so Kuchi keeps it out of the sync folder", ["database": database])
        case .store(let error): reason = error.description
        case .write(let error): reason = error.description
        }
        return tr("cannot sync through {folder}: {reason}", ["folder": folder, "reason": reason])
    }
}
