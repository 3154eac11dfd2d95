import CGtk
import BenchSupport
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit

/// What `Text`'s plain initialiser costs (`--text`, one launch; run it alternately
/// with another build's to compare): a window of 2,000 constant labels,
/// `Text("Constant")`, and 2,000 interpolated from values that are not state,
/// `Text("Row \(index)")`, to its first frame; then one bound label among them,
/// written and flushed. The source is the same on every build, so the figures
/// compare what the initialiser does with it.
@MainActor
enum TextBenchmarks {
    static let labelCount = 2_000

    static func run() -> Never {
        let model = Value()
        let rows = Array(0..<labelCount)
        let effectsBefore = Diagnostics.liveEffects
        let cpuStart = processCPUNanoseconds()
        let start = Measure.now()
        let window = Window(title: "Text benchmark", width: 640, height: 480) {
            ScrollView {
                VStack {
                    Text { "Count: \(model.value)" }.widgetName("label")
                    ForEach({ rows }, id: \.self) { _ in Text("Constant") }
                    ForEach({ rows }, id: \.self) { index in Text("Row \(index)") }
                }
            }
        }
        var firstFrame: Double?
        var firstFrameCPU: Double?
        window.afterFirstPaint {
            firstFrame = Double(Measure.now() - start) / 1e9
            firstFrameCPU = Double(processCPUNanoseconds() - cpuStart) / 1e9
        }
        window.present()
        MainLoop.run(until: { firstFrame != nil }, timeout: .seconds(30))
        guard let firstFrame, let firstFrameCPU else {
            print("text: no first frame in 30 s (is a display there?)")
            exit(1)
        }
        let effects = Diagnostics.liveEffects - effectsBefore

        // One bound label among the 4,000: a write, then the flush that writes the label.
        let label = GtkKitBenchmarks.find("label", in: window)
        let count = 20_000
        var samples: [Double] = []
        for round in 0..<8 {
            let start = Measure.now()
            for _ in 0..<count {
                model.value += 1
                UpdateScheduler.flush()
            }
            if round > 0 { samples.append(Double(Measure.now() - start) / 1e9 / Double(count)) }  // round 0 warms up
        }
        let shown = String(cString: gtk_label_get_text(label))
        guard shown == "Count: \(model.value)" else {
            print("text: the bound label shows \(shown), not Count: \(model.value)")
            exit(1)
        }
        // One line per figure, for a script that alternates builds.
        print(String(format: "text-first-frame-ms %.3f", firstFrame * 1e3))
        print(String(format: "text-first-frame-cpu-ms %.3f", firstFrameCPU * 1e3))
        print(String(format: "text-update-us %.3f", Measure.medianOf(samples) * 1e6))
        print("text-live-effects \(effects)")
        window.close()
        exit(0)
    }

    private static func processCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
