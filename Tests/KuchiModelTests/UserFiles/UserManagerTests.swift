import Foundation
import Testing
import KuchiModel

@MainActor
@Suite("Registration and persistence")
struct UserManagerTests {
    @Test("names shorter than three characters after trimming are invalid", arguments: ["", "ab", "  ab  ", "\tab "])
    func shortNamesInvalid(name: String) {
        #expect(!UserManager.isValidName(name))
    }

    @Test("names of three or more characters are valid", arguments: ["abc", "  abc ", "花子さん"])
    func longNamesValid(name: String) {
        #expect(UserManager.isValidName(name))
    }

    @Test("registering trims the name and registers")
    func registerTrims() {
        let manager = UserManager(storage: nil)
        manager.profile.name = "  Hanako  "
        manager.register()
        #expect(manager.isRegistered)
        #expect(manager.profile.name == "Hanako")
    }

    @Test("an invalid name does not register")
    func invalidNameDoesNotRegister() {
        let manager = UserManager(storage: nil)
        manager.profile.name = " ab "
        manager.register()
        #expect(!manager.isRegistered)
    }

    @Test("with remember me on, the next start loads the profile")
    func rememberedProfileLoads() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let first = UserManager(storage: store(in: directory))
        first.profile.name = "Hanako"
        first.settings.rememberUser = true
        first.register()

        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(next.isRegistered)
        #expect(next.profile.name == "Hanako")
        #expect(next.problems.isEmpty)
    }

    @Test("with remember me off, a saved profile is removed and the next start registers again")
    func forgottenProfileRemoved() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let location = store(in: directory).location
        let first = UserManager(storage: store(in: directory))
        first.profile.name = "Hanako"
        first.register()
        #expect(FileManager.default.fileExists(atPath: location.profileFile.path))

        let second = UserManager(storage: store(in: directory))
        second.profile.name = "Taro"
        second.settings.rememberUser = false
        second.register()
        #expect(!FileManager.default.fileExists(atPath: location.profileFile.path))

        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(!next.isRegistered)
        #expect(next.profile.name == "")
    }

    @Test("settings are saved at registration either way", arguments: [true, false])
    func settingsSavedEitherWay(remember: Bool) throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let manager = UserManager(storage: store(in: directory))
        manager.profile.name = "Hanako"
        manager.settings.rememberUser = remember
        manager.settings.questionsPerSession = 12
        manager.register()

        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(next.settings.rememberUser == remember)
        #expect(next.settings.questionsPerSession == 12)
    }

    @Test("a write that fails is reported in words, not thrown")
    func writeFailureReported() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let (manager, blocked) = registeredWithBlockedConfig(in: directory)
        #expect(manager.isRegistered)
        #expect(Set(manager.saveProblems.keys) == [.profile, .settings])
        let problem = try #require(manager.saveProblems[.settings]?.message)
        #expect(problem.hasPrefix("Kuchi could not save your settings to \(blocked.path)/settings.json: "))
        #expect(problem.contains("tries again with your next change"))
    }

    @Test("a failed save is written with the next change once the folder is usable, and its problem clears")
    func failedSaveRetried() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let (manager, blocked) = registeredWithBlockedConfig(in: directory)
        #expect(manager.saveProblems[.settings] != nil)

        try FileManager.default.removeItem(at: blocked)
        // A settings change saves its own file and the profile still pending.
        manager.settings.dailyNewCards = 30
        #expect(manager.saveProblems.isEmpty)
        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(next.isRegistered)
        #expect(next.profile.name == "Hanako")
        #expect(next.settings.dailyNewCards == 30)
    }

    @Test("what is still unsaved gets one more try when asked (the app asks at quit)")
    func failedSaveRetriedAtQuit() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let (manager, blocked) = registeredWithBlockedConfig(in: directory)
        manager.saveFailedFiles()
        #expect(Set(manager.saveProblems.keys) == [.profile, .settings], "positive control: still blocked")

        try FileManager.default.removeItem(at: blocked)
        manager.saveFailedFiles()
        #expect(manager.saveProblems.isEmpty)
        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(next.profile.name == "Hanako")
    }

    @Test("once registered, a settings change is saved as it happens; before, it is not")
    func settingsAutosave() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let location = store(in: directory).location
        let manager = UserManager(storage: store(in: directory))
        manager.settings.dailyNewCards = 7
        #expect(!FileManager.default.fileExists(atPath: location.settingsFile.path))
        manager.profile.name = "Hanako"
        manager.register()
        manager.settings.dailyNewCards = 35
        manager.settings.questionsPerSession = 4

        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(next.settings.dailyNewCards == 35)
        #expect(next.settings.questionsPerSession == 4)
    }

    @Test("Forget me removes the profile and keeps the settings")
    func forgetMe() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let location = store(in: directory).location
        let manager = UserManager(storage: store(in: directory))
        manager.profile.name = "Hanako"
        manager.settings.questionsPerSession = 9
        manager.register()
        #expect(FileManager.default.fileExists(atPath: location.profileFile.path))
        manager.forget()
        #expect(!manager.isRegistered)
        #expect(manager.profile.name.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: location.profileFile.path))

        let next = UserManager(storage: store(in: directory))
        next.load()
        #expect(!next.isRegistered)
        #expect(next.settings.questionsPerSession == 9)
    }

    @Test("names longer than the limit are not valid")
    func overlongNameInvalid() {
        #expect(UserManager.isValidName(String(repeating: "あ", count: Profile.maximumNameLength)))
        #expect(!UserManager.isValidName(String(repeating: "あ", count: Profile.maximumNameLength + 1)))
    }
}

private func store(in directory: URL) -> UserStore {
    UserStore(location: StorageLocation(
        configDirectory: directory.appendingPathComponent("config"),
        dataDirectory: directory.appendingPathComponent("data")
    ))
}

/// Hanako registered while a file stands where the config folder should be, so every
/// save there fails; remove `blocked` to let the next save through.
@MainActor
private func registeredWithBlockedConfig(in directory: URL) -> (manager: UserManager, blocked: URL) {
    let blocked = directory.appendingPathComponent("config")
    #expect(FileManager.default.createFile(atPath: blocked.path, contents: Data()))
    let manager = UserManager(storage: store(in: directory))
    manager.profile.name = "Hanako"
    manager.register()
    return (manager, blocked)
}
