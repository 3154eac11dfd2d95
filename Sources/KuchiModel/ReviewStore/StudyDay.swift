import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Days as a learner counts them: local days that begin at `rolloverHour` o'clock, so
/// that a late-night session still counts for the day it started in (Anki's default
/// is 4 AM; 0 is midnight).
///
/// Local time comes from the C library (`localtime_r`, `mktime`) and the process's
/// time zone (`TZ`, else /etc/localtime), not from Foundation's calendars, which need
/// ICU. Days are found by their wall-clock start, never by adding 86,400 seconds, so a
/// day across a daylight-saving change is 23 or 25 hours long, as it should be.
public struct StudyDay: Sendable, Equatable {
    /// The local hour, 0–23, at which one study day ends and the next begins.
    public let rolloverHour: Int

    /// - Parameter rolloverHour: clamped to 0–23.
    public init(rolloverHour: Int = 0) {
        self.rolloverHour = min(max(rolloverHour, 0), 23)
    }

    /// The first moment of the study day that contains `date`, or of the day `days`
    /// days after it (before it, if negative).
    ///
    /// If the rollover hour does not exist that day (it falls in a daylight-saving gap),
    /// the C library moves it to the nearest existing time. A date the C library cannot
    /// convert is returned unchanged.
    public func start(of date: Date, offsetBy days: Int = 0) -> Date {
        guard var seconds = time_t(exactly: date.timeIntervalSince1970.rounded(.down)) else { return date }
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return date }
        if Int(parts.tm_hour) < rolloverHour {
            parts.tm_mday -= 1  // mktime normalises day 0 to the previous month's last day
        }
        // ±100,000 days (about 270 years) keeps the day field far from overflowing.
        parts.tm_mday += Int32(min(max(days, -100_000), 100_000))
        parts.tm_hour = Int32(rolloverHour)
        parts.tm_min = 0
        parts.tm_sec = 0
        parts.tm_isdst = -1  // let mktime decide whether summer time applies on that day
        let start = mktime(&parts)
        guard start != -1 else { return date }
        return Date(timeIntervalSince1970: TimeInterval(start))
    }

    /// The study day containing `date`, from its first moment up to the next day's.
    public func interval(containing date: Date) -> Range<Date> {
        let start = start(of: date)
        return start..<max(start, self.start(of: date, offsetBy: 1))
    }
}
