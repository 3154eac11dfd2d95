import Foundation
import Testing
import KuchiModel

@Suite("Settings")
struct SettingsTests {
    // The expected values are written out, not taken from `Settings()`: a test that
    // compares the defaults with themselves passes whatever they are.
    @Test("missing keys take their defaults")
    func missingKeysDefault() throws {
        let empty = try JSONDecoder().decode(Settings.self, from: Data("{}".utf8))
        #expect(empty.rememberUser == true)
        #expect(empty.questionsPerSession == 5)
        #expect(empty.appearance == .system)
        #expect(empty.learningEnabled == true)
        #expect(empty.cardColor == "#3584e4")
        #expect(empty.deck == "kuchi-basics")
        #expect(empty.dailyNewCards == 20)
        #expect(empty.desiredRetention == 90)
        #expect(empty.speakNewWords == false)

        // A file missing some keys keeps what it has and takes defaults for the rest.
        let partial = try JSONDecoder().decode(Settings.self, from: Data(##"""
            {"cardColor": "#ff0000", "numberOfQuestions": 12, "learningEnabled": false, "deck": "jlpt-n5"}
            """##.utf8))
        #expect(partial.cardColor == "#ff0000")
        #expect(partial.questionsPerSession == 12)
        #expect(partial.learningEnabled == false)
        #expect(partial.deck == "jlpt-n5")
        #expect(partial.rememberUser == true)
        #expect(partial.appearance == .system)
        #expect(partial.dailyNewCards == 20)
        #expect(partial.desiredRetention == 90)
        #expect(partial.speakNewWords == false)
        let speaking = try JSONDecoder().decode(Settings.self, from: Data(#"{"speakNewWords": true}"#.utf8))
        #expect(speaking.speakNewWords == true)
        #expect(speaking.learningEnabled == true)
    }

    @Test("the number of questions is kept between 3 and 20", arguments: [(0, 3), (3, 3), (12, 12), (20, 20), (99, 20)])
    func questionsClamped(value: Int, kept: Int) throws {
        var settings = Settings()
        settings.questionsPerSession = value
        #expect(settings.questionsPerSession == kept)
        let decoded = try JSONDecoder().decode(Settings.self, from: Data(#"{"numberOfQuestions": \#(value)}"#.utf8))
        #expect(decoded.questionsPerSession == kept)
    }

    @Test("questions per session keep their old key: an old file reads into the setting and is written back under it")
    func questionsPerSessionKeepsItsKey() throws {
        let old = try JSONDecoder().decode(Settings.self, from: Data(#"{"numberOfQuestions": 12}"#.utf8))
        #expect(old.questionsPerSession == 12)
        var changed = old
        changed.questionsPerSession = 7
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(changed)) as? [String: Any]
        #expect(written?["numberOfQuestions"] as? Int == 7)
        #expect(written?["questionsPerSession"] == nil)
        #expect(try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(changed)) == changed)
    }

    @Test("daily new cards are kept between 1 and 200", arguments: [(-5, 1), (0, 1), (1, 1), (20, 20), (200, 200), (5000, 200)])
    func dailyNewCardsClamped(value: Int, kept: Int) throws {
        var settings = Settings()
        settings.dailyNewCards = value
        #expect(settings.dailyNewCards == kept)
        let decoded = try JSONDecoder().decode(Settings.self, from: Data(#"{"dailyNewCards": \#(value)}"#.utf8))
        #expect(decoded.dailyNewCards == kept)
        #expect(try JSONDecoder().decode(Settings.self, from: Data("{}".utf8)).dailyNewCards == 20)
    }

    @Test("a value of the wrong type is an error, not a guess")
    func wrongTypeFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"rememberUser": "yes"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"speakNewWords": 1}"#.utf8))
        }
    }

    @Test("the pitch accent is shown until the person hides it, and settings.json keeps the choice as pitchAccent")
    func pitchAccent() throws {
        #expect(try JSONDecoder().decode(Settings.self, from: Data("{}".utf8)).pitchAccent == true)
        let hidden = try JSONDecoder().decode(Settings.self, from: Data(#"{"pitchAccent": false}"#.utf8))
        #expect(hidden.pitchAccent == false)
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(hidden)) as? [String: Any]
        #expect(written?["pitchAccent"] as? Bool == false)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"pitchAccent": "no"}"#.utf8))
        }
    }

    @Test("the streak is hidden until the learner shows it, and settings.json keeps the choice as showsStreak")
    func streak() throws {
        #expect(try JSONDecoder().decode(Settings.self, from: Data("{}".utf8)).showsStreak == false)
        let shown = try JSONDecoder().decode(Settings.self, from: Data(#"{"showsStreak": true}"#.utf8))
        #expect(shown.showsStreak)
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(shown)) as? [String: Any]
        #expect(written?["showsStreak"] as? Bool == true)
    }

    @Test("settings survive a round trip")
    func roundTrip() throws {
        var settings = Settings()
        settings.appearance = .dark
        settings.learningEnabled = false
        settings.deck = "jlpt-n4"
        settings.speakNewWords = true
        let decoded = try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings))
        #expect(decoded == settings)
    }
}
