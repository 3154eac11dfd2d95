/// One run of a word as written, with the kana that read it when it needs them.
public struct FuriganaSegment: Equatable, Sendable {
    /// Part of the word as written.
    public let text: String
    /// Its kana reading; nil when `text` is kana (no ruby over it).
    public let reading: String?

    public init(text: String, reading: String?) {
        self.text = text
        self.reading = reading
    }
}

/// Where a word's reading goes over the word: furigana per kanji run when the kana
/// written in the word pin it down, over the whole word otherwise.
///
/// 取り消す read とりけす is four runs, 取 り 消 す: the kana runs り and す must appear
/// in the reading as they are (hiragana and katakana alike), so 取 reads と and 消 reads
/// け. A word whose kana could sit at two places in the reading (好き嫌い, すききらい:
/// す|き|きら|い or すき|き|ら|い), or at none (a reading that does not fit), gets its
/// whole reading over the whole word: never a wrong split.
public enum Furigana {
    /// The word cut into runs, each kanji run with its reading.
    ///
    /// A word with no kanji, an empty reading or a reading equal to the word is one
    /// segment with no reading; a reading listing several ("ニチ、ジツ、ひ") is
    /// one segment over the whole word. Kanji here are CJK ideographs and the signs
    /// written among them (々 〆 〇 〻 ヶ ヵ); any other character that is not kana (a
    /// letter, a digit, a slash) is read like a kanji, as part of the run it sits in.
    /// An empty word has no segments.
    public static func segments(word: String, reading: String) -> [FuriganaSegment] {
        guard !word.isEmpty else { return [] }
        let letters = Array(word.unicodeScalars)
        guard !reading.isEmpty, reading != word, letters.contains(where: Kana.isKanji) else {
            return [FuriganaSegment(text: word, reading: nil)]
        }
        let whole = [FuriganaSegment(text: word, reading: reading)]
        let sounds = Array(reading.unicodeScalars)
        guard !sounds.contains("、") else { return whole }
        let runs = Run.split(letters)
        guard runs.count > 1, let ends = alignment(of: runs, in: letters, to: sounds) else { return whole }

        var segments: [FuriganaSegment] = []
        segments.reserveCapacity(runs.count)
        var start = 0
        for (run, end) in zip(runs, ends) {
            let text = string(letters[run.range])
            segments.append(FuriganaSegment(text: text, reading: run.isKana ? nil : string(sounds[start..<end])))
            start = end
        }
        return segments
    }

    /// Where each run's reading ends in `sounds`, when exactly one way fits them.
    ///
    /// `ways[i][p]` counts (up to 2, which is all "ambiguous" needs) the ways runs
    /// `i...` read `sounds[p...]`: a kana run only as itself, a kanji run as any
    /// non-empty stretch. Filled from the last run back, each row in one pass, so the
    /// cost is runs × reading length.
    private static func alignment(
        of runs: [Run], in letters: [Unicode.Scalar], to sounds: [Unicode.Scalar]
    ) -> [Int]? {
        let kana = sounds.map(Kana.hiragana)
        let width = sounds.count + 1
        var ways = [UInt8](repeating: 0, count: (runs.count + 1) * width)
        ways[runs.count * width + sounds.count] = 1
        for index in runs.indices.reversed() {
            let run = runs[index], row = index * width, next = row + width
            if run.isKana {
                let length = run.range.count
                for position in 0...sounds.count where position + length <= sounds.count {
                    let matches = zip(letters[run.range], kana[position..<position + length])
                        .allSatisfy { Kana.hiragana($0) == $1 }
                    if matches { ways[row + position] = ways[next + position + length] }
                }
            } else {
                // A kanji run at p reads p..<q for any q > p: the sum of the next row past p.
                var later: UInt8 = 0
                for position in stride(from: sounds.count, through: 0, by: -1) {
                    ways[row + position] = later
                    later = min(2, later + ways[next + position])
                }
            }
        }
        guard ways[0] == 1 else { return nil }

        // The one way: each kanji run ends where the rest can still be read.
        var ends: [Int] = []
        ends.reserveCapacity(runs.count)
        var position = 0
        for (index, run) in runs.enumerated() {
            let next = (index + 1) * width
            if run.isKana {
                position += run.range.count
            } else {
                // On the one way, exactly one end leaves a rest that can be read.
                position = (position + 1..<width).first { ways[next + $0] > 0 } ?? sounds.count
            }
            ends.append(position)
        }
        return ends
    }

    /// A stretch of kana, or of everything else.
    private struct Run {
        var range: Range<Int>
        var isKana: Bool

        static func split(_ letters: [Unicode.Scalar]) -> [Run] {
            var runs: [Run] = []
            for (index, letter) in letters.enumerated() {
                let kana = Kana.isKana(letter)
                if let last = runs.last, last.isKana == kana {
                    runs[runs.count - 1].range = last.range.lowerBound..<index + 1
                } else {
                    runs.append(Run(range: index..<index + 1, isKana: kana))
                }
            }
            return runs
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
