import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Leeches")
struct LeechTests {
    @Test("Anki's rule: the 8th lapse makes a leech, then every 4th; not the 7th")
    func rule() {
        #expect((1...20).filter(Leech.isWarning(lapses:)) == [8, 12, 16, 20])
    }

    /// Answers `q0` until it is in review, then lapses it `count` times (Again in review,
    /// then Good after the relearning step), and returns the lapse counts the planner
    /// told of.
    func lapses(_ count: Int, fixture: PlannerFixture) -> [Int] {
        var told: [Int] = []
        fixture.planner.onLeech = { card, lapses in
            #expect(card == CardID(deck: "n", question: "q0"))
            told.append(lapses)
        }
        func answer(_ rating: FSRSRating, after seconds: TimeInterval) -> FSRSCard? {
            fixture.clock.advance(seconds)
            return fixture.planner.review("q0", deck: "n", rating: rating, answerTime: .seconds(2))
        }
        var card = answer(.good, after: 0)
        while card?.state != .review { card = answer(.good, after: 700) }
        for _ in 0..<count {
            #expect(answer(.again, after: 2 * 86_400)?.state == .relearning)
            #expect(answer(.good, after: 700)?.state == .review)
            // Again while relearning is not a lapse.
        }
        return told
    }

    @Test("the planner says so at the 8th and the 12th lapse, not the 7th nor an Again in relearning")
    func toldAtTheEighthAndTwelfth() throws {
        let fixture = try PlannerFixture(at: storeEpoch)
        #expect(lapses(7, fixture: fixture) == [])
        #expect(try fixture.reopen().lapseCount(of: CardID(deck: "n", question: "q0")) == 7)
        let more = try PlannerFixture(at: storeEpoch, "twelve")
        #expect(lapses(12, fixture: more) == [8, 12])
    }

    @Test("the schedule lists the leeches of a deck, for the card browser")
    func listedForTheBrowser() throws {
        let fixture = try PlannerFixture(at: storeEpoch)
        _ = lapses(7, fixture: fixture)
        #expect(fixture.planner.schedule(deck: "n")?.leeches == [])
        fixture.clock.advance(2 * 86_400)
        fixture.planner.review("q0", deck: "n", rating: .again, answerTime: .seconds(2))
        #expect(fixture.planner.schedule(deck: "n")?.leeches == ["q0"])
    }
}
