import CGtk
import CGtkShim
import BenchSupport
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Observation

/// The GtkKit figures of README.md, measured in one process.
@MainActor
enum GtkKitBenchmarks {
    static func run() {
        var table = Table("GtkKit (medians of 7 runs unless noted)")
        labelUpdateCost(&table)
        stateUpdateCost(&table)
        coalescedWrites(&table)
        fineGrainedLabels(&table)
        environmentFanOut(&table)
        sizeClassFlip(&table)
        counterClicks(&table)
        furiganaLayout(&table)
        table.print()
    }

    /// One bound label update (model write + the flush the main loop runs)
    /// against a raw gtk_label_set_text loop with the same strings.
    static func labelUpdateCost(_ table: inout Table) {
        let count = 20_000
        let model = Value()
        let window = show { Text { "Count: \(model.value)" }.widgetName("label") }
        let label = find("label", in: window)
        var base = 0
        // Alternate the two loops, seven rounds each, so machine noise hits both alike.
        var rawSamples: [Double] = []
        var boundSamples: [Double] = []
        var loopSamples: [Double] = []
        var observationSamples: [Double] = []
        let bare = Value()
        for round in 0..<8 {
            let raw = secondsPerCall(count) { index in gtk_label_set_text(label, "Count: \(base + index)") }
            base += count
            let bound = secondsPerCall(count) { _ in
                model.value += 1
                UpdateScheduler.flush()
            }
            let loop = secondsPerCall(count) { _ in
                model.value += 1
                MainLoop.iterate()
            }
            // The floor any Observation-based binding pays: arming
            // withObservationTracking, then a write firing it, no GtkKit at all.
            let observation = secondsPerCall(count) { _ in
                withObservationTracking { _ = bare.value } onChange: {}
                bare.value += 1
            }
            if round > 0 {  // the first round warms up
                rawSamples.append(raw)
                boundSamples.append(bound)
                loopSamples.append(loop)
                observationSamples.append(observation)
            }
        }

        let raw = Measure.medianOf(rawSamples)
        let bound = Measure.medianOf(boundSamples)
        let throughLoop = Measure.medianOf(loopSamples)
        table.add("raw gtk_label_set_text, per call", formatMicroseconds(raw), target: "")
        table.add("bound label update (write + flush), per update", formatMicroseconds(bound), target: "")
        table.add("bound update vs raw set_text", String(format: "%.2f×", bound / raw), target: "≤ 3×")
        let observation = Measure.medianOf(observationSamples)
        table.add("  Swift Observation alone (arm tracking + write, no GtkKit)", formatMicroseconds(observation), target: "")
        table.add("  GtkKit's own share (bound − raw − Observation)",
                  formatMicroseconds(max(0, bound - raw - observation)), target: "")
        table.add("bound update through one main-loop iteration", formatMicroseconds(throughLoop), target: "")
        window.close()
    }

    /// A `@State` write → its label, against the same update through an `@Observable`
    /// model's property, alternated in one window.
    static func stateUpdateCost(_ table: inout Table) {
        let count = 20_000
        let model = Value()
        let counter = StateLabel()
        let window = show {
            VStack {
                Text { "Count: \(model.value)" }
                counter
            }
        }
        var stateSamples: [Double] = []
        var modelSamples: [Double] = []
        for round in 0..<8 {
            let observable = secondsPerCall(count) { _ in
                model.value += 1
                UpdateScheduler.flush()
            }
            let state = secondsPerCall(count) { _ in
                counter.count += 1
                UpdateScheduler.flush()
            }
            if round > 0 {
                modelSamples.append(observable)
                stateSamples.append(state)
            }
        }
        let observable = Measure.medianOf(modelSamples)
        let state = Measure.medianOf(stateSamples)
        table.add("@State write → label (write + flush), per update", formatMicroseconds(state), target: "")
        table.add("  vs the same through an @Observable property", String(format: "%.2f×", state / observable),
                  target: "≤ 1.1×")
        window.close()
    }

    /// Runs `body` `count` times (with the index) and returns the seconds per call.
    private static func secondsPerCall(_ count: Int, _ body: (Int) -> Void) -> Double {
        let start = Measure.now()
        for index in 0..<count { body(index) }
        return Double(Measure.now() - start) / 1e9 / Double(count)
    }

    static func profileLabelUpdates() {
        let model = Value()
        let window = show { Text { "Count: \(model.value)" } }
        let updates = ProcessInfo.processInfo.environment["PROFILE_UPDATES"].flatMap { Int($0) } ?? 2_000_000
        for _ in 0..<updates {
            model.value += 1
            UpdateScheduler.flush()
        }
        window.close()
    }

