import FoundationEssentials
import Observation

/// The user: who they are and their preferences, and keeping them. (What they learnt
/// is in the ``StudyPlanner``'s review log.)
///
/// Nothing here throws to the screens. A file that could not be read is described in
/// ``loadProblems`` (and moved aside, so nothing is lost); one that could not be saved
/// is described in ``saveProblems`` until a later save of it succeeds. Every change
/// saves its own file and tries again the ones that failed before, so a full disk or a
/// read-only folder heals on the next change once the person fixes it, and the app
/// tries once more at quit (``saveFailedFiles()``).
///
/// Creating a manager does no I/O; call ``load()`` once at start-up.
@MainActor
@Observable
public final class UserManager {
    /// The name being typed at registration, then the registered one.
    public var profile = Profile()
    /// Saved as it changes once someone is registered (the settings page writes it).
    public var settings = Settings() {
        didSet {
            if isRegistered, settings != oldValue { save(.settings) }
        }
    }
    /// Whether someone has registered (this run, or a remembered profile was loaded).
    public private(set) var isRegistered = false
    /// Files that could not be used at start-up, until ``dismissProblems()``.
    public private(set) var loadProblems: [UserFileProblem] = []
    /// Files whose last save failed, and why.
    public private(set) var saveProblems: [UserFile: UserFileProblem] = [:]

    @ObservationIgnored private let storage: UserStore?
    /// Files that failed to save and are written again with the next change.
    @ObservationIgnored private var unsaved: Set<UserFile> = []
    /// Files that could be neither read nor moved aside: saving would destroy them.
    @ObservationIgnored private var keptInPlace: Set<UserFile> = []

    /// - Parameter storage: where to keep files; `nil` keeps everything in memory.
    public init(storage: UserStore?) {
        self.storage = storage
    }

    /// Every problem to show, in words: load problems first, then save problems.
    public var problems: [String] {
        loadProblems.map(\.message) + UserFile.allCases.compactMap { saveProblems[$0]?.message }
    }

    /// Whether `name` has 3 to ``Profile/maximumNameLength`` characters once surrounding
    /// whitespace is trimmed.
    public static func isValidName(_ name: String) -> Bool {
        let trimmed = name.trimmingWhitespace()
        return Profile.fitsLength(trimmed) && trimmed.count >= 3
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
        save(.profile, .settings)
        isRegistered = true
    }

    /// Reads the saved profile and settings; anything missing or unusable
    /// gets defaults. Registered afterwards only if a valid profile was saved. Clears
    /// temporary files left by a write that a crash interrupted.
    public func load() {
        guard let storage else { return }
        storage.removeStaleTemporaryFiles()
        // Settings first: once registered, a change of them is saved.
        settings = value(storage.loadSettings()) ?? Settings()
        profile = value(storage.loadProfile()) ?? Profile()
        isRegistered = Self.isValidName(profile.name)
    }

    /// "Forget me": removes the saved profile; the next screen asks for a name again.
    /// Settings and progress stay.
    public func forget() {
        profile = Profile()
        isRegistered = false
        save(.profile)
    }

    /// Writes again every file whose last save failed: the app's last try, at quit.
    public func saveFailedFiles() {
        guard !unsaved.isEmpty else { return }
        save()
    }

    /// Clears ``loadProblems`` once they have been shown. Save problems stay until a
    /// save succeeds: they describe what is still not on disk.
    public func dismissProblems() {
        loadProblems = []
    }

    /// Writes `files` and every file an earlier save could not write.
    private func save(_ files: UserFile...) {
        guard let storage else { return }
        let pending = unsaved
        for file in UserFile.allCases where files.contains(file) || pending.contains(file) {
            guard !keptInPlace.contains(file) else { continue }
            do {
                try write(file, to: storage)
                unsaved.remove(file)
                if saveProblems[file] != nil { saveProblems[file] = nil }
            } catch {
                unsaved.insert(file)
                saveProblems[file] = Self.problem(saving: file, error, location: storage.location)
            }
        }
    }

    private func write(_ file: UserFile, to storage: UserStore) throws(AtomicFile.WriteError) {
        switch file {
        case .profile:
            if settings.rememberUser, isValidProfileToSave {
                try storage.saveProfile(profile)
            } else {
                try storage.removeProfile()
            }
        case .settings: try storage.saveSettings(settings)
        }
    }

    /// A profile is written only once registered: the name being typed is not saved.
    private var isValidProfileToSave: Bool { Self.isValidName(profile.name) }

    private static func problem(
        saving file: UserFile, _ error: AtomicFile.WriteError, location: StorageLocation
    ) -> UserFileProblem {
        let path = LocalPath(location.url(of: file))
        let folder = LocalPath(location.url(of: file).deletingLastPathComponent())
        var message = tr("Kuchi could not save {title} to {file}: {reason}.", ["title": file.title, "file": "\(path)", "reason": error.error.words])
        if let advice = error.error.advice(folder: folder) { message += " " + advice }
        message += " " + tr("Kuchi keeps {title} while it runs and tries again with your next change.", ["title": file.title])
        return UserFileProblem(file: file, path: path, message: message, keepsFileInPlace: false)
    }

    private func value<Value>(_ stored: StoredValue<Value>) -> Value? {
        switch stored {
        case .missing:
            return nil
        case .loaded(let value):
            return value
        case .unusable(let problem):
            loadProblems.append(problem)
            if problem.keepsFileInPlace { keptInPlace.insert(problem.file) }
            return nil
        }
    }
}
