import Foundation
import Testing
@testable import KuchiModel

@Suite("Pitch accent")
struct PitchAccentTests {
    private func highs(_ reading: String, _ nucleus: Int) -> String {
        PitchAccent(reading: reading, nucleus: nucleus).map { $0.highs.map { $0 ? "H" : "L" }.joined() } ?? "nil"
    }

    @Test("morae: small ゃゅょ (and ァ…ォ) join the kana before them; っ, ん and ー are morae")
    func morae() {
        #expect(PitchAccent.moraCount(of: "はし") == 2)
        #expect(PitchAccent.moraCount(of: "きょう") == 2)
        #expect(PitchAccent.moraCount(of: "しゃしん") == 3)
        #expect(PitchAccent.moraCount(of: "がっこう") == 4)
        #expect(PitchAccent.moraCount(of: "せんせい") == 4)
        #expect(PitchAccent.moraCount(of: "コーヒー") == 4)
        #expect(PitchAccent.moraCount(of: "ティーシャツ") == 4)
        #expect(PitchAccent.moraCount(of: "おねがい します") == 7)
        #expect(PitchAccent.moraCount(of: "") == 0)
        // Each mora as the Unicode scalars of the reading it covers.
        #expect(PitchAccent.morae(of: "きょうと") == [0..<2, 2..<3, 3..<4])
        // A sound mark written apart (か + ゛) is part of its kana.
        #expect(PitchAccent.morae(of: "か\u{3099}っこう") == [0..<2, 2..<3, 3..<4, 4..<5])
    }

    @Test("the pattern per mora from the nucleus, and its name")
    func patterns() {
        #expect(highs("はし", 1) == "HL")  // 箸, atamadaka
        #expect(highs("はし", 2) == "LH")  // 橋, odaka: the drop is on the particle
        #expect(highs("はし", 0) == "LH")  // 端, heiban
        #expect(highs("せんせい", 3) == "LHHL")  // 先生, nakadaka
        #expect(highs("たべる", 2) == "LHL")  // 食べる
        #expect(highs("ひ", 0) == "L")
        #expect(highs("き", 1) == "H")
        #expect(highs("きょう", 1) == "HL")
        #expect(highs("はし", 3) == "nil")  // past the last mora
        #expect(highs("はし", -1) == "nil")
        #expect(highs("ニチ、ジツ", 1) == "nil")  // a kanji's list of readings
        #expect(highs("", 0) == "nil")
        let name = { (reading: String, nucleus: Int) in PitchAccent(reading: reading, nucleus: nucleus)?.pattern }
        #expect(name("はし", 0) == .heiban)
        #expect(name("はし", 1) == .atamadaka)
        #expect(name("はし", 2) == .odaka)
        #expect(name("せんせい", 3) == .nakadaka)
        #expect(name("き", 1) == .atamadaka)
        #expect(PitchAccent.Pattern.allCases.map(\.name) == ["heiban", "atamadaka", "nakadaka", "odaka"])
    }

    @Test("the high stretch as scalars of the reading, with the drop; what a screen reader hears")
    func highRuns() throws {
        let chopsticks = try #require(PitchAccent(reading: "はし", nucleus: 1))
        #expect(chopsticks.highRuns == [PitchAccent.HighRun(scalars: 0..<1, dropsAfter: true)])
        #expect(chopsticks.spoken == "high-low, atamadaka")
        let bridge = try #require(PitchAccent(reading: "はし", nucleus: 2))
        #expect(bridge.highRuns == [PitchAccent.HighRun(scalars: 1..<2, dropsAfter: true)])
        let edge = try #require(PitchAccent(reading: "はし", nucleus: 0))
        #expect(edge.highRuns == [PitchAccent.HighRun(scalars: 1..<2, dropsAfter: false)])
        #expect(edge.spoken == "low-high, heiban")
        let today = try #require(PitchAccent(reading: "きょう", nucleus: 1))
        #expect(today.highRuns == [PitchAccent.HighRun(scalars: 0..<2, dropsAfter: true)])
        let teacher = try #require(PitchAccent(reading: "せんせい", nucleus: 3))
        #expect(teacher.highRuns == [PitchAccent.HighRun(scalars: 1..<3, dropsAfter: true)])
        #expect(teacher.spoken == "low-high-high-low, nakadaka")
        #expect(try #require(PitchAccent(reading: "ひ", nucleus: 0)).highRuns.isEmpty)
    }

