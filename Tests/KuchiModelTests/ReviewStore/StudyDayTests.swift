import Foundation
import KuchiModel
import Testing

extension LocalTimeTests {
    @Suite("Study days")
    struct StudyDayTests {
        @Test("with a midnight rollover, a day starts at local midnight")
        func midnight() {
            withTimeZone(berlin) {
                let day = StudyDay(rolloverHour: 0)
                // 12:00 CEST on 15 July is in the day that began at 00:00 CEST (22:00 UTC).
                #expect(day.start(of: utc(2026, 7, 15, 10)) == utc(2026, 7, 14, 22))
                #expect(day.start(of: utc(2026, 7, 14, 22)) == utc(2026, 7, 14, 22))
                #expect(day.start(of: utc(2026, 7, 14, 21, 59)) == utc(2026, 7, 13, 22))
            }
        }

        @Test("with a 4 AM rollover, 3:30 AM still belongs to the day before")
        func fourAM() {
            withTimeZone(berlin) {
                let day = StudyDay(rolloverHour: 4)
                #expect(day.start(of: utc(2026, 7, 15, 1, 30)) == utc(2026, 7, 14, 2))  // 03:30 CEST
                #expect(day.start(of: utc(2026, 7, 15, 2)) == utc(2026, 7, 15, 2))  // 04:00 CEST
                #expect(day.interval(containing: utc(2026, 7, 15, 1, 30)) == utc(2026, 7, 14, 2)..<utc(2026, 7, 15, 2))
            }
        }

        @Test("the day clocks go forward lasts 23 hours, the day they go back 25", arguments: [0, 4])
        func daylightSavingDays(rolloverHour: Int) {
            withTimeZone(berlin) {
                let day = StudyDay(rolloverHour: rolloverHour)
                // Half an hour before each change, so within the day that has it either way.
                let spring = day.interval(containing: utc(2026, 3, 29, 0, 30))
                let autumn = day.interval(containing: utc(2026, 10, 25, 0, 30))
                #expect(spring.upperBound.timeIntervalSince(spring.lowerBound) == 23 * 3_600)
                #expect(autumn.upperBound.timeIntervalSince(autumn.lowerBound) == 25 * 3_600)
                // Whole days later, the rollover is still at the same wall-clock hour.
                let before = day.start(of: utc(2026, 3, 28, 12))
                let after = day.start(of: before, offsetBy: 2)
                #expect(after.timeIntervalSince(before) == 47 * 3_600)
                #expect(day.start(of: after, offsetBy: -2) == before)
            }
        }

        @Test("the rollover hour is kept within 0–23")
        func clamped() {
            #expect(StudyDay(rolloverHour: 30).rolloverHour == 23)
            #expect(StudyDay(rolloverHour: -1).rolloverHour == 0)
        }
    }
}