    static func coalescedWrites(_ table: inout Table) {
        let model = Value()
        let window = show { Text { "\(model.value)" } }
        MainLoop.drain()
        let writes = Diagnostics.widgetWrites
        for index in 1...1_000_000 { model.value = index }
        MainLoop.drain()
        table.add("1,000,000 writes in one turn: widget writes", "\(Diagnostics.widgetWrites - writes)", target: "1")
        window.close()
    }

    static func fineGrainedLabels(_ table: inout Table) {
        let models = (0..<1_000).map { _ in Value() }
        let window = show {
            ScrollView {
                VStack { ForEach({ models.indices.map { $0 } }, id: \.self) { index in Text { "\(models[index].value)" } } }
            }
        }
        MainLoop.drain()
        let writes = Diagnostics.widgetWrites
        let evaluations = Diagnostics.evaluations
        models[500].value = 1
        MainLoop.drain()
        table.add("1,000 bound labels, one property written: widget writes", "\(Diagnostics.widgetWrites - writes)", target: "1")
        table.add("  … and re-evaluations", "\(Diagnostics.evaluations - evaluations)", target: "1")
        window.close()
    }

    static func environmentFanOut(_ table: inout Table) {
        let settings = Value()
        let window = show { FanOutTree(depth: 10, readers: 10, total: 1_000).environment(\.benchLevel, settings.value) }
        MainLoop.drain()
        let evaluations = Diagnostics.evaluations
        settings.value = 7
        MainLoop.drain()
        // One evaluation is the environment binding itself.
        table.add("env value read by 10 of 1,000 nodes (10 deep), changed at root: re-evaluations",
                  "\(Diagnostics.evaluations - evaluations - 1)", target: "10")
        window.close()
    }

    static func sizeClassFlip(_ table: inout Table) {
        let window = show(width: 800, height: 700) { FlipLayout() }
        MainLoop.drain()
        var values = window.environment
        let created = Diagnostics.widgetsCreated
        var samples: [Double] = []
        for flip in 0..<101 {
            let start = Measure.now()
            values.verticalSizeClass = flip.isMultiple(of: 2) ? .compact : .regular
            UpdateScheduler.flush()
            samples.append(Double(Measure.now() - start) / 1e9)
        }
        values.verticalSizeClass = .regular
        UpdateScheduler.flush()
        table.add("size-class flip of a \(FlipLayout.widgetCount)-widget layout (median of 101)",
                  formatMicroseconds(Measure.medianOf(samples)), target: "")
        table.add("  … widgets created by 101 flips", "\(Diagnostics.widgetsCreated - created)", target: "0")
        window.close()
    }

    /// The seeds' counter: emit clicked, iterate the loop until the label shows the new count.
    static func counterClicks(_ table: inout Table) {
        let counter = Value()
        let window = show {
            VStack {
                Text { "Count: \(counter.value)" }.widgetName("label")
                Button("+") { counter.value += 1 }.widgetName("button")
            }
        }
        let label = find("label", in: window)
        let button = find("button", in: window)
        var samples: [Double] = []
        samples.reserveCapacity(10_000)
        for click in 1...10_000 {
            let expected = "Count: \(click)"
            let start = Measure.now()
            gtkkit_emit(UnsafeMutableRawPointer(button), "clicked")
            while String(cString: gtk_label_get_text(label)) != expected {
                g_main_context_iteration(nil, 0)
            }
            samples.append(Double(Measure.now() - start) / 1e9)
        }
        table.add("counter: click → label shows it (median of 10,000)", formatMilliseconds(Measure.medianOf(samples)),
                  target: "≤ 0.8 ms")
        window.close()
    }

