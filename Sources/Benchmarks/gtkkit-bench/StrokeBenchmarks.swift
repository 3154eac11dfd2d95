import BenchSupport
import CGtk
import Foundation
@_spi(Diagnostics) import GtkKit
import KuchiApp
import KuchiModel

/// Stroke order drawn as the Learn card's back draws it: StrokeDrawing animating 日本語's
/// kanji and 一生懸命's (2 words, 7 drawings, 53 strokes), on the frame clock of
/// whatever renderer GTK picked (under Xvfb: software). The frames' spacing says whether
/// the animation kept the display's rate; the draw function's time says what a frame
/// costs.
@MainActor
enum StrokeBenchmarks {
    static func run() {
        let words = ["日本語", "一生懸命"]
        let kanji = StrokeData.shared.readNow() ? words.map { StrokeData.shared.kanji(of: $0) } : []
        guard kanji.allSatisfy({ !$0.isEmpty }) else {
            print("\nStroke order: skipped, no stroke data (run from the repository, or set KUCHI_DATA_DIR)")
            return
        }
        var table = Table("Stroke order animation (\(renderer()); frame clock ticks while drawing)")
        for (word, characters) in zip(words, kanji) {
            let size = characters.count > 3 ? 58 : 120
            let window = GtkKitBenchmarks.show(width: 1000, height: 700) {
                HStack(spacing: 6) {
                    ForEach({ characters.map { (id: String($0.character), kanji: $0) } }, id: \.id) { item in
                        StrokeDrawing(box: KanjiStrokes.boxSize, size: size, strokes: { StrokeData.drawing(of: item.kanji) },
                                      summary: { String(item.kanji.character) })
                            .widgetName("strokes-\(item.id)")
                    }
                }
            }
            let first = GtkKitBenchmarks.find("strokes-\(characters[0].character)", in: window)
            let recorder = FrameRecorder(UnsafeMutableRawPointer(first).assumingMemoryBound(to: GtkWidget.self))
            let draws = Diagnostics.strokeDraws, drawTime = Diagnostics.strokeDrawMicroseconds
            // The longest drawing ends last; then no StrokeDrawing ticks any more.
            MainLoop.run(until: { recorder.frames > 0 && recorder.quietFrames > 10 }, timeout: .seconds(60))
            recorder.stop()
            window.close()
            let gaps = recorder.gaps
            guard gaps.count > 10 else {
                table.add("\(word): frames", "too few frames (\(gaps.count))")
                continue
            }
            let median = Measure.medianOf(gaps)
            let late = gaps.filter { $0 > 1.5 * median }.count
            let drawn = max(Diagnostics.strokeDraws - draws, 1)
            let strokes = characters.reduce(0) { $0 + $1.strokeCount }
            table.add("\(word) (\(characters.count) × \(size) px, \(strokes) strokes): frames", "\(gaps.count + 1)")
            table.add("  frame interval median / p95 / max",
                      "\(formatMilliseconds(median, digits: 1)) / \(formatMilliseconds(Measure.percentile(gaps, 0.95), digits: 1)) / \(formatMilliseconds(gaps.max() ?? 0, digits: 1))")
            table.add("  frames later than 1.5 × the median", "\(late) of \(gaps.count)", target: "0")
            table.add("  draw function, mean", formatMilliseconds(Double(Diagnostics.strokeDrawMicroseconds - drawTime) / Double(drawn) / 1e6))
        }
        table.add("draw function, longest of all", formatMilliseconds(Double(Diagnostics.longestStrokeDrawMicroseconds) / 1e6))
        table.print()
    }

    private static func renderer() -> String {
        let named = ProcessInfo.processInfo.environment["GSK_RENDERER"].map { "GSK_RENDERER=\($0)" }
        return named ?? "GTK's default renderer"
    }
}

/// Every frame time of a widget's frame clock while it runs: a tick callback.
@MainActor
private final class FrameRecorder {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var id: guint = 0
    private var times: [Int64] = []
    private var lastTickCount = Diagnostics.strokeFrames
    /// Frames since a StrokeDrawing last ticked.
    private(set) var quietFrames = 0

    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        id = gtk_widget_add_tick_callback(widget, { _, clock, data in
            MainActor.assumeIsolated {
                // safe: the pointer given below, alive until stop() removes the callback.
                let recorder = Unmanaged<FrameRecorder>.fromOpaque(data!).takeUnretainedValue()
                // safe: GTK passes the widget's frame clock to its tick callbacks.
                recorder.tick(at: Int64(gdk_frame_clock_get_frame_time(clock!)))
            }
            return 1  // G_SOURCE_CONTINUE
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Keeps the frame's time while the drawings tick (they tick once a frame).
    private func tick(at time: Int64) {
        if Diagnostics.strokeFrames != lastTickCount {
            times.append(time)
            quietFrames = 0
        } else {
            quietFrames += 1
        }
        lastTickCount = Diagnostics.strokeFrames
    }

    var frames: Int { times.count }

    /// Seconds between one frame and the next.
    var gaps: [Double] { zip(times.dropFirst(), times).map { Double($0 - $1) / 1e6 } }

    func stop() { gtk_widget_remove_tick_callback(widget, id) }
}
