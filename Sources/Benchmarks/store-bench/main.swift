// The review store against a synthetic history: 100,000 cards, 1,000,000 reviews; and,
// first, typed answers (TypedAnswerBench.swift), furigana over a word list
// (FuriganaBench.swift), a zip bomb refused (ZipBombBench.swift) and the bundled
// dictionary's lookups (DictionaryBench.swift). Prints medians
// against the targets; it asserts nothing. `--anki PACKAGE` measures an Anki package's
// check and import instead; `--hostile [--timeout SECONDS] [--only FILE]` the hostile
// packages of issue 30 (HostileBench.swift), each checked and imported in a process of
// its own, then Cancel (CancelBench.swift). Run it in release:
//   swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld --product store-bench
// `--typed`, `--furigana`, `--zip-bomb`, `--replay` (a package's history replayed into the
// review store, ReplayBench.swift) and `--dictionary` (the bundled dictionary's lookups,
// DictionaryBench.swift), `--sync` (a sync folder merged, SyncBench.swift) and `--sync-deck` (a
// 1,000-card deck with sounds carried across, SyncDeckBench.swift) print that table only. `--optimizer [--reviews N] [--cards N]`
// fits FSRS parameters to a simulated learner's log (OptimizerBench.swift), beside
// fsrs-rs-python when KUCHI_FSRS_PYTHON names a python that has it. `--handwriting`:
// Zinnia's recognition of one character, and its share of the N5–N3 kanji traced from
// KanjiVG, each stroke handed over whole and simplified within a few tolerances, and
// written by a shaky hand (HandwritingBench.swift).
import BenchSupport
import Foundation
import KuchiModel

// `--hostile-case MODE PACKAGE WORK`: one hostile case, in the child HostileBench starts.
if let flag = CommandLine.arguments.firstIndex(of: "--hostile-case"), flag + 3 < CommandLine.arguments.count {
    let arguments = CommandLine.arguments
    HostileBench.runCase(mode: arguments[flag + 1], package: arguments[flag + 2], work: arguments[flag + 3])
    exit(0)
}
if CommandLine.arguments.contains("--hostile") {
    let arguments = CommandLine.arguments
    let timeout = arguments.firstIndex(of: "--timeout").flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? 60
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    try HostileBench.table(timeout: timeout, only: only).print()
    if !arguments.contains("--no-cancel") {
        try CancelBench.table(package: HostileBench.folder.appendingPathComponent("big-collection.apkg")).print()
    }
    exit(0)
}

// `--anki PACKAGE`: only the Anki import (AnkiImportBench.swift), so its peak memory is its own.
if let flag = CommandLine.arguments.firstIndex(of: "--anki"), flag + 1 < CommandLine.arguments.count {
    try AnkiImportBench.table(package: CommandLine.arguments[flag + 1]).print()
    exit(0)
}

if CommandLine.arguments.contains("--optimizer") {
    let arguments = CommandLine.arguments
    func number(_ flag: String, _ fallback: Int) -> Int {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
    }
    try OptimizerBench.table(reviews: number("--reviews", 100_000), cards: number("--cards", 10_000)).print()
    exit(0)
}
if CommandLine.arguments.contains("--furigana") {
    try FuriganaBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--replay") {
    try ReplayBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--sync-deck") {
    try SyncDeckBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--sync") {
    try SyncBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--sync-words") {
    try SyncWordsBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--zip-bomb") {
    try ZipBombBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--dictionary") {
    try DictionaryBench.table().print()
    exit(0)
}
if CommandLine.arguments.contains("--handwriting") {
    HandwritingBench.table().print()
    exit(0)
}

var typedTable = try TypedAnswerBench.table()
try TypedAnswerBench.committed(into: &typedTable)
typedTable.print()
// `store-bench --typed` stops here.
if CommandLine.arguments.contains("--typed") { exit(0) }
try FuriganaBench.table().print()
try ZipBombBench.table().print()
try DictionaryBench.table().print()

