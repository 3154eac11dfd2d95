import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// When a card is due, in words relative to now: "in 4 minutes", "today at 18:30",
/// "tomorrow at 09:15", "on Friday 27 November".
///
/// Local time comes from the C library, as for ``StudyDay``, and so do the names of days
/// and months (strftime, in the locale's LC_TIME; English in the C locale of tests); calendar days here are
/// plain midnight-to-midnight days, since "tomorrow" is said of the clock.
public enum DueTime {
    public static func describe(_ due: Date, from now: Date) -> String {
        let seconds = due.timeIntervalSince(now)
        if seconds <= 0 { return trc("when a card is due", "now") }
        if seconds < 3_600 {
            let minutes = max(Int((seconds / 60).rounded(.up)), 1)
            return minutes == 1 ? tr("in a minute") : trn("in {count} minute", "in {count} minutes", minutes)
        }
        guard let dueParts = localParts(due), let nowParts = localParts(now) else { return tr("later") }
        let time = timeOfDay(due)
        let midnight = StudyDay(rolloverHour: 0)
        let days = calendarDays(from: midnight.start(of: now), to: midnight.start(of: due))
        switch days {
        case 0: return tr("today at {time}", ["time": time])
        case 1: return tr("tomorrow at {time}", ["time": time])
        default:
            // TRANSLATORS: strftime formats of a day: "%A %-d %B" is "Friday 27 November"; "%A %-d %B %Y" adds the year.
            return dueParts.tm_year == nowParts.tm_year
                ? tr("on {day}", ["day": format(dueParts, trc("strftime format of a day this year", "%A %-d %B"))])
                : tr("on {day}", ["day": format(dueParts, trc("strftime format of a day in another year", "%A %-d %B %Y"))])
        }
    }

    /// "09:15", the local time of day of `date`.
    public static func timeOfDay(_ date: Date) -> String {
        guard let parts = localParts(date) else { return "" }
        // TRANSLATORS: a time of day, as strftime writes it: "%H:%M" is "09:15".
        return format(parts, trc("strftime format of a time of day", "%H:%M"))
    }

    /// "14 November", the local date of `date`, in the locale's month names.
    public static func dayAndMonth(_ date: Date) -> String {
        guard let parts = localParts(date) else { return "" }
        // TRANSLATORS: strftime format of a date in a sentence: "%-d %B" is "14 November".
        return format(parts, trc("strftime format of a day and month", "%-d %B"))
    }

    /// The local day of the week of `date`, 0 for Monday … 6 for Sunday (0 if the C
    /// library cannot tell).
    public static func weekdayFromMonday(_ date: Date) -> Int {
        localParts(date).map { (Int($0.tm_wday) + 6) % 7 } ?? 0
    }

    /// "Mar", the locale's short name of the month of `date`.
    public static func shortMonth(_ date: Date) -> String {
        localParts(date).map { format($0, "%b") } ?? ""
    }

    /// "14 November 2026", the local date of `date` with its year.
    public static func date(_ date: Date) -> String {
        guard let parts = localParts(date) else { return "" }
        // TRANSLATORS: strftime format of a date with its year: "%-d %B %Y" is "14 November 2026".
        return format(parts, trc("strftime format of a date with its year", "%-d %B %Y"))
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

    /// `parts` written by the C library's strftime in the locale's names (LC_TIME).
    private static func format(_ parts: tm, _ format: String) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 256)
        let length = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
