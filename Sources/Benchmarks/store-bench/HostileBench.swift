import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --hostile`: each hostile package (``HostilePackages``) checked as
/// `kuchi --check-deck` does and imported as the window does, each in a process of its
/// own, so its wall time and peak memory (the child's `ru_maxrss`) are its own; what it
/// leaves in its scratch and decks folders is counted. A case still running after
/// `--timeout` seconds (60) is killed and says so; `--only FILE` runs one package.
/// `HOSTILE_MEMORY_CAP_MIB` caps each child's address space (for measuring a build that
/// runs away).
enum HostileBench {
    static let folder = URL(fileURLWithPath: "/tmp/kuchi-hostile")

    static func table(timeout: Double, only: String? = nil) throws -> Table {
        let started = ContinuousClock.now
        try HostilePackages.make(in: folder)
        let making = ContinuousClock.now - started
        var table = Table("Hostile packages (issue 30): time and peak memory to a verdict, each in a process of its own")
        if making > .seconds(1) {
            table.add("make the packages (once, kept in \(folder.path))", String(format: "%.0f s", seconds(making)))
        }
        for item in HostilePackages.cases where only == nil || only == item.file {
            let path = folder.appendingPathComponent(item.file)
            let size = BoundedRead.size(of: LocalPath(path)).map { " (\(sizeWords($0)))" } ?? ""
            table.add("\(item.name)\(size): \(item.what)", "", target: "")
            for mode in ["check", "import"] {
                let run = try runChild(mode: mode, package: path, timeout: timeout)
                table.add("  \(mode == "check" ? "--check-deck" : "import")", run.summary, target: "≤ 5 s, ≤ 300 MiB")
                table.add("    verdict", run.verdict)
            }
        }
        return table
    }

    /// The child's side: one check or import of `package`, in `work` (its scratch or
    /// data folder); prints the verdict on one line.
    static func runCase(mode: String, package: String, work: String) {
        if let cap = ProcessInfo.processInfo.environment["HOSTILE_MEMORY_CAP_MIB"].flatMap(Int.init) {
            var limit = rlimit(rlim_cur: rlim_t(cap) << 20, rlim_max: rlim_t(cap) << 20)
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        }
        let path = LocalPath(package)
        let verdict: String
        if mode == "check" {
            let scratch = URL(fileURLWithPath: work).appendingPathComponent("scratch")
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            switch DeckImporter.check(path: path, scratch: LocalPath(scratch)) {
            case .success(let count): verdict = "ok: \(count) cards"
            case .failure(let error): verdict = error.problems.first?.description ?? "refused"
            }
        } else {
            let catalog = DeckCatalog(bundledFolder: nil, importedFolder: URL(fileURLWithPath: work).appendingPathComponent("decks"))
            do {
                let imported = try catalog.import(path).imported
                verdict = "imported \(imported.deck.cards.count) cards, \(imported.reviews.count) reviews"
                    + (imported.skipped.sentence.map { " — " + $0 } ?? "")
            } catch {
                verdict = error.problems.first?.description ?? "refused"
            }
        }
        print(PrintableText.quoting(verdict, limit: 400))
    }

    struct Run {
        let seconds: Double
        let peakMiB: Double
        let killed: Bool
        let verdict: String
        let leftBehind: Int

        var summary: String {
            let time = killed ? String(format: "killed after %.0f s", seconds) : String(format: "%.2f s", seconds)
            return time + String(format: ", %.0f MiB", peakMiB) + (leftBehind > 0 ? ", \(leftBehind) files left behind" : "")
        }
    }

    /// Runs this program as `--hostile-case MODE PACKAGE WORK` and measures it.
    private static func runChild(mode: String, package: URL, timeout: Double) throws -> Run {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-hostile-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let arguments = [CommandLine.arguments[0], "--hostile-case", mode, package.path, work.path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        guard posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        close(pipe[1])
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if ContinuousClock.now - started > .seconds(timeout) {
                kill(pid, SIGKILL)
                wait4(pid, &status, 0, &usage)
                killed = true
                break
            }
            usleep(2_000)
        }
        let elapsed = ContinuousClock.now - started
        let output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true).readDataToEndOfFile()
        let verdict = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // What an import rightly leaves is its deck and sounds; anything else is a leftover.
        let left = (FileManager.default.enumerator(atPath: work.path)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix("decks/") || $0.contains(".kuchi-anki-") || $0.contains(".media.import-") }
            .filter { $0 != "decks" && $0 != "scratch" && $0 != "decks/scratch" }
        return Run(
            seconds: seconds(elapsed),
            peakMiB: Double(usage.ru_maxrss) / 1024, killed: killed,
            verdict: killed ? "(none: killed)" : verdict.isEmpty ? "(crashed, status \(status))" : verdict, leftBehind: left.count)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func sizeWords(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.0f MiB", Double(bytes) / 1_048_576) : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
