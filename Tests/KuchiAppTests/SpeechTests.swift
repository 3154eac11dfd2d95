import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import SpeechDispatcherFixture
import Testing
@testable import KuchiApp

/// Saying words through speech-dispatcher: whether Kuchi can, why not, and the button
/// that says a card's reading. The daemons are the tests' own (`PrivateSpeechDispatcher`);
/// tests that need one are skipped, saying what to install, where it is not installed.
@Suite("Speech", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct SpeechTests {
    /// Connecting lists espeak-ng's 13,000 voices: seconds on a loaded machine.
    private let connecting = Duration.seconds(30)

    @Test("without libspeechd, the speaker says to install speech-dispatcher")
    func noLibrary() async {
        let speaker = Speaker(library: "libkuchi-no-such-library.so.2")
        let availability = await prepared(speaker)
        #expect(availability == .unavailable(
            "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."))
        #expect(speaker.problemDetail?.contains("libkuchi-no-such-library.so.2") == true)
    }

    @Test("with no speech-dispatcher answering, the speaker says to install speech-dispatcher")
    func noDaemon() async {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-no-speechd-\(UUID()).sock")
        let speaker = Speaker(socketPath: socket.path)
        let availability = await prepared(speaker)
        #expect(availability == .unavailable(
            "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."))
        #expect(speaker.problemDetail?.contains(socket.path) == true, "\(speaker.problemDetail ?? "")")
    }

    @Test("the Learn card's speak button is insensitive once speech is found missing, its tooltip saying why")
    func buttonSaysWhy() async throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.state.homePage = .learn
        let button = try #require(app.widget("speak"))
        pump(until: { gtk_widget_get_mapped(button) != 0 }, "the card shown")
        // Not known yet: a press would wait for the answer.
        #expect(gtk_widget_get_sensitive(button) != 0)
        #expect(tooltip(of: button) == "Say the Word")
        #expect(gtkkit_accessible_label_is(button, "Say the Word") != 0)

        app.models.speaker.prepare()
        await pumpYielding(until: { gtk_widget_get_sensitive(button) == 0 }, "insensitive once speech-dispatcher is found missing")
        let reason = "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."
        #expect(app.models.speaker.availability == .unavailable(reason))
        #expect(tooltip(of: button) == reason)
        #expect(gtkkit_accessible_description_is(button, reason) != 0, "a screen reader hears why")
    }

    @Test("speech-dispatcher with no Japanese voice: the speaker says to install one", .installed(.dummyOnly))
    func noJapaneseVoice() async throws {
        let daemon = try started(.dummyOnly)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        #expect(await prepared(speaker) == .unavailable(
            "No Japanese voice: install speech-dispatcher-espeak-ng (or another Japanese voice)."))
    }

    @Test("with espeak-ng, the speak button says the card's reading in Japanese through speech-dispatcher",
          .installed(.espeakNG))
    func saysTheReading() async throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        let app = try AppHarness(registered: true, speaker: speaker)
        defer { app.close() }
        app.models.state.homePage = .learn
        let button = try #require(app.widget("speak"))
        #expect(await prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        #expect(gtk_widget_get_sensitive(button) != 0)
        #expect(tooltip(of: button) == "Say the Word")

        let text = try #require(app.models.learn.current?.spokenText)
        app.click("speak")
        await pumpYielding(until: { speaker.lastStarted?.text == text }, timeout: .seconds(10), "speech-dispatcher began the word")
        // The request as the daemon received it: Japanese, the voice chosen, the text.
        await pumpYielding(until: { daemon.log.contains("DATA:|\(text)") }, "the daemon logged the text")
        #expect(daemon.log.contains("SET SELF LANGUAGE ja"))
        #expect(daemon.log.contains("SET SELF SYNTHESIS_VOICE Japanese"))
    }

    @Test("'Speak new words' says each card as it appears on the Learn page, and nothing while off or elsewhere",
          .installed(.espeakNG))
    func speaksNewWords() async throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        let app = try AppHarness(registered: true, speaker: speaker)
        defer { app.close() }
        let models = app.models
        let following = NewWordSpeech.follow(
            learn: models.learn, state: models.state, users: models.users, speaker: speaker)
        defer { following.cancel() }
        #expect(await prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        let first = try #require(models.learn.current?.spokenText)

        // Off: the Learn page and its next card say nothing...
        models.state.homePage = .learn
        models.learn.decide(remembered: true)
        let second = try #require(models.learn.current?.spokenText)
        // ...on: the card showing is said (and it is the first thing said).
        models.users.settings.speakNewWords = true
        await pumpYielding(until: { speaker.lastStarted?.text == second }, timeout: .seconds(10), "the card showing is said")
        #expect(!daemon.log.contains("DATA:|\(first)"), "nothing was said while the setting was off")

        // A new card on the page is said.
        models.learn.decide(remembered: true)
        let third = try #require(models.learn.current?.spokenText)
        await pumpYielding(until: { speaker.lastStarted?.text == third }, timeout: .seconds(10), "the next card is said")

        // Elsewhere a new card waits until the Learn page shows it.
        models.state.homePage = .settings
        models.learn.decide(remembered: false)
        let fourth = try #require(models.learn.current?.spokenText)
        models.state.homePage = .learn
        await pumpYielding(until: { speaker.lastStarted?.text == fourth }, timeout: .seconds(10), "said once the page shows it")
        #expect(Set([first, second, third, fourth]).count == 4, "the deck's first words differ")
    }

    /// Prepares `speaker` and waits until it knows.
    private func prepared(
        _ speaker: Speaker, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Speaker.Availability {
        MainLoop.attach()
        speaker.prepare()
        await pumpYielding(until: { speaker.availability != .unknown }, timeout: connecting, "the speaker knows",
             sourceLocation: sourceLocation)
        return speaker.availability
    }

    /// A private speech-dispatcher, listening.
    private func started(
        _ modules: PrivateSpeechDispatcher.Modules, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PrivateSpeechDispatcher {
        let daemon = try PrivateSpeechDispatcher(modules)
        pump(until: { daemon.isReady }, timeout: .seconds(10), "speech-dispatcher listens", sourceLocation: sourceLocation)
        return daemon
    }

    private func tooltip(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test, saying what to install, where speech-dispatcher (with these
    /// modules) is not installed.
    fileprivate static func installed(_ modules: PrivateSpeechDispatcher.Modules) -> Self {
        .enabled(
            "needs speech-dispatcher with espeak-ng: apt-get install -y speech-dispatcher speech-dispatcher-espeak-ng"
        ) { PrivateSpeechDispatcher.missing(modules) == nil }
    }
}
