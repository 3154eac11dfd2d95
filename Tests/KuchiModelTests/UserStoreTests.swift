import Foundation
import Testing
import KuchiModel

@MainActor
@Suite("Corrupt user files")
struct UserStoreTests {
    @Test("a settings file that is not JSON is moved aside, reported with its line and column, and defaults used")
    func corruptSettingsMovedAside() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = fixedClockStore(in: directory)
        let original = Data("{\n \"numberOfQuestions\": 12,\n oops\n}".utf8)
        try write(original, to: store.location.settingsFile)

        let manager = UserManager(storage: store)
        manager.load()
        let aside = store.location.settingsFile.path + ".corrupt-20261122T001500"
        #expect(manager.settings == Settings())
        #expect(manager.problems == [
            "\(store.location.settingsFile.path) was corrupt (not valid JSON: line 3, column 2: expected a key in double quotes); "
                + "moved aside to \(aside); using defaults",
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == original)
        #expect(!FileManager.default.fileExists(atPath: store.location.settingsFile.path))
    }

    @Test("a profile with a value of the wrong type is moved aside, naming the key")
    func wrongTypeProfileMovedAside() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = fixedClockStore(in: directory)
        try write(Data(#"{"name": 42}"#.utf8), to: store.location.profileFile)

        let manager = UserManager(storage: store)
        manager.load()
        #expect(!manager.isRegistered)
        #expect(manager.profile == Profile())
        let problem = try #require(manager.problems.first)
        #expect(problem.contains("profile.json was corrupt (key 'name': expected String)"))
        #expect(problem.contains("moved aside to \(store.location.profileFile.path).corrupt-20261122T001500"))
    }

    @Test("a second corrupt file in the same second does not overwrite the first one moved aside")
    func movedAsideNamesDoNotCollide() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = fixedClockStore(in: directory)
        for contents in ["first", "second"] {
            try write(Data(contents.utf8), to: store.location.progressFile)
            guard case .unusable = store.loadProgress() else { Issue.record("loaded garbage"); return }
        }
        let base = store.location.progressFile.path + ".corrupt-20261122T001500"
        #expect(try Data(contentsOf: URL(fileURLWithPath: base)) == Data("first".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: base + "-2")) == Data("second".utf8))
    }

    @Test("an empty file counts as corrupt")
    func emptyFileCorrupt() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = fixedClockStore(in: directory)
        try write(Data(), to: store.location.profileFile)
        guard case .unusable(let problem) = store.loadProfile() else { Issue.record("loaded nothing"); return }
        #expect(problem.contains("(empty file)"))
    }

    @Test("no file is simply missing, with no problem")
    func missingIsNotAProblem() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = UserManager(storage: fixedClockStore(in: directory))
        manager.load()
        #expect(manager.problems.isEmpty)
        #expect(!manager.isRegistered)
    }
}

/// 2026-11-22 00:15:00 UTC, so moved-aside names are known in advance.
private func fixedClockStore(in directory: URL) -> UserStore {
    UserStore(
        location: StorageLocation(
            configDirectory: directory.appendingPathComponent("config"),
            dataDirectory: directory.appendingPathComponent("data")
        ),
        now: { Date(timeIntervalSince1970: 1_795_306_500) }
    )
}

private func write(_ data: Data, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
}
