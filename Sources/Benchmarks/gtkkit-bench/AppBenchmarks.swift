import BenchSupport
import Foundation
import KuchiModel

/// Kuchi's start-up against the C baseline, and deck loading.
enum AppBenchmarks {
    /// - Parameter compared: another build's kuchi-startup-probe, launched beside this
    ///   one's in every round (`--compare PATH`), to show a change in one run.
    @MainActor
    static func run(rounds: Int, compared: URL? = nil) {
        var table = Table("Kuchi (medians; start-up: \(rounds) rounds, each Kuchi launch after a baseline launch)")
        let installed = InstalledDecks.make()
        if let installed {
            startup(&table, rounds: rounds, installed: installed, compared: compared)
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
    /// right after a launch of the C baseline.
    static func startup(_ table: inout Table, rounds: Int, installed: InstalledDecks, compared: URL?) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let kuchi = strippedCopy(of: directory.appendingPathComponent("kuchi-startup-probe")),
              let baseline = strippedCopy(of: directory.appendingPathComponent("gtk-baseline"))
        else {
            table.add("start-up", "kuchi or gtk-baseline not built (swift build -c release)", target: "")
            return
        }
        var programs = [(label: "kuchi", url: kuchi)]
        if let compared {
            guard let other = strippedCopy(of: compared, as: "compared") else {
                table.add("start-up", "\(compared.path) is not a program", target: "")
                return
            }
            programs = [(label: "kuchi (compared: \(compared.path))", url: other), (label: "kuchi (this build)", url: kuchi)]
        }
        let settings = #"{"deck": "\#(installed.largest.id)"}"#
        let scenarios: [(name: String, make: () -> Scenario)] = [
            ("repository decks (\(deckFiles(in: repositoryData)) files)", { Scenario(data: repositoryData) }),
            ("all decks installed (\(deckFiles(in: installed.data)) files)", { Scenario(data: installed.data) }),
            ("all decks installed, \(installed.largest.name) chosen", {
                Scenario(data: installed.data, settings: settings)
            }),
            ("all decks installed, \(installed.largest.name) chosen, registered (Home)", {
                Scenario(data: installed.data, settings: settings, profile: #"{"name": "Aiko"}"#)
            }),
        ]
        // Every program in every scenario, each with user folders of its own.
        let cases = scenarios.flatMap { scenario in
            programs.map { (name: "\($0.label), \(scenario.name)", program: $0.url, scenario: scenario.make()) }
        }
        // Each ratio is the median of each Kuchi launch over the baseline launch just
        // before it (Launch.alternating says why).
        guard let runs = Launch.alternating(
            cases.map { ($0.program, $0.scenario) }, baseline: baseline, rounds: rounds) else {
            table.add("start-up", "a launch failed (is a display there?)", target: "")
            return
        }
        let baselineRuns = runs.flatMap { $0.map(\.c) }
        let cTime = Measure.medianOf(baselineRuns.map(\.seconds))
        let cMemory = Measure.medianOf(baselineRuns.map(\.peakKilobytes))
        table.add("start → first frame, C GTK 4 + libadwaita baseline", formatMilliseconds(cTime), target: "")
        for (item, pairs) in zip(cases, runs) {
            let time = Measure.medianOf(pairs.map(\.kuchi.seconds))
            table.add("start → first frame, \(item.name)", formatMilliseconds(time), target: "")
            table.add("  ratio", String(format: "%.3f×", Measure.medianOf(pairs.map { $0.kuchi.seconds / $0.c.seconds })),
                      target: "≤ 1.05×")
        }
        table.add("peak memory (max RSS), C GTK 4 + libadwaita baseline", String(format: "%.1f MiB", cMemory / 1024), target: "")
        for (item, pairs) in zip(cases, runs) {
            let memory = Measure.medianOf(pairs.map(\.kuchi.peakKilobytes))
            table.add("peak memory (max RSS), \(item.name)", String(format: "%.1f MiB", memory / 1024), target: "")
            table.add("  ratio", String(format: "%.3f×", Measure.medianOf(pairs.map { $0.kuchi.peakKilobytes / $0.c.peakKilobytes })),
                      target: "≤ 1.05×")
        }
    }

    /// One way Kuchi starts: its data folder and what its user folders hold. The user
    /// folders are written once; later launches find the review database the first
    /// one made, as a learner's do.
    struct Scenario {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-bench-home-\(UUID().uuidString)")
        var environment: [String: String]

        init(data: URL, settings: String? = nil, profile: String? = nil) {
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

    @MainActor
    static func deckLoading(_ table: inout Table, installed: InstalledDecks?) {
        if let installed {
            // What the Settings page lists: every deck's name.
            let catalog = DeckCatalog(
                bundledFolder: installed.data.appendingPathComponent("decks"),
                importedFolder: installed.data.appendingPathComponent("no-imports"))
            var count = 0
            let time = Measure.median(warmUp: true) { count = catalog.entries().count }
            table.add("list every installed deck by name (\(count) decks)", formatMilliseconds(time), target: "")
            let largest = installed.data.appendingPathComponent("decks/\(installed.largest.id).json")
            var cards = 0
            let load = Measure.median(warmUp: true) { cards = (try? DeckLoader.load(contentsOf: largest))?.cards.count ?? -1 }
            table.add("load + validate \(largest.lastPathComponent) (\(cards) cards, \(size(largest) / 1024) KiB)",
                      formatMilliseconds(load), target: "")
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
        openAndPlan(&table, deck: decks.appendingPathComponent("jlpt-n1.json"))
        let synthetic = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-100k.json")
        try? syntheticDeck(cards: 100_000).write(to: synthetic)
        var cards = 0
        let time = Measure.median(warmUp: true) { cards = (try? DeckLoader.load(contentsOf: synthetic))?.cards.count ?? -1 }
        table.add("load + validate a synthetic deck (\(cards) cards, \(size(synthetic) / 1_048_576) MiB)",
                  formatMilliseconds(time), target: "< 300 ms")
        try? FileManager.default.removeItem(at: synthetic)
    }

    /// Choosing a deck as Settings does: read and check it, then plan a challenge session
    /// from the schedule (a fresh one in memory: every card new).
    @MainActor
    static func openAndPlan(_ table: inout Table, deck url: URL) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        var cards = 0
        var asked = 0
        let time = Measure.median(runs: 11, warmUp: true) {
            guard let deck = try? DeckLoader.load(contentsOf: url), let store = try? ReviewStore.inMemory() else { return }
            let planner = StudyPlanner(store: store, settings: { Settings() })
            let session = ChallengesViewModel(deck: deck, planner: planner, deckKey: "bench")
            cards = deck.cards.count
            asked = session.length
        }
        table.add("open \(url.lastPathComponent) (\(cards) cards) and plan a session (\(asked) questions)",
                  formatMilliseconds(time), target: "≤ 30 ms")
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
    static func strippedCopy(of binary: URL, as name: String? = nil) -> URL? {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("stripped-\(name ?? binary.lastPathComponent)")
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
        strip.arguments = ["-o", copy.path, binary.path]
        guard (try? strip.run()) != nil else { return nil }
        strip.waitUntilExit()
        return strip.terminationStatus == 0 ? copy : nil
    }
}

/// The repository's data/.
let repositoryData = Repository.root().appendingPathComponent("data")
