import Foundation
import KuchiModel
import Testing

@Suite("Review store: locks and permissions")
struct ReviewStoreAccessTests {
    @Test("a database held exclusively by another program is reported as locked and left as it is")
    func exclusiveLockReported() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        let other = try SQLiteDatabase(path: path)
        try other.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE")

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error?.kind == .locked)
        #expect(error?.description == "\(path) is in use by another program (is Kuchi already running?)")
        try other.execute("COMMIT")
        #expect(try other.integer("SELECT count(*) FROM review") == 1)
    }

    @Test("a review while another connection holds the write lock is refused as locked, writing nothing")
    func writeLockReported() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        let other = try SQLiteDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")

        let error = #expect(throws: ReviewStoreError.self) { try store.record(makeReview("犬", at: 0)) }
        #expect(error?.kind == .locked)
        try other.execute("COMMIT")
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "犬")) == nil)
        try store.record(makeReview("犬", at: 0))  // once the lock is gone, it works
    }

    @Test("a database in a read-only folder is reported as read-only", arguments: [false, true])
    func readOnlyFolder(databaseExists: Bool) throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        if databaseExists { try ReviewStore(path: path).record(makeReview("犬", at: 0)) }
        let before = try? Data(contentsOf: URL(fileURLWithPath: path))
        try makeReadOnly(directory)
        defer { makeWritable(directory) }

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error?.kind == .readOnly)
        #expect(error?.description == "\(path) cannot be written: the file or its folder is read-only")
        let after = try? Data(contentsOf: URL(fileURLWithPath: path))
        #expect(after == before)
    }
}

/// Makes `directory` read-only even for root, who ignores permission bits: then the
/// immutable attribute is used. Cancels the test where neither works.
private func makeReadOnly(_ directory: URL) throws {
    chmod(directory.path, 0o500)
    if !canCreateFile(in: directory) { return }
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = ["+i", directory.path]
    chattr.standardError = FileHandle.nullDevice
    try? chattr.run()
    chattr.waitUntilExit()
    if canCreateFile(in: directory) {
        try Test.cancel("cannot make a folder read-only here (root without chattr +i)")
    }
}

private func makeWritable(_ directory: URL) {
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = ["-i", directory.path]
    chattr.standardError = FileHandle.nullDevice
    try? chattr.run()
    chattr.waitUntilExit()
    chmod(directory.path, 0o700)
}

private func canCreateFile(in directory: URL) -> Bool {
    let probe = directory.appendingPathComponent("probe").path
    let descriptor = open(probe, O_CREAT | O_WRONLY, 0o600)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    unlink(probe)
    return true
}
