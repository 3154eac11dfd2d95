import Foundation
import KuchiModel
import Testing

@Suite("Review store: importing the old progress.json")
struct LegacyProgressImportTests {
    @Test("the counts are imported once; the file stays as the backup, and later changes to it are not imported")
    func importsOnce() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("progress.json")
        try Data(twoQuestions.utf8).write(to: file)
        let store = try ReviewStore(path: storePath(in: directory))

        #expect(try store.importLegacyProgress(from: file, at: storeEpoch) == .imported(questions: 2))
        #expect(try store.legacyProgress() == Progress(questions: [
            "犬": .init(correct: 3, wrong: 1), "猫": .init(correct: 0, wrong: 2),
        ]))
        #expect(try Data(contentsOf: file) == Data(twoQuestions.utf8))

        try Data(#"{"questions": {"鳥": {"correct": 9, "wrong": 9}}}"#.utf8).write(to: file)
        let reopened = try ReviewStore(path: storePath(in: directory))
        #expect(try reopened.importLegacyProgress(from: file, at: storeEpoch) == .alreadyDone)
        #expect(try reopened.legacyProgress().questions.keys.sorted() == ["犬", "猫"])
    }

    @Test("no progress.json is nothing to import, and the import stays possible")
    func missingFile() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("progress.json")
        let store = try ReviewStore(path: storePath(in: directory))
        #expect(try store.importLegacyProgress(from: file, at: storeEpoch) == .noFile)

        try Data(twoQuestions.utf8).write(to: file)
        #expect(try store.importLegacyProgress(from: file, at: storeEpoch) == .imported(questions: 2))
    }

    @Test("a corrupt progress.json is reported with where it is wrong, imports nothing, and is left in place",
          arguments: [
              (#"{"questions": {"犬": {"correct": 3,, "wrong": 1}}}"#, "not valid JSON: line 1, column 35: expected a key in double quotes"),
              (#"{"questions": {"犬": {"correct": "three", "wrong": 1}}}"#, "'questions.犬.correct' must be a whole number"),
              (#"{"questions": {"犬": {"correct": -3, "wrong": 1}}}"#, "a negative count for '犬'"),
              ("", "empty file"),
          ])
    func corruptFile(contents: String, problem: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let file = directory.appendingPathComponent("progress.json")
        try Data(contents.utf8).write(to: file)
        let store = try ReviewStore(path: storePath(in: directory))

        let error = #expect(throws: ReviewStoreError.self) { try store.importLegacyProgress(from: file, at: storeEpoch) }
        #expect(error?.path == file.path)
        guard case .unreadableProgress(let detail) = error?.kind else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix(problem))
        #expect(try Data(contentsOf: file) == Data(contents.utf8))
        #expect(try store.legacyProgress() == Progress())

        try Data(twoQuestions.utf8).write(to: file)  // once fixed, it can still be imported
        #expect(try store.importLegacyProgress(from: file, at: storeEpoch) == .imported(questions: 2))
    }
}

private let twoQuestions = #"{"questions": {"犬": {"correct": 3, "wrong": 1}, "猫": {"correct": 0, "wrong": 2}}}"#
