import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// When a card is due, in words relative to now: "in 4 minutes", "today at 18:30",
/// "tomorrow at 09:15", "on Friday 27 November".
///
/// Local time comes from the C library, as for ``StudyDay``; calendar days here are
/// plain midnight-to-midnight days, since "tomorrow" is said of the clock.
public enum DueTime {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    public static func describe(_ due: Date, from now: Date) -> String {
        let seconds = due.timeIntervalSince(now)
        if seconds <= 0 { return "now" }
        if seconds < 3_600 {
            let minutes = max(Int((seconds / 60).rounded(.up)), 1)
            return minutes == 1 ? "in a minute" : "in \(minutes) minutes"
        }
        guard let dueParts = localParts(due), let nowParts = localParts(now) else { return "later" }
        let time = "\(twoDigits(dueParts.tm_hour)):\(twoDigits(dueParts.tm_min))"
        let midnight = StudyDay(rolloverHour: 0)
        let days = calendarDays(from: midnight.start(of: now), to: midnight.start(of: due))
        switch days {
        case 0: return "today at \(time)"
        case 1: return "tomorrow at \(time)"
        default:
            let day = "\(weekdays[Int(dueParts.tm_wday) % 7]) \(dueParts.tm_mday) \(months[Int(dueParts.tm_mon) % 12])"
            return dueParts.tm_year == nowParts.tm_year ? "on \(day)" : "on \(day) \(Int(dueParts.tm_year) + 1900)"
        }
    }

    /// "14 November", the local date of `date`.
    public static func dayAndMonth(_ date: Date) -> String {
        guard let parts = localParts(date) else { return "" }
        return "\(parts.tm_mday) \(months[Int(parts.tm_mon) % 12])"
    }

    /// The local day of the month of `date`, 1–31 (0 if the C library cannot tell).
    public static func dayOfMonth(_ date: Date) -> Int {
        localParts(date).map { Int($0.tm_mday) } ?? 0
    }

    /// Whole days between two local midnights (23 and 25-hour days included).
    private static func calendarDays(from start: Date, to end: Date) -> Int {
        Int((end.timeIntervalSince(start) / 86_400).rounded())
    }

    private static func localParts(_ date: Date) -> tm? {
        guard var seconds = time_t(exactly: date.timeIntervalSince1970.rounded(.down)) else { return nil }
        var parts = tm()
        return localtime_r(&seconds, &parts) == nil ? nil : parts
    }

    private static func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
