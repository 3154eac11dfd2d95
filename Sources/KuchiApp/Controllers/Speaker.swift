import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Says words aloud in Japanese through speech-dispatcher, and knows whether it can.
///
/// A main-actor model like the others, so views read ``availability`` in their
/// bindings. Everything that can block — loading libspeechd, connecting (which may
/// start the daemon), listing voices, saying — runs on ``SpeechDispatcher``'s own
/// queue; its answers and speech-dispatcher's reports come back to the main actor
/// through the main loop (`MainLoop.perform`). Nothing waits for speech-dispatcher on the
/// main thread.
///
/// Requests coalesce: while one is on its way the newest text waits, and an older one
/// waiting is dropped, since each word cancels the one before anyway.
@MainActor @Observable
public final class Speaker {
    /// Whether Japanese can be spoken.
    public enum Availability: Equatable, Sendable {
        /// Not known yet: ``prepare()`` has not been called, or is still finding out.
        case unknown
        case available
        /// Not possible; the reason is a sentence for the window: why, and what to install.
        case unavailable(String)
    }

    /// A message speech-dispatcher reported it began saying.
    public struct Started: Equatable, Sendable {
        public let text: String
        /// When the report reached Kuchi (on libspeechd's thread, before the hop here).
        public let time: ContinuousClock.Instant
    }

    public private(set) var availability = Availability.unknown
    /// The last message speech-dispatcher began saying.
    public private(set) var lastStarted: Started?
    /// speech-dispatcher's or the loader's own words when it is unavailable, for diagnosis.
    @ObservationIgnored public private(set) var problemDetail: String?

    @ObservationIgnored private let dispatcher: SpeechDispatcher
    /// Plays a card's own recording.
    @ObservationIgnored private let sound = SoundFile()
    /// How answers from the dispatcher's queue find this speaker, if it is still there.
    @ObservationIgnored private let reference = Reference()
    /// Whether ``prepare()`` was called.
    @ObservationIgnored private(set) var isPreparing = false
    /// The newest text asked for and not yet sent.
    @ObservationIgnored private var waiting: String?
    @ObservationIgnored private var isSending = false
    /// The latest messages sent, by id.
    @ObservationIgnored private var sent: [Int32: String] = [:]
    /// Begin reports that overtook their message's id on the way here.
    @ObservationIgnored private var begunEarly: [Int32: ContinuousClock.Instant] = [:]

    /// A speaker for the speech-dispatcher at `socketPath` (nil: the user's own, started
    /// when it is not running) through the client library `library`.
    public init(library: String = "libspeechd.so.2", socketPath: String? = nil) {
        let reference = reference
        dispatcher = SpeechDispatcher(address: .init(library: library, socketPath: socketPath)) { began in
            MainLoop.perform { reference.speaker?.record(began) }
        }
        reference.speaker = self
    }

    /// Starts finding out whether Japanese can be spoken, once: connecting to
    /// speech-dispatcher (starting it if need be) and listing its voices, on the
    /// dispatcher's queue. A ``SpeakButton`` calls it when its page first shows.
    public func prepare() {
        guard !isPreparing else { return }
        isPreparing = true
        let (dispatcher, reference) = (dispatcher, reference)
        // Detached: a task of the main actor would start only once the main actor is free.
        Task.detached {
            let result = await dispatcher.connect(language: "ja")
            MainLoop.perform { reference.speaker?.finishPreparing(result) }
        }
    }

    private func finishPreparing(_ result: Result<SpeechDispatcher.Voice, SpeechDispatcher.Failure>) {
        switch result {
        case .success:
            availability = .available
            sendWaiting()
        case .failure(let failure):
            availability = .unavailable(Self.reason(failure))
            problemDetail = failure.detail
            waiting = nil
        }
    }

    /// Plays `recording` (a card's own sound file), cutting off what was being said or
    /// played; if it cannot be played, says `text` instead. Without a recording, says
    /// `text`.
    public func say(_ text: String, recording: String?) {
        guard let recording else { return say(text) }
        sound.onChange = { [weak self] state in
            // The recording cannot be played (no media backend, a format GStreamer cannot
            // read): the voice says the word.
            if case .failed = state { self?.say(text) }
        }
        sound.play(path: recording)
    }

    /// How the last recording played (for tests).
    public var recordingState: SoundFile.State { sound.state }

    /// Says `text` in Japanese, cutting off what was being said or played. While
    /// availability is unknown it is said once known (``prepare()`` is called if need
    /// be); when unavailable, nothing happens.
    public func say(_ text: String) {
        sound.stop()
        guard !text.isEmpty else { return }
        switch availability {
        case .unavailable: return
        case .unknown:
            waiting = text
            prepare()
        case .available:
            waiting = text
            sendWaiting()
        }
    }

    private func sendWaiting() {
        guard !isSending, let text = waiting else { return }
        waiting = nil
        isSending = true
        let (dispatcher, reference) = (dispatcher, reference)
        Task.detached {
            let result = await dispatcher.say(text)
            MainLoop.perform { reference.speaker?.finishSending(text, result) }
        }
    }

    private func finishSending(_ text: String, _ result: Result<Int32, SpeechDispatcher.Failure>) {
        isSending = false
        switch result {
        case .success(let id):
            if let time = begunEarly.removeValue(forKey: id) {
                lastStarted = Started(text: text, time: time)
            }
            sent[id] = text
            // Ids only grow: the last few are all a late report can be about.
            sent = sent.filter { $0.key > id - Self.remembered }
            begunEarly = begunEarly.filter { $0.key > id - Self.remembered }
            sendWaiting()
        case .failure(let failure):
            // speech-dispatcher went away and could not be reached again.
            availability = .unavailable(Self.reason(failure))
            problemDetail = failure.detail
            waiting = nil
        }
    }

    /// Messages remembered to match reports with.
    private static let remembered: Int32 = 8

    private func record(_ began: SpeechDispatcher.Began) {
        if let text = sent[began.messageID] {
            lastStarted = Started(text: text, time: began.time)
        } else {
            begunEarly[began.messageID] = began.time
        }
    }

    /// The sentence the window shows for `failure`.
    static func reason(_ failure: SpeechDispatcher.Failure) -> String {
        switch failure {
        case .noLibrary where isFlatpak:
            // NB: the GNOME runtime ships no libspeechd.so.2; installing it on the host
            // does not reach into the sandbox.
            tr("Speech needs speech-dispatcher's library, which this Flatpak of Kuchi does not include.")
        case .noLibrary, .noDaemon:
            tr("Speech needs speech-dispatcher: install speech-dispatcher and speech-dispatcher-espeak-ng.")
        case .noVoice:
            tr("No Japanese voice: install speech-dispatcher-espeak-ng (or another Japanese voice).")
        }
    }

    /// Whether Kuchi runs in a Flatpak sandbox, which always has this file.
    private static var isFlatpak: Bool { FileManager.default.fileExists(atPath: "/.flatpak-info") }

    /// A weak reference to the speaker, for what comes back from other threads.
    @MainActor
    private final class Reference {
        weak var speaker: Speaker?
    }
}

extension SpeechDispatcher.Failure {
    var detail: String {
        switch self {
        case .noLibrary(let detail), .noDaemon(let detail), .noVoice(let detail): detail
        }
    }
}
