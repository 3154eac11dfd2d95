/// Which files of a sync folder are logs to read, by their names alone.
///
/// A device's log folder holds its monthly files (`2026-11.jsonl`) and, after two
/// writers met, synchronizers' conflict copies beside them: Syncthing's
/// `2026-11.sync-conflict-20261126-101500-ABCDEFG.jsonl`, Nextcloud's and ownCloud's
/// `2026-11 (conflicted copy 2026-11-26 101500).jsonl`, Dropbox's
/// `2026-11 (laptop's conflicted copy 2026-11-26).jsonl`. Copies are read like the rest
/// (a copy may hold the only record of some events), and nothing is concluded from
/// the name: Syncthing names the *winner's* device, not the copy's author. Temporary
/// names are skipped: Syncthing's `.syncthing.NAME.tmp`, Nextcloud's `.NAME.~1a2b3c4d`,
/// and any other hidden or `.tmp`/`.part` file is a transfer still under way.
public enum SyncFileName {
    /// Whether a file called `name` in a log folder is read.
    public static func isLog(_ name: String) -> Bool {
        name.hasSuffix(".jsonl") && !isTemporary(name)
    }

    /// Whether `name` is a file a synchronizer is still writing.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasPrefix("~") || name.hasSuffix(".tmp") || name.hasSuffix(".part")
            || name.hasSuffix(".partial") || name.contains(".~")
    }

    /// Whether `name` is a conflict copy rather than a device's own monthly file.
    public static func isConflictCopy(_ name: String) -> Bool {
        isLog(name) && monthOfFile(name) == nil
    }

    /// "2026-11" for the monthly file "2026-11.jsonl"; nil for any other name.
    static func monthOfFile(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count == 13, name.hasSuffix(".jsonl"), bytes[4] == UInt8(ascii: "-"),
            bytes[0..<4].allSatisfy({ (0x30...0x39).contains($0) }), bytes[5..<7].allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return String(name.prefix(7))
    }

    /// The monthly file's name for an event stamped at `wall` (milliseconds, UTC).
    static func monthlyFile(wall: Int64) -> String {
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let days = (wall >= 0 ? wall : wall - 86_399_999) / 86_400_000 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + (month < 10 ? "-0" : "-") + "\(month).jsonl"
    }
}
