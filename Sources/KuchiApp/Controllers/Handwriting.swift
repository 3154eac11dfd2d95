import GtkKit
import KuchiModel
import Observation

/// The writing pad's model: whether it is open, the strokes written, the characters
/// Zinnia reads in them (``HandwritingRecognizer``), and whether it can read any here.
///
/// The recogniser is opened once, the first time ``prepare()`` is called (when a page
/// with a pad first shows), off the main thread (in an actor of its own): loading the
/// Japanese model reads megabytes. Each change of ``strokes`` asks it again for
/// ``candidateCount`` candidates, off the main thread; the answer comes back through the
/// main loop and is kept only if the strokes are still the ones it read (a stroke
/// written meanwhile asks again).
@MainActor @Observable
public final class Handwriting {
    /// Whether handwriting can be read.
    public enum Availability: Equatable, Sendable {
        /// ``prepare()`` has not been called, or the recogniser is still opening.
        case unknown
        case available
        /// Zinnia or its model is missing; the reason is the sentence the window shows.
        case unavailable(String)
    }

    /// The pad's box: strokes are in it, and the recogniser is told it is the writing's size.
    public static let box = 200.0
    /// The candidates shown: enough for a similar-looking character, few enough for a row.
    public static let candidateCount = 5

    public private(set) var availability = Availability.unknown
    /// Whether the Type page's pad is open; it stays open from one question to the next.
    public var isPadOpen = false
    /// The strokes on the pad, in the order written.
    public var strokes: [[SketchPoint]] = [] {
        didSet { if strokes != oldValue { read() } }
    }
    /// The likeliest characters for ``strokes``, best first; none while the pad is blank.
    public private(set) var candidates: [String] = []
    /// Whether ``candidates`` are the reading of the strokes now on the pad: false from a
    /// stroke written until Zinnia's reading of it comes back.
    public private(set) var isReadingCurrent = true
    /// How many readings have come back and been shown (a benchmark waits on it).
    @ObservationIgnored public private(set) var readingsShown = 0

    @ObservationIgnored private let reader: Reader
    @ObservationIgnored private let reference = Reference()
    @ObservationIgnored private var isPreparing = false
    /// Counts readings asked for: an answer to an older one is dropped.
    @ObservationIgnored private var generation = 0

    /// Reads with Zinnia from `library` and the first of `models` that exists.
    public init(library: String = "libzinnia.so.0", models: [String] = HandwritingRecognizer.modelPaths) {
        reader = Reader(library: library, models: models)
        reference.handwriting = self
    }

    /// Opens the recogniser, once, off the main thread.
    public func prepare() {
        guard !isPreparing else { return }
        isPreparing = true
        let (reader, reference) = (reader, reference)
        Task.detached {
            let result = await reader.open()
            MainLoop.perform { reference.handwriting?.finishPreparing(result) }
        }
    }

    private func finishPreparing(_ result: Result<Void, HandwritingUnavailable>) {
        switch result {
        case .success:
            availability = .available
            read()
        case .failure(let unavailable):
            availability = .unavailable(unavailable.description)
        }
    }

    /// ``strokes`` as the recogniser reads them: points in a ``box``-sized square.
    public var character: HandwrittenCharacter {
        HandwrittenCharacter(
            width: Int(Self.box), height: Int(Self.box),
            strokes: strokes.map { $0.map { HandwrittenCharacter.Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) } })
    }

    /// Blanks the pad.
    public func clear() {
        strokes = []
    }

    private func read() {
        generation += 1
        guard !strokes.isEmpty else {
            candidates = []
            isReadingCurrent = true
            return
        }
        guard availability == .available else { return }
        isReadingCurrent = false
        // Read here: a main-actor value read in the task would make it a main-actor task.
        let (reader, reference, asked, limit, character) = (reader, reference, generation, Self.candidateCount, character)
        Task.detached {
            let candidates = await reader.candidates(for: character, limit: limit)
            MainLoop.perform { reference.handwriting?.finishReading(candidates, asked: asked) }
        }
    }

    private func finishReading(_ candidates: [String], asked: Int) {
        guard asked == generation else { return }
        self.candidates = candidates
        isReadingCurrent = true
        readingsShown += 1
    }

    /// The recogniser, used from its own actor: it is not `Sendable`, and is made and
    /// used only there.
    private actor Reader {
        private let library: String
        private let models: [String]
        private var recognizer: HandwritingRecognizer?

        init(library: String, models: [String]) {
            self.library = library
            self.models = models
        }

        func open() -> Result<Void, HandwritingUnavailable> {
            switch HandwritingRecognizer.open(library: library, models: models) {
            case .success(let opened):
                recognizer = opened
                return .success(())
            case .failure(let unavailable):
                return .failure(unavailable)
            }
        }

        func candidates(for character: HandwrittenCharacter, limit: Int) -> [String] {
            recognizer?.candidates(for: character, limit: limit).map(\.character) ?? []
        }
    }

    /// A weak reference to the model, for what comes back from other threads.
    @MainActor
    private final class Reference {
        weak var handwriting: Handwriting?
    }
}
