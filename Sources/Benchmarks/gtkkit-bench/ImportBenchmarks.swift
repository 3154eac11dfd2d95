import BenchSupport
import CGtk
import Foundation
@_spi(Interop) import GtkKit
@_spi(Benchmark) import KuchiApp
import KuchiModel

/// Imports in the window (`--imports [FILE|FOLDER…]`): each package imported as
/// *Import…* does, through the real import job and its bar (`ImportProbe`), with the
/// window's frame clock watched all along (a tick callback: the frames come
/// continuously, and the longest gap between two is how long the window stood still);
/// then Cancel pressed during the largest ones. The packages: those given, or else
/// `store-bench --hostile`'s (made into /tmp/kuchi-hostile, the 477 MiB collection
/// among them) and the repository's Anki fixtures.
@MainActor
enum ImportBenchmarks {
    static func run(arguments: [String]) {
        // The packages given, or else the hostile ones and the fixtures.
        var packages = arguments.isEmpty
            ? files(in: URL(fileURLWithPath: "/tmp/kuchi-hostile"))
                + files(in: Repository.root().appendingPathComponent("Tests/KuchiModelTests/Fixtures/anki"))
            : []
        for argument in arguments {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            packages += isFolder.boolValue ? files(in: url) : [url]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-import-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe: ImportProbe
        do {
            probe = try ImportProbe(folder: folder, bundledDecks: nil)
        } catch {
            print("\nImports in the window: could not be set up: \(error)")
            return
        }
        probe.window.present()
        BenchWidgets.nextFrame(of: probe.window)
        let frames = FrameWatch(BenchWidgets.root(of: probe.window))
        defer { frames.stop() }

        var table = Table("Imports in the window (each package to its verdict, the frame clock watched)")
        // The yardstick: the same window with no import, for as long as a slow one.
        frames.reset()
        MainLoop.run(until: { false }, timeout: .seconds(3))
        table.add("no import, 3 s (the machine's own stalls)", "frames ≤ \(formatMilliseconds(frames.longestGap, digits: 0)) apart")
        var slowest = 0.0
        var longestGap = 0.0
        for package in packages {
            frames.reset()
            var verdict: String??
            let start = Measure.now()
            probe.start(package) { verdict = .some($0) }
            MainLoop.run(until: { verdict != nil }, timeout: .seconds(120))
            let seconds = Double(Measure.now() - start) / 1e9
            slowest = max(slowest, seconds)
            longestGap = max(longestGap, frames.longestGap)
            let said = switch verdict {
            case .none: "no verdict in 120 s"
            case .some(.none): "imported, \(probe.cardsInUse) cards"
            case .some(.some(let problem)): "refused: " + String(problem.split(separator: "\n").first ?? "").prefix(60)
            }
            table.add(package.lastPathComponent, "\(formatMilliseconds(seconds, digits: 0)), frames ≤ \(formatMilliseconds(frames.longestGap, digits: 0)) apart",
                      target: said)
        }
        table.add("slowest verdict", formatMilliseconds(slowest, digits: 0), target: "≤ 5 s")
        table.add("longest the window stood still (frame clock)", formatMilliseconds(longestGap, digits: 0), target: "≤ 100 ms")
        table.add("peak resident memory of the whole run", "\(peakResidentMiB()) MiB", target: "≤ 300 MiB")

        // Cancel, pressed a second in (or in the review history's reading, which
        // comes first): how long until the import has stopped and said so.
        let largest = packages.sorted { size(of: $0) > size(of: $1) }.prefix(3)
        for package in largest {
            var verdict: String??
            probe.start(package) { verdict = .some($0) }
            MainLoop.run(until: { verdict != nil || probe.phase == .readingReviews }, timeout: .seconds(1))
            guard verdict == nil else {
                table.add("Cancel: \(package.lastPathComponent)", "over before Cancel could be pressed")
                continue
            }
            let phase = probe.phase
            let pressed = Measure.now()
            probe.cancel()
            MainLoop.run(until: { verdict != nil }, timeout: .seconds(30))
            let seconds = Double(Measure.now() - pressed) / 1e9
            table.add("Cancel in \(phase.map { "\($0)" } ?? "?"): \(package.lastPathComponent)", formatMilliseconds(seconds, digits: 1),
                      target: "≤ 200 ms")
        }
        table.print()
        probe.window.close()
    }

    private static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".apkg") || $0.hasSuffix(".txt") || $0.hasSuffix(".tsv") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
    }

    private static func peakResidentMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}

/// The longest gap between two frames of a widget's frame clock since ``reset()``: a
/// tick callback, which also keeps the clock producing frames.
@MainActor
final class FrameWatch {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var id: guint = 0
    private var last: gint64 = 0
    /// In seconds.
    private(set) var longestGap = 0.0

    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        id = gtk_widget_add_tick_callback(widget, { _, _, data in
            MainActor.assumeIsolated {
                // safe: the pointer given below, alive until stop() removes the callback.
                Unmanaged<FrameWatch>.fromOpaque(data!).takeUnretainedValue().tick()
            }
            return 1  // G_SOURCE_CONTINUE
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    func reset() {
        last = 0
        longestGap = 0
    }

    private func tick() {
        let now = g_get_monotonic_time()
        if last != 0 { longestGap = max(longestGap, Double(now - last) / 1e6) }
        last = now
    }

    func stop() { gtk_widget_remove_tick_callback(widget, id) }
}
