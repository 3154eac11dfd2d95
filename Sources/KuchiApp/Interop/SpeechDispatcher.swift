import CSpeechDispatcher
import Glibc

/// speech-dispatcher, through its client library (libspeechd) loaded at run time.
///
/// Every call blocks: connecting may start the daemon, listing espeak-ng's voices takes
/// seconds, and saying waits for the daemon's reply. So this actor runs on a serial
/// queue of its own (``SerialQueueExecutor``), never on the main thread; callers await
/// it from a task that is not on the main actor. speech-dispatcher's report that it
/// began a message arrives on libspeechd's own thread and goes to `onBegin` there.
actor SpeechDispatcher {
    /// Where speech-dispatcher is.
    struct Address: Sendable {
        /// The client library, loaded with dlopen.
        var library = "libspeechd.so.2"
        /// speech-dispatcher's unix socket; nil for its default, where a daemon that is
        /// not running is started.
        var socketPath: String?
    }

    /// Why there is no connection; `detail` is speech-dispatcher's or the loader's own
    /// words, for diagnosis.
    enum Failure: Error, Equatable {
        case noLibrary(detail: String)
        case noDaemon(detail: String)
        case noVoice(detail: String)
    }

    /// The voice chosen, and the output module it belongs to.
    struct Voice: Equatable, Sendable {
        let name: String
        let module: String
    }

    /// speech-dispatcher began saying a message: its id, and when the report reached
    /// libspeechd's thread.
    struct Began: Sendable {
        let messageID: Int32
        let time: ContinuousClock.Instant
    }

    private let executor = SerialQueueExecutor(label: "io.github.kuchi.speech")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let address: Address
    private let listener: Listener
    private var connection: OpaquePointer?

    init(address: Address, onBegin: @escaping @Sendable (Began) -> Void) {
        self.address = address
        listener = Listener(onBegin)
    }

    isolated deinit {
        // Closed before `listener` goes: no report arrives after kuchi_speech_close.
        kuchi_speech_close(connection)
    }

    /// Connects and chooses a voice for `language`; once connected, the same voice again.
    func connect(language: String) -> Result<Voice, Failure> {
        if let connection { return .success(Self.voice(of: connection)) }
        var status = KUCHI_SPEECH_READY
        var detail: UnsafeMutablePointer<CChar>?
        let context = Unmanaged.passUnretained(listener).toOpaque()
        let opened = kuchi_speech_open(
            address.library, address.socketPath, language, Listener.report, context, &status, &detail)
        let text = detail.map { String(cString: $0) } ?? ""
        free(detail)
        guard let opened else {
            switch status {
            case KUCHI_SPEECH_NO_LIBRARY: return .failure(.noLibrary(detail: text))
            case KUCHI_SPEECH_NO_VOICE: return .failure(.noVoice(detail: text))
            default: return .failure(.noDaemon(detail: text))
            }
        }
        connection = opened
        return .success(Self.voice(of: opened))
    }

    /// Cancels what is being said and says `text`; the message's id, or nil when not
    /// connected or refused.
    func say(_ text: String) -> Int32? {
        guard let connection else { return nil }
        let id = kuchi_speech_say(connection, text)
        return id < 0 ? nil : id
    }

    private static func voice(of connection: OpaquePointer) -> Voice {
        Voice(name: String(cString: kuchi_speech_voice(connection)),
              module: String(cString: kuchi_speech_module(connection)))
    }

    /// Hands libspeechd's reports to `onBegin`: the context of the C listener.
    private final class Listener: Sendable {
        let onBegin: @Sendable (Began) -> Void

        init(_ onBegin: @escaping @Sendable (Began) -> Void) { self.onBegin = onBegin }

        static let report: KuchiSpeechListener = { context, messageID in
            let time = ContinuousClock.now
            guard let context else { return }
            Unmanaged<Listener>.fromOpaque(context).takeUnretainedValue()
                .onBegin(Began(messageID: messageID, time: time))
        }
    }
}
