/// One `items-changed` a `List` tells GTK: at `position`, `removed` rows go and
/// `added` rows come. Positions count the changes before it as done.
struct ListChange: Equatable, Sendable {
    let position: Int
    let removed: Int
    let added: Int
}

/// The changes that turn one sequence of ids into another, keyed by id.
///
/// The common prefix and suffix are left alone. In between, the ids found on both
/// sides stay where they are when they keep their order (the longest run in the same
/// order, so a moved row is one removal and one insertion; when one side is the other
/// with rows left out, all of it); each gap between two rows that stay becomes one
/// change, removing what left the gap and adding what came into it. Duplicate ids
/// match once, in order; the others count as new.
enum ListDiff {
    /// Past this many gaps, the gaps are merged into one change from the first to the
    /// last: every emission costs GTK a pass over its rows on screen, and a filter of
    /// 100,000 rows down to 1,000 leaves a thousand gaps.
    static let mergeLimit = 64

    static func changes<ID: Hashable>(from old: [ID], to new: [ID]) -> [ListChange] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldEnd = old.count - suffix
        let newEnd = new.count - suffix
        if prefix == oldEnd && prefix == newEnd { return [] }
        if prefix == oldEnd || prefix == newEnd {
            return [ListChange(position: prefix, removed: oldEnd - prefix, added: newEnd - prefix)]
        }
        let (oldMiddle, newMiddle) = (old[prefix..<oldEnd], new[prefix..<newEnd])
        let staying = subsequence(oldMiddle, newMiddle) ?? longestOrderedRun(of: matches(oldMiddle, newMiddle))
        return gaps(between: staying, from: (prefix, prefix), to: (oldEnd, newEnd))
    }

    /// When the shorter side is the longer one with rows left out (a filter, or a filter
    /// undone), every row of it stays: one walk finds them, with no dictionary.
    private static func subsequence<ID: Equatable>(_ old: ArraySlice<ID>, _ new: ArraySlice<ID>) -> [Match]? {
        let shortIsNew = new.count <= old.count
        let (short, long) = shortIsNew ? (new, old) : (old, new)
        var result: [Match] = []
        result.reserveCapacity(short.count)
        var next = short.startIndex
        for index in long.indices where next < short.endIndex {
            guard long.endIndex - index >= short.endIndex - next else { return nil }
            if long[index] == short[next] {
                result.append(shortIsNew ? Match(old: index, new: next) : Match(old: next, new: index))
                next += 1
            }
        }
        return next == short.endIndex ? result : nil
    }

    /// A pair of positions holding the same id, in the old and the new sequence.
    private struct Match {
        let old: Int
        let new: Int
    }

    /// The ids on both sides, in old order. The dictionary is made of the smaller side.
    private static func matches<ID: Hashable>(_ old: ArraySlice<ID>, _ new: ArraySlice<ID>) -> [Match] {
        var result: [Match] = []
        if new.count <= old.count {
            var positions = Dictionary<ID, Int>(minimumCapacity: new.count)
            for index in new.indices where positions[new[index]] == nil { positions[new[index]] = index }
            for index in old.indices {
                if let match = positions.removeValue(forKey: old[index]) { result.append(Match(old: index, new: match)) }
            }
        } else {
            var positions = Dictionary<ID, Int>(minimumCapacity: old.count)
            for index in old.indices where positions[old[index]] == nil { positions[old[index]] = index }
            for index in new.indices {
                if let match = positions.removeValue(forKey: new[index]) { result.append(Match(old: match, new: index)) }
            }
            result.sort { $0.old < $1.old }
        }
        return result
    }

    /// The longest subsequence of `matches` (in old order) whose new positions rise too
    /// (patience sorting, O(n log n)).
    private static func longestOrderedRun(of matches: [Match]) -> [Match] {
        guard !matches.isEmpty else { return [] }
        var tails: [Int] = []  // index into `matches` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: matches.count)
        for index in matches.indices {
            let value = matches[index].new
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if matches[tails[middle]].new < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Match] = []
        run.reserveCapacity(tails.count)
        // safe: `tails` is not empty, `matches` was not.
        var index = tails.last!
        while index >= 0 {
            run.append(matches[index])
            index = previous[index]
        }
        return run.reversed()
    }

    /// One change per gap between rows that stay, front to back.
    private static func gaps(between staying: [Match], from start: (old: Int, new: Int), to end: (old: Int, new: Int))
        -> [ListChange]
    {
        var changes: [ListChange] = []
        var oldStart = start.old
        var newStart = start.new
        var firstOld = -1
        var lastOld = 0
        var lastNew = 0
        for bound in staying + [Match(old: end.old, new: end.new)] {
            let removed = bound.old - oldStart
            let added = bound.new - newStart
            if removed > 0 || added > 0 {
                if firstOld < 0 { firstOld = oldStart }
                changes.append(ListChange(position: newStart, removed: removed, added: added))
                lastOld = bound.old
                lastNew = bound.new
            }
            oldStart = bound.old + 1
            newStart = bound.new + 1
        }
        guard changes.count > mergeLimit, let first = changes.first else { return changes }
        return [ListChange(position: first.position, removed: lastOld - firstOld, added: lastNew - first.position)]
    }
}
