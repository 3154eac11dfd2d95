import Foundation
import Testing
import KuchiModel

@MainActor
@Suite("Corrupt user files")
struct UserStoreTests {
    @Test("a settings file that is not JSON is moved aside, reported with its line and column, and defaults used")
    func corruptSettingsMovedAside() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = fixedClockStore(in: directory)
        let original = Data("{\n \"numberOfQuestions\": 12,\n oops\n}".utf8)
        try write(original, to: store.location.settingsFile)

        let manager = UserManager(storage: store)
        manager.load()
        let aside = store.location.settingsFile.path + ".corrupt-20261122T001500"
        #expect(manager.settings == Settings())
        #expect(manager.problems == [
            "The file with your settings, \(store.location.settingsFile.path), could not be used: it is not valid JSON "
                + "(line 3, column 2: expected a key in double quotes). Kuchi moved it aside to "
                + "settings.json.corrupt-20261122T001500, in the same folder, and uses the default settings. "
                + "Nothing was deleted.",
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == original)
        #expect(!FileManager.default.fileExists(atPath: store.location.settingsFile.path))
    }

    @Test("a profile with a value of the wrong type is moved aside, naming the key")
    func wrongTypeProfileMovedAside() throws {
        let problem = try #require(try problemLoading(#"{"name": 42}"#, as: .profile))
        #expect(problem.contains("could not be used: 'name' must be text."), "\(problem)")
        #expect(problem.contains("moved it aside to profile.json.corrupt-20261122T001500"))
    }

    @Test("a number of questions with a fraction is named with the rule and the value, in one sentence")
    func fractionalQuestions() throws {
        let problem = try #require(try problemLoading(#"{"numberOfQuestions": 3.7}"#, as: .settings))
        #expect(problem.contains("could not be used: 'numberOfQuestions' must be a whole number from 3 to 20; "
            + "it was 3.7. Kuchi moved it aside"), "\(problem)")
        #expect(!problem.contains(".."), "\(problem)")
        let text = try #require(try problemLoading(#"{"dailyNewCards": "many"}"#, as: .settings))
        #expect(text.contains("'dailyNewCards' must be a whole number from 1 to 200. Kuchi"), "\(text)")
    }

    @Test("whole numbers written with a fraction or exponent, and values out of range, are still read")
    func wholeNumbersStillRead() throws {
        let settings = try JSONDecoder().decode(
            Settings.self, from: Data(#"{"numberOfQuestions": 7.0, "dailyNewCards": 1e2, "desiredRetention": 99}"#.utf8))
        #expect(settings.questionsPerSession == 7 && settings.dailyNewCards == 100 && settings.desiredRetention == 95)
    }

    @Test("a null name is reported in words", arguments: [#"{"name": null}"#, #"{}"#])
    func nullName(text: String) throws {
        let problem = try #require(try problemLoading(text, as: .profile))
        #expect(problem.contains("'name' is null; it must be text") || problem.contains("'name' is missing"), "\(problem)")
    }

    @Test("an overlong name is refused, so no label ever lays it out")
    func overlongName() throws {
        let name = String(repeating: "x", count: 65_000)
        let problem = try #require(try problemLoading(#"{"name": "\#(name)"}"#, as: .profile))
        #expect(problem.contains("the name is longer than 64 characters"), "\(problem.prefix(300))")
    }

    @Test("text that is not UTF-8 is reported with the byte")
    func invalidUTF8() throws {
        let problem = try #require(try problemLoading(Data([0x7B, 0xFF, 0x7D]), as: .settings))
        #expect(problem.contains("it is not valid UTF-8 text (at byte 1)"), "\(problem)")
    }

    @Test("a file over the size limit is refused without being read in full")
    func hugeFile() throws {
        let problem = try #require(try problemLoading(Data(repeating: 0x20, count: 2 << 20), as: .settings))
        #expect(problem.contains("it is too large (2 MiB; at most 1 MiB)"), "\(problem)")
    }

    @Test("a folder where the file should be is moved aside too")
    func folderInPlace() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = fixedClockStore(in: directory)
        try FileManager.default.createDirectory(at: store.location.settingsFile, withIntermediateDirectories: true)
        guard case .unusable(let problem) = store.loadSettings() else { Issue.record("read a folder"); return }
        #expect(problem.message.contains("could not be used: it is a folder, not a file."), "\(problem)")
        #expect(!problem.keepsFileInPlace)
        #expect(!FileManager.default.fileExists(atPath: store.location.settingsFile.path))
    }

    @Test("a named pipe where the file should be is refused at once instead of blocking")
    func namedPipe() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = fixedClockStore(in: directory)
        try FileManager.default.createDirectory(at: store.location.configDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(store.location.settingsFile.path, 0o600) == 0)
        guard case .unusable(let problem) = store.loadSettings() else { Issue.record("read a pipe"); return }
        #expect(problem.message.contains("it is a named pipe, not a file"), "\(problem)")
    }

    @Test("a second corrupt file in the same second does not overwrite the first one moved aside")
    func movedAsideNamesDoNotCollide() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = fixedClockStore(in: directory)
        for contents in ["first", "second"] {
            try write(Data(contents.utf8), to: store.location.settingsFile)
            guard case .unusable = store.loadSettings() else { Issue.record("loaded garbage"); return }
        }
        let base = store.location.settingsFile.path + ".corrupt-20261122T001500"
        #expect(try Data(contentsOf: URL(fileURLWithPath: base)) == Data("first".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: base + "-2")) == Data("second".utf8))
    }

    @Test("an empty file counts as corrupt")
    func emptyFileCorrupt() throws {
        let problem = try #require(try problemLoading(Data(), as: .profile))
        #expect(problem.contains("could not be used: it is empty."))
    }

    @Test("no file is simply missing, with no problem")
    func missingIsNotAProblem() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let manager = UserManager(storage: fixedClockStore(in: directory))
        manager.load()
        #expect(manager.problems.isEmpty)
        #expect(!manager.isRegistered)
    }

    @Test("temporary files left by an interrupted write are removed at start, and nothing else")
    func staleTemporaryFilesRemoved() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = fixedClockStore(in: directory)
        let config = store.location.configDirectory
        try write(Data("{}".utf8), to: config.appendingPathComponent(".settings.json.tmp-1234"))
        try write(Data("{}".utf8), to: store.location.dataDirectory.appendingPathComponent(".progress.json.tmp-5678"))
        try write(Data("{}".utf8), to: config.appendingPathComponent(".notes.tmp-1"))
        try write(Data(#"{"name": "Hanako"}"#.utf8), to: store.location.profileFile)
        UserManager(storage: store).load()
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.path).sorted() == [".notes.tmp-1", "profile.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.location.dataDirectory.path).isEmpty)
    }

}

/// Loads `contents` as `file` through a manager and returns the one problem reported.
@MainActor
private func problemLoading(_ contents: String, as file: UserFile) throws -> String? {
    try problemLoading(Data(contents.utf8), as: file)
}

@MainActor
private func problemLoading(_ contents: Data, as file: UserFile) throws -> String? {
    let temporaryFolder = try TemporaryFolder()
    let directory = temporaryFolder.url
    let store = fixedClockStore(in: directory)
    try write(contents, to: store.location.url(of: file))
    let manager = UserManager(storage: store)
    manager.load()
    #expect(manager.loadProblems.count == 1)
    let aside = URL(fileURLWithPath: store.location.url(of: file).path + ".corrupt-20261122T001500")
    #expect(try Data(contentsOf: aside) == contents, "the file moved aside is the file as it was")
    return manager.loadProblems.first?.message
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
