@_spi(Diagnostics) import GtkKit

/// What GtkKit holds alive right now: the counts a leak would raise.
///
/// Run with a whole suite, the process also holds what earlier tests' windows leave to
/// be released in their own time (a pending timeout's closure, a window GTK disposes on
/// a later turn), so between two reads a count may fall: a leak is a count that rises.
public struct LiveCounts: Equatable, CustomStringConvertible {
    public let widgets = Diagnostics.liveWidgets
    public let effects = Diagnostics.liveEffects
    public let closures = Diagnostics.liveClosures
    public let gobjects = Diagnostics.liveGObjects
    public let listRows = Diagnostics.liveListRows

    public init() {}

    /// Whether no count is above the one in `baseline`.
    public func isWithin(_ baseline: LiveCounts) -> Bool {
        widgets <= baseline.widgets && effects <= baseline.effects && closures <= baseline.closures
            && gobjects <= baseline.gobjects && listRows <= baseline.listRows
    }

    public var description: String {
        "widgets=\(widgets) effects=\(effects) closures=\(closures) gobjects=\(gobjects) list-rows=\(listRows)"
    }
}

#if canImport(Testing)
import Testing

/// Iterates the main loop until nothing GtkKit holds is above `baseline`, then expects
/// so, naming the counts.
@MainActor
public func expectReleased(
    to baseline: LiveCounts, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
) {
    _ = MainLoop.run(until: { LiveCounts().isWithin(baseline) }, timeout: timeout)
    let now = LiveCounts()
    #expect(now.isWithin(baseline), "everything released: \(now) now, \(baseline) before", sourceLocation: sourceLocation)
}
#endif
