/// A hybrid logical clock's stamp: wall time in milliseconds and a counter that orders
/// events within one millisecond, or after the wall clock stepped back.
///
/// Stamps order registers (a setting, a suspension, a card's field): the later stamp
/// wins, ties broken by device and event id, so every device picks the same winner.
public struct HLCStamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 UTC, never less than any stamp this device has seen.
    public var wall: Int64
    /// Events at the same `wall`, counted from 0.
    public var counter: Int64

    public init(wall: Int64, counter: Int64) {
        self.wall = wall
        self.counter = counter
    }

    public static func < (left: HLCStamp, right: HLCStamp) -> Bool {
        (left.wall, left.counter) < (right.wall, right.counter)
    }

    public var description: String { "\(wall).\(counter)" }
}

/// One device's hybrid logical clock.
///
/// Why not `max(wall, last + 1)`: measured with two Syncthing instances, such a clock
/// ran ahead of wall time during bursts of events and then lost a later setting to an
/// earlier one. Keeping the counter apart from the wall time means the wall part never
/// runs ahead of the largest wall time seen, and a clock that steps back still stamps
/// after everything it has seen (the counter grows instead).
public struct HybridClock: Sendable, Equatable {
    /// The largest stamp given or seen.
    public private(set) var last: HLCStamp

    public init(last: HLCStamp = HLCStamp(wall: 0, counter: 0)) {
        self.last = last
    }

    /// A stamp for a new event at wall time `now` (milliseconds): after every stamp
    /// given or seen before.
    public mutating func tick(now: Int64) -> HLCStamp {
        last = now > last.wall ? HLCStamp(wall: now, counter: 0) : HLCStamp(wall: last.wall, counter: last.counter + 1)
        return last
    }

    /// Takes in another device's stamp, so the next ``tick(now:)`` comes after it.
    public mutating func receive(_ stamp: HLCStamp) {
        if stamp > last { last = stamp }
    }
}
