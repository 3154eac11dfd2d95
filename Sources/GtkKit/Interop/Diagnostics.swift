internal import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// Counters for what the binding layer does, warnings about its misuse, and the
/// `GTKKIT_DEBUG` switch.
///
/// `GTKKIT_DEBUG=updates` logs each binding re-evaluation and each widget write;
/// `GTKKIT_DEBUG=counts` prints the totals when the process exits;
/// `GTKKIT_DEBUG=list-grid` makes every `List` a one-column GtkGridView instead of a
/// GtkListView, an experiment measured by `gtkkit-bench --list` and not adopted
/// (README, *GtkKit's List*). They may be combined with a comma. The counters are
/// for tests and the benchmark (`@_spi(Diagnostics) import GtkKit`), read-only
/// outside GtkKit.
@_spi(Diagnostics)
public enum Diagnostics {
    // NB: plain counters, touched only on the main thread (the threading rule in
    // GtkKit.docc/GtkKit.md); atomics would cost more than the bookkeeping they count.
    nonisolated(unsafe) public internal(set) static var evaluations = 0
    nonisolated(unsafe) public internal(set) static var widgetWrites = 0
    nonisolated(unsafe) public internal(set) static var widgetsCreated = 0
    nonisolated(unsafe) public internal(set) static var liveWidgets = 0
    nonisolated(unsafe) public internal(set) static var liveEffects = 0
    nonisolated(unsafe) public internal(set) static var liveClosures = 0
    nonisolated(unsafe) public internal(set) static var liveGObjects = 0
    nonisolated(unsafe) public internal(set) static var flushes = 0
    /// Observation's change notifications received by bindings (each tracking fires once).
    nonisolated(unsafe) public internal(set) static var changeNotifications = 0
    /// `List` rows: contents built (once per GTK list item), those alive now, and
    /// the `items-changed` emissions that told GTK of changed rows.
    nonisolated(unsafe) public internal(set) static var listRowsBuilt = 0
    nonisolated(unsafe) public internal(set) static var liveListRows = 0
    nonisolated(unsafe) public internal(set) static var listItemsChanged = 0
    /// Ids a `List` read and hashed to compare its rows across changes.
    nonisolated(unsafe) public internal(set) static var listIDsHashed = 0
    /// Time spent making `List` rows' contents (the row's view built and first shown:
    /// GtkKit's share of a new row) and putting them in GTK's list items (the child
    /// set and the row's accessible name), in nanoseconds, in all.
    nonisolated(unsafe) public internal(set) static var listRowBuildNanoseconds = 0
    nonisolated(unsafe) public internal(set) static var listRowAttachNanoseconds = 0
    /// `PageStack` pages built ahead and measured, before they were first shown.
    nonisolated(unsafe) public internal(set) static var pagesBuiltAhead = 0
    /// Redraws a `BarChart` asked GTK for (its bars changed), and frames it drew.
    nonisolated(unsafe) public internal(set) static var chartRedrawRequests = 0
    nonisolated(unsafe) public internal(set) static var chartDraws = 0
    /// Frames a `StrokeDrawing` drew, and its animation's frame-clock ticks.
    nonisolated(unsafe) public internal(set) static var strokeDraws = 0
    nonisolated(unsafe) public internal(set) static var strokeFrames = 0
    /// The time its draw function took, in all and at most, in microseconds.
    nonisolated(unsafe) public internal(set) static var strokeDrawMicroseconds = 0
    nonisolated(unsafe) public internal(set) static var longestStrokeDrawMicroseconds = 0
    /// Frames a `SketchPad` drew.
    nonisolated(unsafe) public internal(set) static var sketchDraws = 0
    /// Every warning printed so far, oldest first.
    nonisolated(unsafe) public private(set) static var warnings: [String] = []

    nonisolated(unsafe) static var logsUpdates = false
    /// Whether each `List` built from now on is a one-column GtkGridView instead of a
    /// GtkListView: the experiment `gtkkit-bench --list` measures. Off unless
    /// `GTKKIT_DEBUG` has `list-grid`; a test may set it.
    // NB: GTK 4.8's GtkGridView keeps 30 rows of items alive where its GtkListView
    // keeps 200, but stretches those 30 rows to fill a taller viewport (README,
    // *GtkKit's List*): not adopted, kept so the benchmark can measure it.
    nonisolated(unsafe) public static var listsAreOneColumnGrids: Bool = {
        guard let raw = getenv("GTKKIT_DEBUG") else { return false }
        return String(cString: raw).split(separator: ",").contains { $0.trimmingCharacters() == "list-grid" }
    }()
    nonisolated(unsafe) private static var configured = false

    /// Reads `GTKKIT_DEBUG` once. Called by `Application` and `Window`.
    static func configureFromEnvironment() {
        guard !configured else { return }
        configured = true
        guard let raw = getenv("GTKKIT_DEBUG") else { return }
        let words = String(cString: raw).split(separator: ",").map { $0.trimmingCharacters() }
        logsUpdates = words.contains("updates") || words.contains("all")
        if words.contains("counts") || words.contains("all") {
            atexit { Diagnostics.printCounts() }
        }
    }

    /// A one-line summary of every counter.
    public static var summary: String {
        "evaluations=\(evaluations) widget-writes=\(widgetWrites) widgets-created=\(widgetsCreated) "
            + "flushes=\(flushes) live-widgets=\(liveWidgets) live-effects=\(liveEffects) "
            + "live-closures=\(liveClosures) live-gobjects=\(liveGObjects) "
            + "list-rows-built=\(listRowsBuilt) live-list-rows=\(liveListRows) list-items-changed=\(listItemsChanged)"
    }

    /// The monotonic clock in nanoseconds, for the timings above.
    static func nanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    static func printCounts() {
        printError("[gtkkit] counts: \(summary)")
    }

    static func log(_ message: @autoclosure () -> String) {
        guard logsUpdates else { return }
        printError("[gtkkit] \(message())")
    }

    /// Reports a mistake in how GtkKit is used (the app goes on).
    static func warn(_ message: String) {
        warnings.append(message)
        printError("[gtkkit] warning: \(message)")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Writes one line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
