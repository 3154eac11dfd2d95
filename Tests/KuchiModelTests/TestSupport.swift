import Foundation
import KuchiModel
// Every test that writes files does so in a `TemporaryFolder` of its own.
@_exported import TemporaryFolderFixture

/// Where the repository's files are, found from this source file's own path.
///
/// SwiftPM test resources would need declaring in Package.swift; reading the files in
/// place needs nothing, and works the same from the scratch package that symlinks this
/// folder (hence resolving symlinks before walking up).
enum RepositoryPaths {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            let manifest = directory.appendingPathComponent("Package.swift").path
            let decks = directory.appendingPathComponent("data/decks").path
            if FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: decks) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("no directory above \(#filePath) holds Package.swift and data/decks")
    }()

    static var decks: URL { root.appendingPathComponent("data/decks") }

    static var badDecks: URL {
        root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/bad-decks")
    }
}

/// A session length no test reaches.
let endless: @MainActor () -> Int = { Int.max }

@MainActor
extension ChallengesViewModel {
    /// Answers the current question right and goes to the next one.
    func moveOn() {
        if !showsChoices { toggleChoices() }
        if let test = currentChallenge, let index = test.answers.firstIndex(where: test.isCorrect) {
            answer(index)
        }
        acknowledgeFeedback()
    }

    /// The index of a right (or a wrong) choice for the current question.
    func choice(correct: Bool) -> Int? {
        guard let test = currentChallenge else { return nil }
        return test.answers.firstIndex { test.isCorrect($0) == correct }
    }
}

/// A review of `question` in `deck` at `seconds` after ``storeEpoch``, leaving the card in
/// `state` and due `dueIn` seconds after the review.
func makeReview(
    _ question: String, deck: String = "jlpt-n5", rating: FSRSRating = .good, at seconds: TimeInterval,
    state: FSRSState = .review, dueIn: TimeInterval = 86_400
) -> Review {
    let time = storeEpoch.addingTimeInterval(seconds)
    return Review(
        card: CardID(deck: deck, question: question), rating: rating, time: time, answerTime: .milliseconds(1_500),
        after: FSRSCard(
            state: state, step: state == .review ? nil : 0, stability: 2.5, difficulty: 5.25,
            due: time.addingTimeInterval(dueIn), lastReview: time))
}

/// 2026-11-22 00:15:00 UTC, a whole second, so times round-trip exactly.
let storeEpoch = Date(timeIntervalSince1970: 1_795_306_500)

/// The database file of a store in `directory`.
func storePath(in directory: URL) -> String {
    directory.appendingPathComponent("kuchi.sqlite3").path
}
