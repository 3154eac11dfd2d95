import BenchSupport
import Foundation
import KuchiModel

/// Kuchi's start-up against the C baseline, and deck loading.
enum AppBenchmarks {
    static func run(rounds: Int) {
        var table = Table("Kuchi (medians; start-up: \(rounds) alternating launches of each)")
        startup(&table, rounds: rounds)
        deckLoading(&table)
        table.print()
    }

    /// Process start to first painted frame, and peak memory (max RSS).
    static func startup(_ table: inout Table, rounds: Int) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let kuchi = strippedCopy(of: directory.appendingPathComponent("kuchi-startup-probe")),
              let baseline = strippedCopy(of: directory.appendingPathComponent("gtk-baseline"))
        else {
            table.add("start-up", "kuchi or gtk-baseline not built (swift build -c release)", target: "")
            return
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-bench-home")
        try? FileManager.default.removeItem(at: home)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        // A release build outside meson finds its data only through this.
        environment["KUCHI_DATA_DIR"] = repositoryData.path
        var kuchiRuns: [Launch] = []
        var baselineRuns: [Launch] = []
        for round in 0...rounds {
            let c = Launch.measure(baseline, environment: environment)
            let swift = Launch.measure(kuchi, environment: environment)
            guard round > 0 else { continue }  // the first round warms the caches
            if let c { baselineRuns.append(c) }
            if let swift { kuchiRuns.append(swift) }
        }
        guard !kuchiRuns.isEmpty, !baselineRuns.isEmpty else {
            table.add("start-up", "a launch failed (is a display there?)", target: "")
            return
        }
        let kuchiTime = Measure.medianOf(kuchiRuns.map(\.seconds))
        let cTime = Measure.medianOf(baselineRuns.map(\.seconds))
        let kuchiMemory = Measure.medianOf(kuchiRuns.map(\.peakKilobytes))
        let cMemory = Measure.medianOf(baselineRuns.map(\.peakKilobytes))
        table.add("start → first frame, C GTK 4 + libadwaita baseline", formatMilliseconds(cTime), target: "")
        table.add("start → first frame, kuchi (stripped release)", formatMilliseconds(kuchiTime), target: "")
        table.add("  ratio", String(format: "%.3f×", kuchiTime / cTime), target: "≤ 1.05×")
        table.add("peak memory (max RSS), C GTK 4 + libadwaita baseline", String(format: "%.1f MiB", cMemory / 1024), target: "")
        table.add("peak memory (max RSS), kuchi", String(format: "%.1f MiB", kuchiMemory / 1024), target: "")
        table.add("  ratio", String(format: "%.3f×", kuchiMemory / cMemory), target: "≤ 1.05×")
    }

    static func deckLoading(_ table: inout Table) {
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
private let repositoryData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")
