import Foundation
@testable import KuchiModel
import Testing

@Suite("Sync: the folder, the database and the settings")
struct SyncFolderTests {
    @Test("the database is refused inside the sync folder, and inside a folder Syncthing or Dropbox syncs, saying why")
    func databaseNeverInASyncedFolder() throws {
        let temporaryFolder = try TemporaryFolder()
        let root = temporaryFolder.url
        let folder = root.appendingPathComponent("Sync")
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Positive control: a database beside the folder is fine.
        let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
        _ = try SyncFolder(folder: folder.path, dataDirectory: data, store: store)

        let inside = try ReviewStore(path: folder.appendingPathComponent("kuchi/kuchi.sqlite3").path)
        let error = #expect(throws: SyncError.self) { try SyncFolder(folder: folder.path, dataDirectory: data, store: inside) }
        #expect(error?.kind == .databaseInside(database: inside.path, tool: nil))
        #expect(error?.description.contains("cannot sync through \(folder.path)") == true)

        for (mark, tool) in [(".stfolder", "Syncthing"), (".dropbox", "Dropbox"), (".sync_0123abcd.db", "Nextcloud")] {
            let synced = root.appendingPathComponent("synced-\(tool)")
            try FileManager.default.createDirectory(at: synced.appendingPathComponent("deep/data"), withIntermediateDirectories: true)
            try Data().write(to: synced.appendingPathComponent(mark))
            let store = try ReviewStore(path: synced.appendingPathComponent("deep/data/kuchi.sqlite3").path)
            let error = #expect(throws: SyncError.self) { try SyncFolder(folder: folder.path, dataDirectory: data, store: store) }
            #expect(error?.kind == .databaseInside(database: store.path, tool: tool))
        }
    }

    @Test("a missing folder, a relative path and a folder of a newer format are refused, naming the folder")
    func refusals() throws {
        let temporaryFolder = try TemporaryFolder()
        let data = temporaryFolder.url.appendingPathComponent("data")
        let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
        let missing = temporaryFolder.url.appendingPathComponent("nowhere").path
        #expect(throws: SyncError(folder: missing, kind: .missing)) { try SyncFolder(folder: missing, dataDirectory: data, store: store) }
        #expect(throws: SyncError(folder: "Sync", kind: .notAbsolute)) { try SyncFolder(folder: "Sync", dataDirectory: data, store: store) }
        let newer = temporaryFolder.url.appendingPathComponent("newer")
        try FileManager.default.createDirectory(at: newer, withIntermediateDirectories: true)
        try Data(#"{"format":"kuchi-sync","version":2}"#.utf8).write(to: newer.appendingPathComponent("kuchi-sync.json"))
        #expect(throws: SyncError(folder: newer.path, kind: .newerFormat(2))) {
            try SyncFolder(folder: newer.path, dataDirectory: data, store: store)
        }
        // The marker a new folder gets, read back by the same check.
        let fresh = temporaryFolder.url.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        _ = try SyncFolder(folder: fresh.path, dataDirectory: data, store: store)
        #expect(try String(contentsOf: fresh.appendingPathComponent("kuchi-sync.json"), encoding: .utf8) == "{\"format\":\"kuchi-sync\",\"version\":1}\n")
    }

    @Test("the device id is made once and kept in the data folder, not the sync folder")
    func deviceID() throws {
        let temporaryFolder = try TemporaryFolder()
        let first = try SyncDevice.id(in: temporaryFolder.url)
        #expect(try SyncDevice.id(in: temporaryFolder.url) == first)
        #expect(SyncDevice.isValid(first) && first.count == 16)
        #expect(try SyncDevice.replace(in: temporaryFolder.url) != first)
    }

    @Test("\"syncFolder\" in settings.json: absent is no sync, an absolute path is kept and written back, a relative one is refused")
    func settingsKey() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Settings.self, from: Data("{}".utf8)).syncFolder == nil)
        let settings = try decoder.decode(Settings.self, from: Data(#"{"syncFolder": "/home/me/Sync"}"#.utf8))
        #expect(settings.syncFolder == "/home/me/Sync")
        let written = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        #expect(written.contains(#""syncFolder":"\/home\/me\/Sync""#))
        #expect(throws: DecodingError.self) { try decoder.decode(Settings.self, from: Data(#"{"syncFolder": "Sync"}"#.utf8)) }
    }
}
