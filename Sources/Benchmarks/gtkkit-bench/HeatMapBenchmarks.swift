// The calendar heat map (GtkKit's CalendarHeatMap) of a year and a week, 371 days:
// the window with it shown → its first frame (the grid and its 371 cells built,
// measured, drawn), and a change of today's count → the next frame (recoloured in
// place), beside a label's change → the next frame, the frame clock's own wait.
// Medians of 9 runs each.
import BenchSupport
import CGtk
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import Observation

@MainActor
enum HeatMapBenchmarks {
    @Observable @MainActor
    final class Year {
        var counts = (0..<371).map { ($0 * 37) % 23 }
        var shown = false
        var label = ""
    }

    static func run() {
        var table = Table("Calendar heat map, a year and a week (371 days; medians of 9)")
        var firstFrames: [Double] = []
        var updates: [Double] = []
        let year = Year()
        // The map comes into a window already on screen, as the Statistics page builds
        // it: from the change to the frame that shows it (built, measured, drawn).
        let window = Window(title: "heat map", width: 900, height: 300, content: {
            If({ year.shown }) {
                CalendarHeatMap(
                    days: {
                        year.counts.enumerated().map { index, count in
                            CalendarHeatMap.Day(count: count, weekday: index % 7, description: "\(count) answers on day \(index)",
                                                columnLabel: index % 30 == 0 ? "M\(index / 30)" : nil)
                        }
                    },
                    summary: { "a year" })
            } else: {
                Text { year.label }
            }
        })
        window.present()
        BenchWidgets.nextFrame(of: window)
        for _ in 0..<9 {
            let start = Measure.now()
            year.shown = true
            UpdateScheduler.flush()
            BenchWidgets.nextFrame(of: window)
            firstFrames.append(Double(Measure.now() - start) / 1e9)
            let change = Measure.now()
            year.counts[370] += 1
            UpdateScheduler.flush()
            BenchWidgets.nextFrame(of: window)
            updates.append(Double(Measure.now() - change) / 1e9)
            year.shown = false
            UpdateScheduler.flush()
            BenchWidgets.nextFrame(of: window)
        }
        // The frame clock's own wait, for scale: a label's text changed → next frame.
        var baseline: [Double] = []
        for round in 0..<9 {
            let start = Measure.now()
            year.label = "round \(round)"
            UpdateScheduler.flush()
            BenchWidgets.nextFrame(of: window)
            baseline.append(Double(Measure.now() - start) / 1e9)
        }
        window.close()
        table.add("the year built into a shown window → its frame", formatMilliseconds(Measure.medianOf(firstFrames)), target: "≤ 16 ms")
        table.add("today's count changed → next frame", formatMilliseconds(Measure.medianOf(updates)))
        table.add("for scale: a label changed → next frame (the frame clock's own wait)", formatMilliseconds(Measure.medianOf(baseline)))
        table.print()
    }
}
