import FoundationEssentials
import Observation

/// The user: who they are, their preferences and their progress, and keeping them.
///
/// Nothing here throws to the screens. A file that could not be read or written is
/// described in `problems`, in words fit to show, and the app carries on with defaults
/// or in memory.
///
/// Creating a manager does no I/O; call ``load()`` once at start-up.
@MainActor
@Observable
public final class UserManager {
    /// The name being typed at registration, then the registered one.
    public var profile = Profile()
    public var settings = Settings()
    /// Whether someone has registered (this run, or a remembered profile was loaded).
    public private(set) var isRegistered = false
    /// Answers recorded so far, across sessions.
    public private(set) var progress = Progress()
    /// What went wrong reading or writing files, oldest first.
    public private(set) var problems: [String] = []

    @ObservationIgnored private let storage: UserStore?
    // Progress is read before the first result is written, even if load() was never
    // called, so a write never replaces counts that were on disk.
    @ObservationIgnored private var progressIsLoaded = false

    /// - Parameter storage: where to keep files; `nil` keeps everything in memory.
    public init(storage: UserStore?) {
        self.storage = storage
    }

    /// Whether `name` has at least 3 characters once surrounding whitespace is trimmed.
    public static func isValidName(_ name: String) -> Bool {
        name.trimmingWhitespace().count >= 3
    }

    public var isUserNameValid: Bool { Self.isValidName(profile.name) }

    /// Registers the name in `profile`, trimmed.
    ///
    /// With `settings.rememberUser` the profile is saved, so the next start skips
    /// registration; without it any saved profile is removed. Settings are saved either
    /// way. Does nothing while the name is not valid.
    public func register() {
        guard isUserNameValid else { return }
        profile.name = profile.name.trimmingWhitespace()
        if let storage {
            attempt("save the profile") {
                if settings.rememberUser {
                    try storage.saveProfile(profile)
                } else {
                    try storage.removeProfile()
                }
            }
        }
        saveSettings()
        isRegistered = true
    }

    /// Reads the saved profile, settings and progress; anything missing or unusable
    /// gets defaults. Registered afterwards only if a valid profile was saved.
    public func load() {
        guard let storage else { return }
        profile = value(storage.loadProfile()) ?? Profile()
        isRegistered = Self.isValidName(profile.name)
        settings = value(storage.loadSettings()) ?? Settings()
        progress = value(storage.loadProgress()) ?? Progress()
        progressIsLoaded = true
    }

    /// Saves `settings` now (the settings page calls this as they change).
    public func saveSettings() {
        guard let storage else { return }
        attempt("save the settings") { try storage.saveSettings(settings) }
    }

    /// Counts one answer for `question` and saves the progress file.
    public func recordResult(question: String, correct: Bool) {
        if let storage, !progressIsLoaded {
            progress = value(storage.loadProgress()) ?? progress
            progressIsLoaded = true
        }
        progress.record(question: question, correct: correct)
        guard let storage else { return }
        attempt("save progress") { try storage.saveProgress(progress) }
    }

    /// Clears `problems` once they have been shown.
    public func dismissProblems() {
        problems = []
    }

    private func value<Value>(_ stored: StoredValue<Value>) -> Value? {
        switch stored {
        case .missing:
            return nil
        case .loaded(let value):
            return value
        case .unusable(let problem):
            problems.append(problem)
            return nil
        }
    }

    private func attempt(_ action: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            problems.append("Could not \(action): \(error)")
        }
    }
}
