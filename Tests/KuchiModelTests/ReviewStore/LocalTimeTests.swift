import Foundation
import Testing

/// Tests that depend on the process's time zone. They set `TZ`, which is process-wide,
/// so they run one at a time, and nothing else in this target reads local time.
@Suite("Local time", .serialized)
struct LocalTimeTests {}

/// Runs `body` with `TZ` set to `zone` (a POSIX rule, so no time zone database is
/// needed), then restores the previous setting.
func withTimeZone<Result>(_ zone: String, _ body: () throws -> Result) rethrows -> Result {
    let restore = setTimeZone(zone)
    defer { restore() }
    return try body()
}

/// ``withTimeZone(_:_:)`` for an async body.
func withTimeZone<Result>(
    _ zone: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
) async rethrows -> Result {
    let restore = setTimeZone(zone)
    defer { restore() }
    return try await body()
}

/// Sets `TZ` to `zone` and returns what puts the previous setting back.
private func setTimeZone(_ zone: String) -> () -> Void {
    let previous = getenv("TZ").map { String(cString: $0) }
    setenv("TZ", zone, 1)
    tzset()
    return {
        if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
        tzset()
    }
}

/// Germany's rules: CET (UTC+1), CEST (UTC+2) from the last Sunday of March at 02:00
/// to the last Sunday of October at 03:00.
let berlin = "CET-1CEST,M3.5.0,M10.5.0/3"

/// A UTC date from its parts.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
}
