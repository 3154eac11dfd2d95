import Foundation
import KuchiModel
import Testing

@Suite("Review store: crash consistency")
struct ReviewStoreCrashTests {
    /// Kills `store-crash-probe` (built beside the tests) with SIGKILL at random moments
    /// while it records reviews, and after every kill checks the database the way the
    /// next start would find it. A fresh database every 25 kills puts some kills into
    /// creating and migrating one. SIGKILL tests atomicity and consistency; surviving a
    /// power cut also needs the fsyncs of synchronous=FULL, which no test can show.
    @Test("killed at 200 random moments, the database stays intact and keeps every review reported committed")
    func survivesKills() throws {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("store-crash-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "\(probe.path) is not built")
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        var random = SeededRandomNumberGenerator(seed: 20_261_123)
        var killedWhileRecording = 0
        var checked = 0

        for kill in 0..<200 {
            let path = storePath(in: directory.appendingPathComponent("round-\(kill / 25)"))
            let first = try inspect(path, expecting: []).reviews
            let run = try ProbeRun(probe, path: path, first: first)
            // Every other kill lands at a random moment from the launch, so some fall
            // into creating or migrating the database; the others at a random moment
            // after the first review is recorded, so at least half land while recording
            // however slowly the probe starts on a loaded machine.
            if kill.isMultiple(of: 2) {
                try #require(run.waitForLine(startingWith: "committed "), "the probe recorded nothing in 60 s: \(run.errors)")
            }
            usleep(UInt32.random(in: 0...50_000, using: &random))
            let committed = run.kill().committed
            #expect(run.wasKilled, "the probe stopped by itself: \(run.errors)")

            let found = try inspect(path, expecting: committed)
            #expect(found.integrity == ["ok"], "after kill \(kill)")
            #expect(found.missing.isEmpty, "after kill \(kill), reviews reported committed are missing")
            #expect(found.disagreeing == 0, "after kill \(kill), cards disagree with their last logged review")
            if !committed.isEmpty { killedWhileRecording += 1 }
            checked += committed.count
        }
        // The hundred that waited for a review all land while recording (about 150 of
        // 200 in all on a quiet machine); fewer means the reports were lost.
        #expect(killedWhileRecording >= 100, "too few kills landed while reviews were being recorded")
        print("crash test: 200 kills, \(killedWhileRecording) while recording; \(checked) reviews reported committed, all found")
    }
}

extension ReviewStoreCrashTests {
    /// As above, with the probe taking back every third review right after recording it.
    @Test("killed at 100 random moments while reviews are taken back, every undo reported done stays done")
    func survivesKillsWhileTakingBack() throws {
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("store-crash-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "\(probe.path) is not built")
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        var random = SeededRandomNumberGenerator(seed: 20_261_124)
        var undone = 0

        for kill in 0..<100 {
            let path = storePath(in: directory.appendingPathComponent("round-\(kill / 25)"))
            let run = try ProbeRun(probe, path: path, first: try nextNumber(path), takingBack: true)
            // Killed at a random moment once the probe has taken a review back, so every
            // kill lands among undos however slowly it starts (the kills during start-up
            // are the test above's).
            try #require(run.waitForLine(startingWith: "undone "), "the probe took nothing back in 60 s: \(run.errors)")
            usleep(UInt32.random(in: 0...30_000, using: &random))
            let reported = run.kill()
            #expect(run.wasKilled, "the probe stopped by itself: \(run.errors)")

            // Kept: every review reported committed that the probe never takes back. Gone:
            // every one reported undone. One killed between the two may be either.
            let kept = reported.committed.filter { $0 % 3 != 1 }
            let found = try inspect(path, expecting: kept)
            #expect(found.integrity == ["ok"], "after kill \(kill)")
            #expect(found.missing.isEmpty, "after kill \(kill), reviews reported committed are missing")
            #expect(found.disagreeing == 0, "after kill \(kill), cards disagree with their last logged review")
            #expect(try present(reported.undone, in: path).isEmpty, "after kill \(kill), reviews reported undone are back")
            undone += reported.undone.count
        }
        #expect(undone >= 100, "too few reviews were taken back before the kills")
        print("crash test: 100 kills while taking back; \(undone) reviews reported undone, none found")
    }
}

/// One launch of the probe, reading what it reported until it was killed.
private final class ProbeRun {
    private let process = Process()
    private let output = Pipe()
    private let error = Pipe()
    private(set) var errors = ""

