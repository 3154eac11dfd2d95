import BenchSupport
import Foundation
import KuchiModel

/// Kuchi's start-up against the C baseline, and deck loading.
enum AppBenchmarks {
    static func run(rounds: Int) {
        var table = Table("Kuchi (medians; start-up: \(rounds) alternating launches of each)")
        let installed = InstalledDecks.make()
        if let installed {
            startup(&table, rounds: rounds, installed: installed)
        } else {
            table.add("start-up", "could not write the installed decks", target: "")
        }
        deckLoading(&table, installed: installed)
        table.print()
        if let installed { try? FileManager.default.removeItem(at: installed.data) }
    }

    /// Process start to first painted frame, and peak memory (max RSS): Kuchi with
    /// the repository's decks, with every deck installed (``InstalledDecks``), and with
    /// every deck installed and the largest one chosen in the settings (first run,
    /// so Register shows, as in the C baseline; and registered, on Home), each launch
    /// alternating with the C baseline's.
    static func startup(_ table: inout Table, rounds: Int, installed: InstalledDecks) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let kuchi = strippedCopy(of: directory.appendingPathComponent("kuchi-startup-probe")),
              let baseline = strippedCopy(of: directory.appendingPathComponent("gtk-baseline"))
        else {
            table.add("start-up", "kuchi or gtk-baseline not built (swift build -c release)", target: "")
            return
        }
        let scenarios = [
            Scenario(name: "repository decks (\(deckFiles(in: repositoryData)) files)", data: repositoryData),
            Scenario(name: "all decks installed (\(deckFiles(in: installed.data)) files)", data: installed.data),
            Scenario(
                name: "all decks installed, \(installed.largest.name) chosen", data: installed.data,
                settings: #"{"deck": "\#(installed.largest.id)"}"#),
            Scenario(
                name: "all decks installed, \(installed.largest.name) chosen, registered (Home)",
                data: installed.data, settings: #"{"deck": "\#(installed.largest.id)"}"#,
                profile: #"{"name": "Aiko"}"#),
        ]
        var baselineRuns: [Launch] = []
        var kuchiRuns = Array(repeating: [Launch](), count: scenarios.count)
        for round in 0...rounds {
            let c = Launch.measure(baseline, environment: scenarios[0].environment)
            let swift = scenarios.map { Launch.measure(kuchi, environment: $0.environment) }
            guard round > 0 else { continue }  // the first round warms the caches
            if let c { baselineRuns.append(c) }
            for (index, run) in swift.enumerated() { if let run { kuchiRuns[index].append(run) } }
        }
        guard !baselineRuns.isEmpty, !kuchiRuns.contains(where: \.isEmpty) else {
            table.add("start-up", "a launch failed (is a display there?)", target: "")
            return
        }
        let cTime = Measure.medianOf(baselineRuns.map(\.seconds))
        let cMemory = Measure.medianOf(baselineRuns.map(\.peakKilobytes))
        table.add("start → first frame, C GTK 4 + libadwaita baseline", formatMilliseconds(cTime), target: "")
        for (scenario, runs) in zip(scenarios, kuchiRuns) {
            let time = Measure.medianOf(runs.map(\.seconds))
            table.add("start → first frame, kuchi, \(scenario.name)", formatMilliseconds(time), target: "")
            table.add("  ratio", String(format: "%.3f×", time / cTime), target: "≤ 1.05×")
        }
        table.add("peak memory (max RSS), C GTK 4 + libadwaita baseline", String(format: "%.1f MiB", cMemory / 1024), target: "")
        for (scenario, runs) in zip(scenarios, kuchiRuns) {
            let memory = Measure.medianOf(runs.map(\.peakKilobytes))
            table.add("peak memory (max RSS), kuchi, \(scenario.name)", String(format: "%.1f MiB", memory / 1024), target: "")
            table.add("  ratio", String(format: "%.3f×", memory / cMemory), target: "≤ 1.05×")
        }
        for scenario in scenarios { try? FileManager.default.removeItem(at: scenario.home) }
    }

    /// One way Kuchi starts: its data folder and what its user folders hold. The user
    /// folders are written once; later launches find the review database the first
    /// one made, as a learner's do.
    private struct Scenario {
        let name: String
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-bench-home-\(UUID().uuidString)")
        let environment: [String: String]

        init(name: String, data: URL, settings: String? = nil, profile: String? = nil) {
            self.name = name
            let config = home.appendingPathComponent("config/kuchi")
            try? FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            if let settings { try? Data(settings.utf8).write(to: config.appendingPathComponent("settings.json")) }
            if let profile { try? Data(profile.utf8).write(to: config.appendingPathComponent("profile.json")) }
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
            environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
            // A release build outside meson finds its data only through this.
            environment["KUCHI_DATA_DIR"] = data.path
            self.environment = environment
        }
    }

    private static func deckFiles(in data: URL) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("decks").path)) ?? [])
            .filter { $0.hasSuffix(".json") }.count
    }

    static func deckLoading(_ table: inout Table, installed: InstalledDecks?) {
        if let installed {
            // What the Settings page lists: every deck's name.
            let catalog = DeckCatalog(
                bundledFolder: installed.data.appendingPathComponent("decks"),
                importedFolder: installed.data.appendingPathComponent("no-imports"))
            var count = 0
            let time = Measure.median(warmUp: true) { count = catalog.entries().count }
            table.add("list every installed deck by name (\(count) decks)", formatMilliseconds(time), target: "")
        }
        let decks = repositoryData.appendingPathComponent("decks")
        let largest = (try? FileManager.default.contentsOfDirectory(at: decks, includingPropertiesForKeys: [.fileSizeKey]))?
            .filter { $0.pathExtension == "json" }
            .max { size($0) < size($1) }
        if let largest {
            var cards = 0
            let time = Measure.median(warmUp: true) { cards = (try? DeckLoader.load(contentsOf: largest))?.cards.count ?? -1 }
            table.add("load + validate \(largest.lastPathComponent) (\(cards) cards, \(size(largest) / 1024) KiB)",
                      formatMilliseconds(time), target: "")
        }
        let synthetic = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-100k.json")
        try? syntheticDeck(cards: 100_000).write(to: synthetic)
        var cards = 0
        let time = Measure.median(warmUp: true) { cards = (try? DeckLoader.load(contentsOf: synthetic))?.cards.count ?? -1 }
        table.add("load + validate a synthetic deck (\(cards) cards, \(size(synthetic) / 1_048_576) MiB)",
                  formatMilliseconds(time), target: "< 300 ms")
        try? FileManager.default.removeItem(at: synthetic)
    }

    private static func size(_ url: URL) -> Int {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }

    private static func syntheticDeck(cards: Int) -> Data {
        var json = #"{"format": 1, "name": "Synthetic", "language": "ja", "license": "CC0-1.0", "attribution": "generated", "cards": ["#
        json.reserveCapacity(cards * 110)
        for index in 0..<cards {
            if index > 0 { json += "," }
            json += #"{"question": "言葉\#(index)", "pronunciation": "kotoba \#(index)", "answer": "word number \#(index)", "level": "N\#(index % 5 + 1)"}"#
        }
        json += "]}"
        return Data(json.utf8)
    }

    /// A stripped copy in a temporary folder (as an installed build is).
    private static func strippedCopy(of binary: URL) -> URL? {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("stripped-\(binary.lastPathComponent)")
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
        strip.arguments = ["-o", copy.path, binary.path]
        guard (try? strip.run()) != nil else { return nil }
        strip.waitUntilExit()
        return strip.terminationStatus == 0 ? copy : nil
    }
}

/// The repository's data/ (Sources/gtkkit-bench/AppBenchmarks.swift → ../../data).
let repositoryData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")
