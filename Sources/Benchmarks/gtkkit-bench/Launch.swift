import Foundation

/// One launch of a program that prints `first-frame-ns N` and exits.
struct Launch {
    let seconds: Double
    let peakKilobytes: Double
    /// Every figure the program printed as `key N` (`window-ns`, `filter-ns`, …).
    let reported: [String: UInt64]

    static func measure(_ program: URL, environment: [String: String]) -> Launch? {
        let output = Pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output.fileHandleForWriting.fileDescriptor, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [program.path]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = monotonicNanoseconds()
        guard posix_spawn(&pid, program.path, &actions, nil, &argv, &envp) == 0 else { return nil }
        try? output.fileHandleForWriting.close()
        var status: Int32 = 0
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitpid(pid, &status, 0)
        // Both programs report their own peak (VmHWM): wait4's ru_maxrss
        // would include this process's, inherited through vfork at exec.
        guard let frame = value("first-frame-ns", in: text), let peak = value("peak-rss-kb", in: text) else {
            return nil
        }
        var reported: [String: UInt64] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let number = UInt64(parts[1]) { reported[String(parts[0])] = number }
        }
        return Launch(seconds: Double(frame - start) / 1e9, peakKilobytes: Double(peak), reported: reported)
    }

    private static func value(_ key: String, in text: String) -> UInt64? {
        text.split(separator: "\n").first { $0.hasPrefix(key + " ") }
            .flatMap { UInt64($0.dropFirst(key.count + 1)) }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

extension Launch {
    /// Launches each of `cases` once a round, `rounds` rounds after one that warms the
    /// caches, each launch of its program after a launch of `baseline` of its own, in
    /// the same environment: a launch is slower or faster by where it falls in a round
    /// (the previous program's exit is still being handled by the X server and the
    /// session bus), so a ratio is best taken over the baseline launch just before it.
    /// Removes the scenarios' homes afterwards. Returns each case's pairs, or nil if a
    /// case has none (a launch failed: is a display there?).
    static func alternating(
        _ cases: [(program: URL, scenario: AppBenchmarks.Scenario)], baseline: URL, rounds: Int
    ) -> [[(kuchi: Launch, c: Launch)]]? {
        var runs = Array(repeating: [(kuchi: Launch, c: Launch)](), count: cases.count)
        for round in 0...rounds {
            for (index, item) in cases.enumerated() {
                let c = Launch.measure(baseline, environment: item.scenario.environment)
                let swift = Launch.measure(item.program, environment: item.scenario.environment)
                guard round > 0 else { continue }  // the first round warms the caches
                if let c, let swift { runs[index].append((swift, c)) }
            }
        }
        for item in cases { try? FileManager.default.removeItem(at: item.scenario.home) }
        return runs.contains(where: \.isEmpty) ? nil : runs
    }
}