let cardCount = 100_000
let newCardCount = 10_000
let reviewsPerCard = 10
let now = Date()
let studyDay = StudyDay(rolloverHour: 4)

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-store-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
// STORE_BENCH_KEEP=1 keeps the database for a look with the sqlite3 shell.
defer {
    if ProcessInfo.processInfo.environment["STORE_BENCH_KEEP"] == nil {
        try? FileManager.default.removeItem(at: folder)
    } else {
        print("kept \(folder.path)")
    }
}
let path = folder.appendingPathComponent("kuchi.sqlite3").path

let history = SyntheticHistory(cards: cardCount, newCards: newCardCount, reviewsPerCard: reviewsPerCard, now: now)
let deck = SyntheticHistory.deck
var table = Table("Review store: \(cardCount) cards with a history in a deck of \(history.questions.count), "
    + "\(cardCount * reviewsPerCard) reviews (medians)")
_ = try ReviewStore(path: path)  // creates the schema
let build = try Measure.time { try history.write(to: path) }
table.add("build the synthetic history (bulk insert, once)", String(format: "%.1f s", build))

let open = try Measure.median(runs: 9) { _ = try ReviewStore(path: path) }
table.add("open the store (quick_check of all but the log)", formatMilliseconds(open, digits: 2), target: "≤ 150 ms")
let check = try Measure.median(runs: 3) { try ReviewStore.checkReviewLog(path: path) }
table.add("check the review log (in the background)", formatMilliseconds(check, digits: 2))

var store = try ReviewStore(path: path)
@MainActor func buildSession() throws {
    _ = try store.dueCards(deck: deck, at: now, limit: 200)
    _ = try store.newQuestions(deck: deck, in: history.questions, limit: 20)
    _ = try store.newCardCount(deck: deck, firstReviewedSince: studyDay.start(of: now))
}
let register = try Measure.time { try buildSession() }
table.add("first session after the deck list changed (registers it)", formatMilliseconds(register, digits: 2))
store = try ReviewStore(path: path)
let firstSession = try Measure.time { try buildSession() }
table.add("first session of a run (reads the list's fingerprint)", formatMilliseconds(firstSession, digits: 2))
let session = try Measure.median(runs: 21) { try buildSession() }
table.add("build a session (due 200 + new 20 + new today)", formatMilliseconds(session, digits: 2), target: "≤ 20 ms")
let due = try Measure.median(runs: 21) { _ = try store.dueCards(deck: deck, at: now, limit: 200) }
table.add("  of which: due cards", formatMilliseconds(due, digits: 2))
let new = try Measure.median(runs: 21) { _ = try store.newQuestions(deck: deck, in: history.questions, limit: 20) }
table.add("  of which: new cards (100,000 reviewed come first)", formatMilliseconds(new, digits: 2))

// Half the reviews are of cards with a history, half of new ones.
var commits: [Double] = []
for index in 0..<200 {
    let question = history.questions[index % 2 == 0 ? index * 400 : cardCount + index]
    let time = now.addingTimeInterval(Double(index))
    let review = Review(
        card: CardID(deck: deck, question: question), rating: .good, time: time, answerTime: .milliseconds(1_800),
        after: FSRSCard(state: .review, step: nil, stability: 4, difficulty: 5,
                        due: time.addingTimeInterval(4 * 86_400), lastReview: time))
    commits.append(try Measure.time { try store.record(review) })
}
table.add("commit one review durably", formatMilliseconds(Measure.medianOf(commits), digits: 2), target: "median ≤ 2 ms")
table.add("  90th percentile", formatMilliseconds(Measure.percentile(commits, 0.9), digits: 2))

let statistics = try Measure.median(runs: 9) {
    _ = try store.statistics(deck: deck, deckSize: history.questions.count, at: now, studyDay: studyDay)
}
table.add("statistics (states, 30 days, 14-day forecast, retention)", formatMilliseconds(statistics, digits: 2), target: "≤ 100 ms")

func size(_ file: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0 }
let mebibytes = Double(size(path) + size(path + "-wal")) / 1_048_576
table.add("database size (file + WAL)", String(format: "%.1f MiB", mebibytes))
table.print()
