import KuchiModel
import Testing

@Suite("Sync: the hybrid logical clock")
struct HybridClockTests {
    @Test("stamps follow the wall clock while it goes forward, with the counter at 0")
    func forward() {
        var clock = HybridClock()
        #expect(clock.tick(now: 1000) == HLCStamp(wall: 1000, counter: 0))
        #expect(clock.tick(now: 2000) == HLCStamp(wall: 2000, counter: 0))
    }

    @Test("events in one millisecond, or after the wall clock stepped back, still get later stamps: the counter grows")
    func steppedBack() {
        var clock = HybridClock()
        let first = clock.tick(now: 5000)
        let same = clock.tick(now: 5000)
        let back = clock.tick(now: 1000)
        #expect(first < same && same < back)
        #expect(back == HLCStamp(wall: 5000, counter: 2))
        // The wall part never ran ahead of the wall times seen.
        #expect(back.wall == 5000)
    }

    @Test("a stamp received from another device is followed by this device's next stamp, even if its clock is behind")
    func receive() {
        var clock = HybridClock()
        _ = clock.tick(now: 1000)
        clock.receive(HLCStamp(wall: 9000, counter: 3))
        #expect(clock.tick(now: 2000) == HLCStamp(wall: 9000, counter: 4))
        // Positive control: without the receive, the stamp would have been earlier.
        var alone = HybridClock()
        _ = alone.tick(now: 1000)
        #expect(alone.tick(now: 2000) < HLCStamp(wall: 9000, counter: 3))
    }
}
