import Testing
@testable import GtkKit

/// The keyed diff a List tells GTK: few, small changes that, applied in order,
/// turn the old ids into the new ones and leave every other row where it was.
@Suite("List diff")
struct ListDiffTests {
    @Test("the same ids make no change")
    func unchanged() {
        #expect(ListDiff.changes(from: [1, 2, 3], to: [1, 2, 3]).isEmpty)
    }

    @Test("an appended id is one insertion at the end")
    func append() {
        #expect(ListDiff.changes(from: [1, 2, 3], to: [1, 2, 3, 4]) == [ListChange(position: 3, removed: 0, added: 1)])
    }

    @Test("a removed id is one removal where it was")
    func remove() {
        #expect(ListDiff.changes(from: [1, 2, 3, 4], to: [1, 3, 4]) == [ListChange(position: 1, removed: 1, added: 0)])
    }

    @Test("a moved id is one removal and one insertion; the rows between stay")
    func move() {
        let old = Array(0..<10)
        let new = [0, 1, 3, 4, 5, 6, 7, 2, 8, 9]
        let changes = ListDiff.changes(from: old, to: new)
        #expect(changes == [ListChange(position: 2, removed: 1, added: 0), ListChange(position: 7, removed: 0, added: 1)])
        #expect(applying(changes, from: old, to: new) == new)
    }

    @Test("an id replaced by another is one change of one row")
    func replace() {
        #expect(ListDiff.changes(from: [1, 2, 3], to: [1, 9, 3]) == [ListChange(position: 1, removed: 1, added: 1)])
    }

    @Test("a reversed list keeps one row and changes the others around it")
    func reverse() {
        let old = Array(0..<6)
        let new = Array(old.reversed())
        let changes = ListDiff.changes(from: old, to: new)
        #expect(applying(changes, from: old, to: new) == new)
        #expect(changes.map(\.removed).reduce(0, +) == 5)
    }

    @Test("duplicate ids match once each and do not trap")
    func duplicates() {
        let old = [1, 1, 2, 3]
        let new = [3, 1, 1, 1]
        #expect(applying(ListDiff.changes(from: old, to: new), from: old, to: new) == new)
    }

    @Test("a filter removes each run of rows left out, and undoing it adds them back")
    func filterAndBack() {
        let all = Array(0..<10)
        let kept = [0, 3, 7]
        let narrowing = ListDiff.changes(from: all, to: kept)
        #expect(narrowing == [ListChange(position: 1, removed: 2, added: 0), ListChange(position: 2, removed: 3, added: 0),
                              ListChange(position: 3, removed: 2, added: 0)])
        let widening = ListDiff.changes(from: kept, to: all)
        #expect(widening == [ListChange(position: 1, removed: 0, added: 2), ListChange(position: 4, removed: 0, added: 3),
                             ListChange(position: 8, removed: 0, added: 2)])
        #expect(applying(widening, from: kept, to: all) == all)
    }

    @Test("filtering 100,000 ids to every hundredth merges the thousand gaps into one change")
    func filterMerges() {
        let old = Array(0..<100_000)
        let new = old.filter { $0 % 100 == 0 }
        let changes = ListDiff.changes(from: old, to: new)
        #expect(changes == [ListChange(position: 1, removed: 99_999, added: 999)])
        #expect(applying(changes, from: old, to: new) == new)
    }

    @Test("random edits: the changes turn the old ids into the new and keep the rows outside them")
    func randomEdits() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            let old = Array(0..<Int.random(in: 0..<40, using: &generator))
            var new = old.filter { _ in Int.random(in: 0..<4, using: &generator) > 0 }
            new.shuffle(using: &generator)
            new += (100..<100 + Int.random(in: 0..<5, using: &generator))
            #expect(applying(ListDiff.changes(from: old, to: new), from: old, to: new) == new)
        }
    }
}

/// Plays `changes` on `old` as GTK sees them: each replaces the rows at its position
/// with the new rows there; the rows outside every change are the old ones, so the
/// result equals `new` only if they were in the right place.
private func applying(_ changes: [ListChange], from old: [Int], to new: [Int]) -> [Int] {
    var list = old.map(Optional.some)
    for change in changes {
        let added = new[change.position..<change.position + change.added].map { Optional($0) }
        list.replaceSubrange(change.position..<change.position + change.removed, with: added)
    }
    return list.compactMap { $0 }
}

/// A seeded generator, so the random cases are the same on every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
