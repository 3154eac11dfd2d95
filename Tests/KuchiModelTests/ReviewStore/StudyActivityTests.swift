import Foundation
import Testing
@testable import KuchiModel

/// The learner's study days over every deck, for the heat map, and the streak.
@Suite("Study activity")
struct StudyActivityTests {
    private let studyDay = StudyDay(rolloverHour: 4)
    private let day = 86_400.0

    /// A store with one answer at each of `offsets` days from storeEpoch (noon of that
    /// local day, past the rollover), alternating between two decks.
    private func store(answeredOn offsets: [Int], in folder: TemporaryFolder) throws -> ReviewStore {
        let store = try ReviewStore(path: storePath(in: folder.url))
        let noon = studyDay.start(of: storeEpoch).timeIntervalSince(storeEpoch) + 8 * 3_600
        for (index, offset) in offsets.enumerated() {
            try store.record(makeReview(
                "語\(index)", deck: index % 2 == 0 ? "jlpt-n5" : "my-words", at: noon + Double(offset) * day))
        }
        return store
    }

    private var now: Date { studyDay.start(of: storeEpoch).addingTimeInterval(20 * 3_600) }

    @Test("answers of every deck are counted on their study day; the streak ends today")
    func countsAndStreak() throws {
        let folder = try TemporaryFolder()
        let store = try store(answeredOn: [-9, -2, -1, 0, 0], in: folder)
        let activity = try store.activity(at: now, studyDay: studyDay, days: 7)
        #expect(activity.days.map(\.count) == [0, 0, 0, 0, 1, 1, 2], "two decks, one day")
        #expect(activity.days.last?.start == studyDay.start(of: now))
        #expect(activity.streak == 3)
    }

    @Test("today without an answer yet keeps yesterday's streak; a day without one breaks it")
    func streakKeptUntilTheDayEnds() throws {
        let folder = try TemporaryFolder()
        let store = try store(answeredOn: [-4, -2, -1], in: folder)
        #expect(try store.activity(at: now, studyDay: studyDay, days: 7).streak == 2)
        let broken = try TemporaryFolder()
        #expect(try self.store(answeredOn: [-3, -2], in: broken).activity(at: now, studyDay: studyDay, days: 7).streak == 0)
        let none = try TemporaryFolder()
        #expect(try self.store(answeredOn: [], in: none).activity(at: now, studyDay: studyDay, days: 7).streak == 0)
    }

    @Test("a streak longer than the days shown is followed back")
    func longStreak() throws {
        let folder = try TemporaryFolder()
        let store = try store(answeredOn: Array(-400...0), in: folder)
        let activity = try store.activity(at: now, studyDay: studyDay, days: 30)
        #expect(activity.days.count == 30 && activity.days.allSatisfy { $0.count == 1 })
        #expect(activity.streak == 401)
    }
}