    init(_ probe: URL, path: String, first: Int, takingBack: Bool = false) throws {
        process.executableURL = probe
        process.arguments = [path, String(first)] + (takingBack ? ["undo"] : [])
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    var wasKilled: Bool { process.terminationReason == .uncaughtSignal }

    /// What the probe wrote before ``waitForLine(startingWith:within:)`` returned.
    private var received = Data()

    /// Reads the probe's output until a line starts with `prefix`, for at most `seconds`;
    /// false if none did (the probe failed, or stopped, or is that slow).
    func waitForLine(startingWith prefix: String, within seconds: Int32 = 60) -> Bool {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(Double(seconds))
        while Date() < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 100) >= 0 else { return false }
            guard request.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return false }
            received.append(contentsOf: buffer[..<count])
            let text = String(decoding: received, as: UTF8.self)
            if text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1).contains(where: { $0.hasPrefix(prefix) }) {
                return true
            }
        }
        return false
    }

    /// Kills the probe with SIGKILL and returns the numbers it reported committed, and
    /// taken back.
    func kill() -> (committed: [Int], undone: [Int]) {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let text = String(decoding: received + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        func numbers(_ prefix: String) -> [Int] {
            lines.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
        }
        return (numbers("committed "), numbers("undone "))
    }
}

/// The number after the last review the probe recorded in the database at `path`, so
/// that every number times one review, though some were taken back.
private func nextNumber(_ path: String) throws -> Int {
    guard FileManager.default.fileExists(atPath: path) else { return 0 }
    let database = try SQLiteDatabase(path: path)
    guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'review'") == 1,
          let last = try database.integer("SELECT max(time) FROM review")
    else { return 0 }
    return Int(last / 1_000 - 1_800_000_000) + 1
}

/// Which of `numbers` have their review in the log at `path`.
private func present(_ numbers: [Int], in path: String) throws -> [Int] {
    // A probe killed before it made the database (a slow start on a loaded machine).
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let database = try SQLiteDatabase(path: path)
    return try numbers.filter { number in
        let time = (1_800_000_000 + Int64(number)) * 1_000
        return try database.integer("SELECT count(*) FROM review WHERE time = ?", [.integer(time)]) != 0
    }
}

/// What the database at `path` holds: `integrity_check`'s verdict, the number of
/// reviews, which of `committed` are not in the log, and how many cards disagree with
/// their last logged review (a review half-written). No file at all is a fine state
/// only if nothing was reported committed.
private func inspect(
    _ path: String, expecting committed: [Int]
) throws -> (integrity: [String], reviews: Int, missing: [Int], disagreeing: Int) {
    guard FileManager.default.fileExists(atPath: path) else { return (["ok"], 0, committed, 0) }
    let database = try SQLiteDatabase(path: path)
    var integrity: [String] = []
    try database.query("PRAGMA integrity_check") { integrity.append($0.text(0)) }
    // Killed while being created, a database may not have its tables yet.
    guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'review'") == 1 else {
        return (integrity, 0, committed, 0)
    }
    let reviews = Int(try database.integer("SELECT count(*) FROM review") ?? 0)
    let missing = try committed.filter { number in
        let time = (1_800_000_000 + Int64(number)) * 1_000
        return try database.integer("SELECT count(*) FROM review WHERE time = ?", [.integer(time)]) != 1
    }
    let disagreeing = Int(try database.integer("""
        SELECT count(*) FROM card LEFT JOIN review ON review.id = (SELECT max(id) FROM review WHERE card = card.id)
        WHERE review.id IS NULL OR review.state_after IS NOT card.state OR review.due_after IS NOT card.due
            OR review.stability_after IS NOT card.stability OR review.time IS NOT card.last_review
        """) ?? 0)
    return (integrity, reviews, missing, disagreeing)
}
