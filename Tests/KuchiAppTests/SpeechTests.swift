import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import SpeechDispatcherFixture
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// Saying words through speech-dispatcher: whether Kuchi can, why not, and the button
/// that says a card's reading. The daemons are the tests' own (`PrivateSpeechDispatcher`);
/// tests that need one are skipped, saying what to install, where it is not installed.
@Suite("Speech", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct SpeechTests {
    /// Connecting lists espeak-ng's 13,000 voices, and a restarted daemon starts its
    /// espeak-ng module again: 3–13 s here when quiet, and past 30 s once beside four
    /// builds on two cores. A bound, not a wait: a healthy run takes what it takes.
    private let connecting = Duration.seconds(90)

    @Test("without libspeechd, the speaker says to install speech-dispatcher")
    func noLibrary() {
        let speaker = Speaker(library: "libkuchi-no-such-library.so.2")
        let availability = prepared(speaker)
        #expect(availability == .unavailable(
            "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."))
        #expect(speaker.problemDetail?.contains("libkuchi-no-such-library.so.2") == true)
    }

    @Test("with no speech-dispatcher answering, the speaker says to install speech-dispatcher")
    func noDaemon() {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-no-speechd-\(UUID()).sock")
        let speaker = Speaker(socketPath: socket.path)
        let availability = prepared(speaker)
        #expect(availability == .unavailable(
            "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."))
        #expect(speaker.problemDetail?.contains(socket.path) == true, "\(speaker.problemDetail ?? "")")
    }

    @Test("the Learn card's speak button finds out once shown, and is insensitive without speech, its tooltip saying why")
    func buttonSaysWhy() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        // Nothing is asked of speech-dispatcher before a screen that can speak shows...
        #expect(app.isShown("start"))
        #expect(!app.models.speaker.isPreparing)
        // ...and the Learn card, once shown, asks.
        app.models.state.homePage = .learn
        pump(until: { app.isShown("speak") }, "the Learn card shown")
        #expect(app.models.speaker.isPreparing)
        let button = try #require(app.widget("speak"))
        #expect(gtkkit_accessible_label_is(button, "Say the Word") != 0)
        pump(until: { gtk_widget_get_sensitive(button) == 0 }, "insensitive once speech-dispatcher is found missing")
        let reason = "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."
        #expect(app.models.speaker.availability == .unavailable(reason))
        #expect(tooltip(of: button) == reason)
        #expect(gtkkit_accessible_description_is(button, reason) != 0, "a screen reader hears why")
    }

    @Test("a speech-dispatcher that never answers blocks nothing: the window goes on turning, other pages show")
    func hungDaemon() throws {
        let silent = try SilentSpeechDispatcher()
        defer { silent.stop() }
        let speaker = Speaker(socketPath: silent.socketPath)
        let app = try AppHarness(registered: true, speaker: speaker)
        defer { app.close() }
        app.models.state.homePage = .learn
        pump(until: { app.isShown("speak") }, "the Learn card shown")
        pump(until: { speaker.isPreparing }, "the speaker asks speech-dispatcher")
        app.click("speak")
        speaker.say("たべる")

        // A tick every 20 ms, fifty times: the main loop runs them all while the speaker's
        // queue waits for an answer that never comes (it is still waiting after the last).
        // How late the ticks come is gtkkit-bench's ("--speech": the longest gap).
        var ticks = 0
        func tick() {
            ticks += 1
            if ticks < 50 { MainLoop.after(.milliseconds(20), tick) }
        }
        tick()
        pump(until: { ticks >= 50 }, "fifty ticks of the main loop")
        #expect(speaker.availability == .unknown, "still waiting for speech-dispatcher")
        // The window still answers: another page shows.
        app.models.state.homePage = .challenge
        pump(until: { app.isShown("start") }, "the Challenge page shows while speech-dispatcher hangs")
    }

    @Test("a card's own recording is played, not spoken, even where speech-dispatcher is missing")
    func playsRecording() throws {
        let temporaryFolder = try TemporaryFolder()
        let recording = try silentWAV(in: temporaryFolder.url)
        let speaker = Speaker(library: "libkuchi-no-such-library.so.2")
        speaker.say("たべる", recording: recording.path)
        pump(until: { speaker.recordingState == .ended(path: recording.path) }, timeout: .seconds(10), "the recording played")
        #expect(speaker.lastStarted == nil, "nothing was spoken")
    }

    @Test("a recording GStreamer cannot play falls back to the voice saying the reading", .installed(.espeakNG))
    func brokenRecordingFallsBack() throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let temporaryFolder = try TemporaryFolder()
        let broken = temporaryFolder.url.appendingPathComponent("broken.mp3")
        try Data("not audio".utf8).write(to: broken)
        let speaker = Speaker(socketPath: daemon.socketPath)
        #expect(prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        speaker.say("たべる", recording: broken.path)
        pump(until: { speaker.lastStarted?.text == "たべる" }, timeout: .seconds(10), "the voice said it instead")
        guard case .failed = speaker.recordingState else {
            Issue.record("the recording did not fail: \(speaker.recordingState)")
            return
        }
    }

    /// A WAV file of a fifth of a second of silence, 8 kHz mono 16-bit, in `folder`.
    private func silentWAV(in folder: URL) throws -> URL {
        let samples = 1_600
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + samples * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(8_000)); append(UInt32(16_000)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(samples * 2))
        data.append(Data(count: samples * 2))
        let url = folder.appendingPathComponent("silence.wav")
        try data.write(to: url)
        return url
    }

    @Test("speech-dispatcher with no Japanese voice: the speaker says to install one", .installed(.dummyOnly))
    func noJapaneseVoice() throws {
        let daemon = try started(.dummyOnly)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        #expect(prepared(speaker) == .unavailable(
            "No Japanese voice: install speech-dispatcher-espeak-ng (or another Japanese voice)."))
    }

    @Test("with espeak-ng, the speak button says the card's reading in Japanese through speech-dispatcher",
          .installed(.espeakNG))
    func saysTheReading() throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        let app = try AppHarness(registered: true, speaker: speaker)
        defer { app.close() }
        app.models.state.homePage = .learn
        pump(until: { app.isShown("speak") }, "the Learn card shown")
        let button = try #require(app.widget("speak"))
        #expect(prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        #expect(gtk_widget_get_sensitive(button) != 0)
        #expect(tooltip(of: button) == "Say the Word")

        let text = try #require(app.models.learn.current?.spokenText)
        app.click("speak")
        pump(until: { speaker.lastStarted?.text == text }, timeout: .seconds(10), "speech-dispatcher began the word")
        // The request as the daemon received it: Japanese, the voice chosen, the text.
        pump(until: { daemon.log.contains("DATA:|\(text)") }, "the daemon logged the text")
        #expect(daemon.log.contains("SET SELF LANGUAGE ja"))
        #expect(daemon.log.contains("SET SELF SYNTHESIS_VOICE Japanese"))
    }

    @Test("a daemon restarted is connected to again; one gone for good makes the button say why",
          .installed(.espeakNG))
    func daemonGoesAway() throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        #expect(prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        speaker.say("たべる")
        pump(until: { speaker.lastStarted?.text == "たべる" }, timeout: .seconds(10), "said before the restart")

        try daemon.restart()
        pump(until: { daemon.isReady }, timeout: .seconds(10), "speech-dispatcher listens again")
        speaker.say("のむ")
        pump(until: { speaker.lastStarted?.text == "のむ" }, timeout: connecting, "said after the restart")
        #expect(speaker.availability == .available)

        daemon.stop()
        speaker.say("みず")
        pump(until: { speaker.availability != .available }, "the next word finds the daemon gone")
        #expect(speaker.availability == .unavailable(
            "Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng."))
        #expect(speaker.lastStarted?.text == "のむ")
    }

    @Test("'Speak new words' says each card as it appears on the Learn page, and nothing while off or elsewhere",
          .installed(.espeakNG))
    func speaksNewWords() throws {
        let daemon = try started(.espeakNG)
        defer { daemon.stop() }
        let speaker = Speaker(socketPath: daemon.socketPath)
        let app = try AppHarness(registered: true, speaker: speaker)
        defer { app.close() }
        let models = app.models
        let following = NewWordSpeech.follow(
            learn: models.learn, state: models.state, users: models.users, speaker: speaker, decks: models.decks)
        defer { following.cancel() }
        #expect(prepared(speaker) == .available, "\(speaker.problemDetail ?? "")")
        let first = try #require(models.learn.current?.spokenText)

        // Off: the Learn page and its next card say nothing...
        models.state.homePage = .learn
        models.learn.decide(remembered: true)
        let second = try #require(models.learn.current?.spokenText)
        // ...on: the card showing is said (and it is the first thing said).
        models.users.settings.speakNewWords = true
        pump(until: { speaker.lastStarted?.text == second }, timeout: .seconds(10), "the card showing is said")
        #expect(!daemon.log.contains("DATA:|\(first)"), "nothing was said while the setting was off")

        // A new card on the page is said.
        models.learn.decide(remembered: true)
        let third = try #require(models.learn.current?.spokenText)
        pump(until: { speaker.lastStarted?.text == third }, timeout: .seconds(10), "the next card is said")

        // Elsewhere a new card waits until the Learn page shows it.
        models.state.homePage = .settings
        models.learn.decide(remembered: false)
        let fourth = try #require(models.learn.current?.spokenText)
        models.state.homePage = .learn
        pump(until: { speaker.lastStarted?.text == fourth }, timeout: .seconds(10), "said once the page shows it")
        #expect(Set([first, second, third, fourth]).count == 4, "the deck's first words differ")
    }

    /// Prepares `speaker` and waits until it knows.
    private func prepared(
        _ speaker: Speaker, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Speaker.Availability {
        MainLoop.attach()
        speaker.prepare()
        pump(until: { speaker.availability != .unknown }, timeout: connecting, "the speaker knows",
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
