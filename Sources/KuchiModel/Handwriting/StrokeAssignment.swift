/// The assignment of rows to columns of a square cost matrix with the least total cost
/// (the Hungarian method, in its O(n³) form with potentials): what pairs each written
/// stroke with one expected stroke in ``StrokeOrderCheck``.
enum StrokeAssignment {
    /// For each row, the column it is assigned; every column is used once. Empty for an
    /// empty matrix; `costs` must be square.
    static func cheapest(_ costs: [[Double]]) -> [Int] {
        let n = costs.count
        guard n > 0 else { return [] }
        // 1-based, with row and column 0 as the method's sentinel.
        var rowPotential = [Double](repeating: 0, count: n + 1)
        var columnPotential = [Double](repeating: 0, count: n + 1)
        var rowOfColumn = [Int](repeating: 0, count: n + 1)
        var previous = [Int](repeating: 0, count: n + 1)
        for row in 1...n {
            rowOfColumn[0] = row
            var column = 0
            var least = [Double](repeating: .infinity, count: n + 1)
            var used = [Bool](repeating: false, count: n + 1)
            repeat {
                used[column] = true
                let current = rowOfColumn[column]
                var delta = Double.infinity
                var next = 0
                for candidate in 1...n where !used[candidate] {
                    let reduced = costs[current - 1][candidate - 1] - rowPotential[current] - columnPotential[candidate]
                    if reduced < least[candidate] {
                        least[candidate] = reduced
                        previous[candidate] = column
                    }
                    if least[candidate] < delta {
                        delta = least[candidate]
                        next = candidate
                    }
                }
                for candidate in 0...n {
                    if used[candidate] {
                        rowPotential[rowOfColumn[candidate]] += delta
                        columnPotential[candidate] -= delta
                    } else {
                        least[candidate] -= delta
                    }
                }
                column = next
            } while rowOfColumn[column] != 0
            repeat {
                let before = previous[column]
                rowOfColumn[column] = rowOfColumn[before]
                column = before
            } while column != 0
        }
        var assigned = [Int](repeating: 0, count: n)
        for column in 1...n { assigned[rowOfColumn[column] - 1] = column - 1 }
        return assigned
    }
}
