import BenchSupport
import CGtk
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import Observation

/// `List` of 100,000 rows, beside a plain C GtkListView of the same rows (the floor)
/// and `ForEach` (why `List` exists).
@MainActor
enum ListBenchmarks {
    static let rowCount = 100_000
    /// ForEach builds every row: 10,000 keeps its launch within a few seconds.
    static let forEachCount = 10_000
    /// Set in a child launch: which window to show (see `probe`).
    static let probeVariable = "GTKKIT_BENCH_LIST_PROBE"

    static func run(rounds: Int) {
        var table = Table("List of 100,000 rows (medians; launches: \(rounds) alternating rounds of each)")
        launches(&table, rounds: rounds)
        scrolling(&table)
        filtering(&table)
        table.print()
    }

    // MARK: - First frame and memory, one launch each

    private enum Probe: String, CaseIterable {
        case empty, list, forEach
        /// The experiment: `empty` and `list` with each List a one-column GtkGridView
        /// (`GTKKIT_DEBUG=list-grid`), which GTK 4.8 keeps to ~33 rows, not ~205.
        case gridEmpty, grid

        var isGrid: Bool { self == .gridEmpty || self == .grid }
    }

    /// Launches a window with an empty List, with the List of 100,000 rows, the C floor
    /// and ForEach, in turn; each reports its first frame and peak memory, then exits.
    private static func launches(_ table: inout Table, rounds: Int) {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0])
        let floor = bench.deletingLastPathComponent().appendingPathComponent("gtk-list-baseline")
        let hasFloor = FileManager.default.isExecutableFile(atPath: floor.path)
        var runs: [String: [Launch]] = [:]
        for round in 0...rounds {
            for probe in Probe.allCases {
                var environment = ProcessInfo.processInfo.environment
                environment[probeVariable] = probe.rawValue
                if probe.isGrid { environment["GTKKIT_DEBUG"] = "list-grid" }
                let launch = Launch.measure(bench, environment: environment)
                if round > 0, let launch { runs[probe.rawValue, default: []].append(launch) }
            }
            guard hasFloor else { continue }
            // "c" builds 100,000 GtkStrings; "lazy" and "cEmpty" are GTK's own floor
            // for the ratio: the same rows made on demand, and no rows.
            // "inscription" is "lazy" with GTK 4.8's lighter label for list rows.
            // "cGrid" and "cGridEmpty" are "lazy" and "empty" in a one-column GtkGridView.
            let modes = [("c", round == rounds ? "filter" : nil), ("lazy", "lazy"), ("cEmpty", "empty"),
                         ("inscription", "inscription"), ("cGrid", "grid"), ("cGridEmpty", "grid-empty")]
            for (key, mode) in modes {
                var environment = ProcessInfo.processInfo.environment
                environment["GTK_LIST_BASELINE"] = mode
                if let launch = Launch.measure(floor, environment: environment), round > 0 {
                    runs[key, default: []].append(launch)
                }
            }
        }
        func median(_ key: String, _ value: (Launch) -> Double?) -> Double? {
            let samples = (runs[key] ?? []).compactMap(value)
            return samples.isEmpty ? nil : Measure.medianOf(samples)
        }
        guard let emptyFrame = median("empty", \.windowSeconds), let listFrame = median("list", \.windowSeconds),
              let emptyStart = median("empty", \.seconds), let listStart = median("list", \.seconds),
              let emptyPeak = median("empty", { $0.peakKilobytes }), let listPeak = median("list", { $0.peakKilobytes })
        else {
            table.add("first frame", "a launch failed (is a display there?)")
            return
        }
        table.add("window built → first frame, empty List", formatMilliseconds(emptyFrame))
        table.add("window built → first frame, List of 100,000", formatMilliseconds(listFrame))
        table.add("  ratio", String(format: "%.2f×", listFrame / emptyFrame), target: "≤ 1.2×")
        if let c = median("c", \.windowSeconds) {
            table.add("  C GtkListView of 100,000 (floor; builds its GtkStringList inside)", formatMilliseconds(c))
        }
        if let cEmpty = median("cEmpty", \.windowSeconds), let lazy = median("lazy", \.windowSeconds) {
            table.add("  C GtkListView, empty", formatMilliseconds(cEmpty))
            table.add("  C GtkListView of 100,000 made on demand (GTK's rows alone)", formatMilliseconds(lazy))
            table.add("    ratio (GTK's own floor for the one above)", String(format: "%.2f×", lazy / cEmpty))
        }
        cpuRows(&table, median: median)
        if let forEach = median("forEach", \.windowSeconds) {
            table.add("  ForEach of \(forEachCount) labels in a ScrollView", formatMilliseconds(forEach))
        }
        table.add("process start → first frame, empty List", formatMilliseconds(emptyStart))
        table.add("process start → first frame, List of 100,000", formatMilliseconds(listStart))
        table.add("  ratio", String(format: "%.2f×", listStart / emptyStart), target: "≤ 1.2×")
        table.add("peak memory (max RSS), empty List", mebibytes(emptyPeak))
        table.add("peak memory (max RSS), List of 100,000", mebibytes(listPeak))
        table.add("  List over the empty one", mebibytes(listPeak - emptyPeak), target: "≤ 40 MiB")
        floorFilterSeconds = runs["c"]?.last?.reported["filter-ns"].map { Double($0) / 1e9 }
        if let c = median("c", { $0.peakKilobytes }) {
            table.add("  C GtkListView of 100,000 (floor, whole process)", mebibytes(c))
        }
        if let forEach = median("forEach", { $0.peakKilobytes }) {
            table.add("  ForEach of \(forEachCount) over the empty List", mebibytes(forEach - emptyPeak))
        }
    }

    /// The same launches' CPU time (every thread of the process, from building the
    /// window to its first frame), which a loaded machine's waits for a core leave
    /// out, and what each row costs: GtkKit's over GTK's own.
    private static func cpuRows(_ table: inout Table, median: ((String), (Launch) -> Double?) -> Double?) {
        func cpu(_ launch: Launch) -> Double? { launch.reported["window-cpu-ns"].map { Double($0) / 1e9 } }
        guard let empty = median("empty", cpu), let list = median("list", cpu) else { return }
        table.add("CPU time, window built → first frame, empty List", formatMilliseconds(empty))
        table.add("CPU time, the same, List of 100,000", formatMilliseconds(list))
        table.add("  ratio", String(format: "%.2f×", list / empty), target: "≤ 1.2×")
        let rows = median("list") { $0.reported["rows-built"].map { Double($0) } } ?? 0
        if rows > 0 {
            table.add("  per row (over the empty List, \(Int(rows)) rows)", microseconds((list - empty) / rows))
            if let build = median("list", { $0.reported["row-build-ns"].map { Double($0) / 1e9 } }),
               let attach = median("list", { $0.reported["row-attach-ns"].map { Double($0) / 1e9 } }) {
                table.add("    of which GtkKit's row view built and first shown", microseconds(build / rows))
                table.add("    of which given to GTK's list item (child, accessible name)", microseconds(attach / rows))
            }
        }
        guard let cEmpty = median("cEmpty", cpu), let lazy = median("lazy", cpu) else { return }
        table.add("  C GtkListView, empty", formatMilliseconds(cEmpty))
        table.add("  C GtkListView of 100,000 made on demand", formatMilliseconds(lazy))
        table.add("    ratio (GTK's own floor)", String(format: "%.2f×", lazy / cEmpty))
        let cRows = median("lazy") { $0.reported["rows-built"].map { Double($0) } } ?? 0
        if cRows > 0 {
            table.add("    per row (over the empty one, \(Int(cRows)) rows)", microseconds((lazy - cEmpty) / cRows))
            if let setup = median("lazy", { $0.reported["setup-ns"].map { Double($0) / 1e9 } }) {
                table.add("      of which the factory's setup (a GtkLabel)", microseconds(setup / cRows))
            }
        }
        if let inscription = median("inscription", cpu) {
            table.add("  C, the same with a GtkInscription per row", formatMilliseconds(inscription))
            table.add("    ratio", String(format: "%.2f×", inscription / cEmpty))
        }
        gridRows(&table, median: median)
    }

    /// The experiment not adopted: every list a one-column GtkGridView, which GTK 4.8
    /// keeps to 30 rows and one more, and stretches to fill a taller viewport
    /// (README, *GtkKit's List*). By CPU time and by the wall clock, each over its own
    /// empty grid and over the empty list.
    private static func gridRows(_ table: inout Table, median: ((String), (Launch) -> Double?) -> Double?) {
        func cpu(_ launch: Launch) -> Double? { launch.reported["window-cpu-ns"].map { Double($0) / 1e9 } }
        func rows(_ key: String) -> String {
            median(key) { $0.reported["rows-built"].map { Double($0) } }.map { "\(Int($0)) rows" } ?? "?"
        }
        func add(_ title: String, _ key: String, _ emptyKey: String, _ listEmptyKey: String) {
            guard let cpuEmpty = median(emptyKey, cpu), let cpuFull = median(key, cpu),
                  let wallEmpty = median(emptyKey, \.windowSeconds), let wallFull = median(key, \.windowSeconds),
                  let listEmpty = median(listEmptyKey, cpu)
            else { return }
            table.add("\(title), empty: CPU time, wall clock", formatMilliseconds(cpuEmpty) + ", " + formatMilliseconds(wallEmpty))
            table.add("\(title) of 100,000 (\(rows(key))): CPU time, wall clock",
                      formatMilliseconds(cpuFull) + ", " + formatMilliseconds(wallFull))
            table.add("  ratio by CPU time, wall clock", String(format: "%.2f×, %.2f×", cpuFull / cpuEmpty, wallFull / wallEmpty),
                      target: "≤ 1.2×")
            table.add("  CPU time over the empty list's", String(format: "%.2f×", cpuFull / listEmpty))
        }
        add("one-column grid List", "grid", "gridEmpty", "empty")
        add("C one-column GtkGridView", "cGrid", "cGridEmpty", "cEmpty")
    }

    private static func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

    /// In a child launch: shows one window and reports when its first frame is painted.
    /// Every variant makes the same 100,000 words first, so the figures compare views.
    static func probe(_ name: String) -> Never {
        let words = Words(count: rowCount)
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let start = UInt64(clock.tv_sec) * 1_000_000_000 + UInt64(clock.tv_nsec)
        let cpuStart = processCPUNanoseconds()
        let window: Window
        switch Probe(rawValue: name) {
        case .empty, .gridEmpty:
            window = Window(title: "List benchmark", width: 640, height: 480) {
                List({ [Word]() }, id: \.id) { row in Text { row.text } }
            }
        case .list, .grid:
            window = Window(title: "List benchmark", width: 640, height: 480) {
                List({ words.rows }, id: \.id) { row in Text { row.text } }
            }
        case .forEach:
            let shown = Array(words.rows.prefix(forEachCount))
            window = Window(title: "List benchmark", width: 640, height: 480) {
                ScrollView { VStack { ForEach({ shown }, id: \.id) { word in Text(word.text) } } }
            }
        case nil:
            print("unknown \(probeVariable): \(name)")
            exit(2)
        }
        window.afterFirstPaint {
            var clock = timespec()
            clock_gettime(CLOCK_MONOTONIC, &clock)
            // Launch reads first-frame-ns on CLOCK_MONOTONIC.
            let now = UInt64(clock.tv_sec) * 1_000_000_000 + UInt64(clock.tv_nsec)
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
                .split(separator: " ").dropFirst().first ?? "0"
            var text = "first-frame-ns \(now)\nwindow-ns \(now - start)\npeak-rss-kb \(peak)\n"
                + "window-cpu-ns \(processCPUNanoseconds() - cpuStart)\nrows-built \(Diagnostics.listRowsBuilt)\n"
                + "row-build-ns \(Diagnostics.listRowBuildNanoseconds)\nrow-attach-ns \(Diagnostics.listRowAttachNanoseconds)\n"
            text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
            exit(0)
        }
        window.present()
        MainLoop.run(until: { false }, timeout: .seconds(60))
        exit(1)
    }

    /// The C floor's filter time, from its last launch (nil when it was not built).
    private static var floorFilterSeconds: Double?

    // MARK: - In this process

    /// Scrolls from the first row to the last in 200 jumps, each waiting for its frame.
    private static func scrolling(_ table: inout Table) {
        let words = Words(count: rowCount)
        let builtBefore = Diagnostics.listRowsBuilt
        let window = GtkKitBenchmarks.show(width: 640, height: 480) {
            List({ words.rows }, id: \.id) { row in Text { row.text } }
        }
        let list = listView(in: window)
        MainLoop.run(until: { gtk_widget_get_first_child(list) != nil }, timeout: .seconds(10))
        let firstScreen = Diagnostics.listRowsBuilt - builtBefore
        let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))
        var mostRows = Diagnostics.liveListRows
        var mostItems = 0
        let jumps = 200
        let start = Measure.now()
        for jump in 1...jumps {
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, end * Double(jump) / Double(jumps))
            BenchWidgets.nextFrame(of: window)
            mostRows = max(mostRows, Diagnostics.liveListRows)
            mostItems = max(mostItems, childCount(of: list))
        }
        let seconds = Double(Measure.now() - start) / 1e9
        let lastShown = lastLabelText(in: list)
        table.add("row views built for the first screen", "\(firstScreen)")
        table.add("scroll end to end (\(jumps) jumps, a frame each): row views built", "\(Diagnostics.listRowsBuilt - builtBefore)")
        table.add("  most row views alive", "\(mostRows)", target: "≤ 300")
        table.add("  most GTK list items alive", "\(mostItems)", target: "≤ 300")
        table.add("  time per jump (rebind + frame)", formatMilliseconds(seconds / Double(jumps)))
        table.add("  last row shown", lastShown)
        window.close()
    }

    /// 100,000 rows filtered to every hundredth (1,000) and back, seven times each.
    private static func filtering(_ table: inout Table) {
        let words = Words(count: rowCount)
        let data: @MainActor () -> [Word] = { words.isFiltered ? words.rows.filter { $0.id % 100 == 0 } : words.rows }
        let window = GtkKitBenchmarks.show(width: 640, height: 480) {
            List(data, id: \.id) { row in
                Text { row.text }
            }
        }
        let list = listView(in: window)
        let model = gtk_list_view_get_model(OpaquePointer(list))
        MainLoop.run(until: { gtk_widget_get_first_child(list) != nil }, timeout: .seconds(10))
        var narrowing: [Double] = []
        var narrowingCPU: [Double] = []
        var widening: [Double] = []
        var painted: [Double] = []
        var closureOnly: [Double] = []
        var emissions = 0
        let built = Diagnostics.listRowsBuilt
        for round in 0...7 {
            let emitted = Diagnostics.listItemsChanged
            let cpuStart = threadCPUNanoseconds()
            var start = Measure.now()
            words.isFiltered = true
            UpdateScheduler.flush()
            let narrowed = Double(Measure.now() - start) / 1e9
            let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e9
            let count = g_list_model_get_n_items(model)
            BenchWidgets.nextFrame(of: window)
            let frame = Double(Measure.now() - start) / 1e9
            emissions = Diagnostics.listItemsChanged - emitted
            start = Measure.now()
            words.isFiltered = false
            UpdateScheduler.flush()
            let widened = Double(Measure.now() - start) / 1e9
            BenchWidgets.nextFrame(of: window)
            start = Measure.now()
            // The data closure alone, called as List calls it: tracked, narrowing.
            words.isFiltered = true
            start = Measure.now()
            let kept = withObservationTracking { data().count } onChange: {}
            let filter = Double(Measure.now() - start) / 1e9
            words.isFiltered = false
            UpdateScheduler.flush()
            BenchWidgets.nextFrame(of: window)
            guard round > 0 else { continue }  // the first round warms up
            guard count == 1_000, kept == 1_000 else {
                table.add("filter 100,000 → 1,000", "the model has \(count) rows, not 1,000")
                window.close()
                return
            }
            narrowing.append(narrowed)
            narrowingCPU.append(cpu)
            painted.append(frame)
            widening.append(widened)
            closureOnly.append(filter)
        }
        table.add("filter 100,000 → 1,000: write → model updated", formatMilliseconds(Measure.medianOf(narrowing)),
                  target: "≤ 15 ms")
        table.add("  the same, this thread's CPU time only", formatMilliseconds(Measure.medianOf(narrowingCPU)))
        table.add("  of which the data closure (the app's filter, tracked as List runs it)",
                  formatMilliseconds(Measure.medianOf(closureOnly)))
        if let floor = floorFilterSeconds {
            table.add("  C GtkListView, the same splice (floor; median of 7 in one launch)", formatMilliseconds(floor))
        }
        table.add("  write → next frame painted", formatMilliseconds(Measure.medianOf(painted)))
        table.add("  items-changed emissions", "\(emissions)")
        table.add("  row views built by 8 rounds", "\(Diagnostics.listRowsBuilt - built)", target: "0")
        table.add("back 1,000 → 100,000: write → model updated", formatMilliseconds(Measure.medianOf(widening)))
        window.close()
    }

    // MARK: - Helpers

    private static func listView(in window: Window) -> UnsafeMutablePointer<GtkWidget> {
        // safe: the benchmark's own window, built with one List.
        BenchWidgets.descendant(of: BenchWidgets.root(of: window), type: gtk_list_view_get_type())!
    }

    private static func childCount(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            count += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    /// The text of the last row GTK shows, to see that the scroll reached the end.
    private static func lastLabelText(in list: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let row = gtk_widget_get_last_child(list), let label = BenchWidgets.descendant(of: row, type: gtk_label_get_type())
        else { return "none" }
        return String(cString: gtk_label_get_text(OpaquePointer(label)))
    }

    /// CPU time this process has used, every thread: what a launch costs, without
    /// the waits for a core on a shared machine.
    private static func processCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// CPU time this thread has used: on a shared machine, what waiting for a core adds
    /// to the wall clock is left out (and so is GTK's accessibility thread).
    private static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static func mebibytes(_ kilobytes: Double) -> String { String(format: "%.1f MiB", kilobytes / 1024) }
}

private struct Word {
    let id: Int
    let text: String
}

@Observable @MainActor private final class Words {
    var rows: [Word]
    var isFiltered = false
    init(count: Int) { rows = (0..<count).map { Word(id: $0, text: "word \($0)") } }
}

extension Launch {
    /// From building its window to its first frame, as the program reported it.
    var windowSeconds: Double? { reported["window-ns"].map { Double($0) / 1e9 } }
}