    /// A RubyText shown in a window, switched between two words; the median of 1,000
    /// layouts of 取り消す (4 segments, 2 rubies): the binding's write (Furigana's split
    /// and new segments), then measure and allocate at 300 px, as GTK does in the frame
    /// after a write. The window's first frame is not counted.
    static func furiganaLayout(_ table: inout Table) {
        let words = [("取り消す", "とりけす"), ("食べる", "たべる")]
        let model = Value()
        let window = show {
            RubyText {
                let (word, reading) = words[model.value % words.count]
                return Furigana.segments(word: word, reading: reading).map { RubyText.Segment(base: $0.text, ruby: $0.reading) }
            }
            .widgetName("ruby")
        }
        let ruby = UnsafeMutablePointer<GtkWidget>(find("ruby", in: window))
        MainLoop.drain()
        let width: Int32 = 300
        var samples: [Double] = []
        var writeSamples: [Double] = []
        for round in 0..<2_001 {
            let start = Measure.now()
            model.value += 1
            UpdateScheduler.flush()
            let written = Measure.now()
            var height: Int32 = 0
            gtk_widget_measure(ruby, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
            gtk_widget_measure(ruby, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
            gtk_widget_allocate(ruby, width, height, -1, nil)
            let end = Measure.now()
            // Every other round lays out 取り消す.
            if round.isMultiple(of: 2) == false {
                samples.append(Double(end - start) / 1e9)
                writeSamples.append(Double(written - start) / 1e9)
            }
        }
        let median = Measure.medianOf(samples)
        // Labels in ASCII: the table pads by characters, and kanji are two columns wide.
        table.add("furigana layout of a word (write + measure + allocate, 300 px)", formatMilliseconds(median),
                  target: "≤ 0.2 ms")
        table.add("  of which the write (Furigana's split, new segments)",
                  formatMilliseconds(Measure.medianOf(writeSamples)), target: "")
        var splits = 0
        let split = secondsPerCall(100_000) { _ in splits += Furigana.segments(word: "取り消す", reading: "とりけす").count }
        // The segment count is printed, so the split cannot be optimised away.
        table.add("  Furigana's split alone (\(splits / 100_000) segments), per word", formatMicroseconds(split), target: "")
        gtk_widget_queue_resize(ruby)
        window.close()
    }

    // MARK: - Helpers

    static func show<Content: View>(width: Int = 640, height: Int = 480, @ViewBuilder _ content: () -> Content) -> Window {
        let window = Window(title: "GtkKit benchmark", width: width, height: height, content: content)
        window.present()
        MainLoop.run(until: { window.size.width > 0 }, timeout: .seconds(10))
        return window
    }

    static func find(_ name: String, in window: Window) -> OpaquePointer {
        // safe: the benchmark's own window, built just above with this name.
        OpaquePointer(descendant(named: name, of: UnsafeMutableRawPointer(window.gtkWindow).assumingMemoryBound(to: GtkWidget.self))!)
    }

    static func descendant(named name: String, of root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if String(cString: gtk_widget_get_name(root)) == name { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = descendant(named: name, of: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}

@Observable @MainActor final class Value {
    var value = 0
}

private struct BenchLevelKey: EnvironmentKey {
    static let defaultValue = 0
}

extension EnvironmentValues {
    var benchLevel: Int {
        get { self[BenchLevelKey.self] }
        set { self[BenchLevelKey.self] = newValue }
    }
}

/// A tree `depth` levels deep with `total` labels, `readers` of which read the environment.
struct FanOutTree: View {
    let depth: Int
    let readers: Int
    let total: Int

    var body: some View {
        let perLevel = total / depth
        return Level(level: 0, depth: depth, perLevel: perLevel, readersEvery: total / readers)
    }
}

private struct Level: View {
    let level: Int
    let depth: Int
    let perLevel: Int
    let readersEvery: Int

    var body: some View {
        VStack {
            ForEach({ Array(0..<perLevel) }, id: \.self) { index in
                LeafLabel(isReader: (level * perLevel + index) % readersEvery == 0)
            }
            if level + 1 < depth {
                Level(level: level + 1, depth: depth, perLevel: perLevel, readersEvery: readersEvery)
            }
        }
    }
}

private struct LeafLabel: View {
    let isReader: Bool
    @Environment(\.benchLevel) private var level

    var body: some View {
        if isReader {
            Text { "level \(level)" }
        } else {
            Text("static")
        }
    }
}

/// A label showing view-local state, written from outside through its nonmutating setter.
private struct StateLabel: View {
    @State var count = 0
    var body: some View { Text { "Count: \(count)" } }
}

/// ~50 widgets in shared content, arranged two ways.
private struct FlipLayout: View {
    static let widgetCount = 50
    private let top = Shared { VStack { ForEach({ Array(0..<12) }, id: \.self) { Text("top \($0)") } } }
    private let side = Shared { VStack { ForEach({ Array(0..<12) }, id: \.self) { Button("side \($0)") {} } } }
    private let bottom = Shared { HStack { ForEach({ Array(0..<12) }, id: \.self) { Text("\($0)") } } }

    var body: some View {
        AdaptiveLayout(\.verticalSizeClass) {
            VStack { top; side; bottom }
        } compact: {
            VStack { HStack { top; side }; bottom }
        }
    }
}
