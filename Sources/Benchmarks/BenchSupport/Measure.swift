// What the two benchmarks (gtkkit-bench, store-bench) share: timing, medians and the
// printed table.
import Foundation

/// Timing helpers: medians of repeated runs, in one process.
public enum Measure {
    /// Seconds that `body` took.
    public static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `body` `runs` times (after one untimed run, with `warmUp`) and returns the
    /// median seconds.
    public static func median(runs: Int = 7, warmUp: Bool = false, _ body: () throws -> Void) rethrows -> Double {
        if warmUp { try body() }
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try time(body)) }
        return medianOf(samples)
    }

    public static func medianOf(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// Nanoseconds on a monotonic clock, for loops that time themselves.
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A printed table with aligned columns.
public struct Table {
    let title: String
    var rows: [(String, String, String)] = []

    public init(_ title: String) { self.title = title }

    public mutating func add(_ measure: String, _ result: String, target: String = "") {
        rows.append((measure, result, target))
    }

    public func print() {
        let widths = (
            max(7, rows.map(\.0.count).max() ?? 0),
            max(6, rows.map(\.1.count).max() ?? 0),
            max(6, rows.map(\.2.count).max() ?? 0)
        )
        func line(_ a: String, _ b: String, _ c: String) -> String {
            "| " + a.padding(toLength: widths.0, withPad: " ", startingAt: 0) + " | "
                + b.padding(toLength: widths.1, withPad: " ", startingAt: 0) + " | "
                + c.padding(toLength: widths.2, withPad: " ", startingAt: 0) + " |"
        }
        Swift.print("\n\(title)\n")
        Swift.print(line("measure", "result", "target"))
        Swift.print(line(String(repeating: "-", count: widths.0), String(repeating: "-", count: widths.1),
                         String(repeating: "-", count: widths.2)))
        for row in rows { Swift.print(line(row.0, row.1, row.2)) }
    }
}

/// "12.345 ms" (`digits` after the point).
public func formatMilliseconds(_ seconds: Double, digits: Int = 3) -> String {
    String(format: "%.\(digits)f ms", seconds * 1e3)
}

/// "1.23 µs".
public func formatMicroseconds(_ seconds: Double) -> String { String(format: "%.2f µs", seconds * 1e6) }