    @Test("a card's pitch accent is its first nucleus, when it fits the reading")
    func cardAccent() {
        #expect(Challenge(question: "箸", reading: "はし", answer: "chopsticks", pitch: [1, 0]).pitchAccent?.nucleus == 1)
        #expect(Challenge(question: "箸", reading: "はし", answer: "chopsticks").pitchAccent == nil)
        #expect(Challenge(question: "箸", reading: "", romaji: "hashi", answer: "chopsticks", pitch: [1]).pitchAccent == nil)
    }

    @Test("shown over the furigana, over the line below or over a kana word, as the settings say; never guessed")
    func presentation() {
        let chopsticks = Challenge(question: "箸", reading: "はし", answer: "chopsticks", pitch: [1])
        let furigana = ReadingPresentation(chopsticks, display: .furigana, revealed: false, showsPitch: true)
        #expect(furigana.wordPitch == [PitchAccent.HighRun(scalars: 0..<1, dropsAfter: true)])
        #expect(furigana.linePitch.isEmpty)
        #expect(furigana.spoken == "箸, はし, high-low, atamadaka")
        #expect(furigana.pitchNote == "Pitch accent: atamadaka (high-low)")

        let below = ReadingPresentation(chopsticks, display: .below, revealed: false, showsPitch: true)
        #expect(below.wordPitch.isEmpty && below.linePitch == furigana.wordPitch)
        #expect(below.spoken == furigana.spoken)

        // 食べる: た over 食, then the word's own kana べる; the drop after べ.
        let eat = Challenge(question: "食べる", reading: "たべる", answer: "to eat", pitch: [2])
        let eating = ReadingPresentation(eat, display: .furigana, revealed: true, showsPitch: true)
        #expect(eating.word.map(\.text) == ["食", "べる"])
        #expect(eating.wordPitch == [PitchAccent.HighRun(scalars: 1..<2, dropsAfter: true)])

        // A word in kana carries the line over itself, in either setting.
        let yes = Challenge(question: "はい", reading: "はい", answer: "yes", pitch: [1])
        #expect(ReadingPresentation(yes, display: .below, revealed: false, showsPitch: true).wordPitch.count == 1)
        #expect(ReadingPresentation(yes, display: .furigana, revealed: false, showsPitch: true).spoken
            == "はい, high-low, atamadaka")

        // Off, in romaji, hidden, or without data: nothing.
        for presentation in [
            ReadingPresentation(chopsticks, display: .furigana, revealed: false, showsPitch: false),
            ReadingPresentation(chopsticks, display: .romaji, revealed: false, showsPitch: true),
            ReadingPresentation(chopsticks, display: .hidden, revealed: false, showsPitch: true),
            ReadingPresentation(
                Challenge(question: "箸", reading: "はし", answer: "chopsticks"), display: .furigana, revealed: false,
                showsPitch: true),
        ] {
            #expect(presentation.pitch == nil && presentation.wordPitch.isEmpty && presentation.linePitch.isEmpty)
            #expect(presentation.pitchNote.isEmpty && !presentation.spoken.contains("high"))
        }
        // Hidden until the card is turned: then it shows, as the furigana do.
        #expect(ReadingPresentation(chopsticks, display: .hidden, revealed: true, showsPitch: true).wordPitch.count == 1)

        // Several: the first drawn, the others named in the tooltip.
        let several = Challenge(question: "大半", reading: "たいはん", answer: "majority", pitch: [0, 3])
        let note = ReadingPresentation(several, display: .furigana, revealed: false, showsPitch: true).pitchNote
        #expect(note == "Pitch accent: heiban (low-high-high-high)\nAlso said: nakadaka (low-high-high-low)")
    }
}
