import Foundation
import Testing
import KuchiModel

@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("a write replaces the contents and leaves no temporary file")
    func writeReplaces() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("settings.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.json"])
    }

    @Test("a crash between the write and the rename leaves the old file intact")
    func crashBeforeRename() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("profile.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        var temporaryContents: Data?
        #expect(throws: simulatedCrash) {
            try AtomicFile.write(Data("new".utf8), to: file) { (temporary: URL) throws(AtomicFile.WriteError) in
                temporaryContents = try? Data(contentsOf: temporary)
                throw simulatedCrash
            }
        }
        // The new data had been written and flushed in full, just not put in place.
        #expect(temporaryContents == Data("new".utf8))
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["profile.json"])
    }

    @Test("missing parent directories are created, readable by the owner only")
    func createsPrivateDirectories() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let parent = directory.appendingPathComponent("a/kuchi")
        try AtomicFile.write(Data("{}".utf8), to: parent.appendingPathComponent("progress.json"))
        let attributes = try FileManager.default.attributesOfItem(atPath: parent.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test("an empty write gives an empty file")
    func emptyData() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("empty")
        try AtomicFile.write(Data(), to: file)
        #expect(try Data(contentsOf: file).isEmpty)
    }
}

/// Stands for the process dying between the write and the rename.
private let simulatedCrash = AtomicFile.WriteError(path: LocalPath("/crash"), operation: "crash", error: SystemError(code: 0))
