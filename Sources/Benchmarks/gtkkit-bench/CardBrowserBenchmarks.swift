import BenchSupport
import CGtk
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
@_spi(Benchmark) import KuchiApp
import KuchiModel

/// The card browser over 100,000 cards, 20,000 of them reviewed and 500 suspended: the
/// real window and page (`CardBrowserProbe`), a database on /dev/shm when there is one.
@MainActor
enum CardBrowserBenchmarks {
    static let cardCount = 100_000
    static let reviewedCount = 20_000

    /// `cold`: the first opening comes at once after the window's first frame, before
    /// the page is built ahead (as when the learner presses Ctrl+B within the first
    /// seconds); otherwise the bench waits for the build, as the window does it.
    static func run(cold: Bool = false) {
        var table = Table("Card browser over \(cardCount.grouped) cards (\(reviewedCount.grouped) reviewed; medians)\(cold ? ", opened before it is built ahead" : "")")
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.fileExists(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("kuchi-card-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let deck = syntheticDeck()
        do {
            try record(deck, in: folder)
            let probe = try CardBrowserProbe(deck: deck, folder: folder)
            probe.window.present()
            BenchWidgets.nextFrame(of: probe.window)
            if !cold { buildAhead(probe, into: &table) }
            measure(probe, into: &table)
            probe.window.close()
        } catch {
            table.add("card browser", "could not be set up: \(error)")
        }
        table.print()
    }

    /// Show Every Deck pressed with the browser open: Kuchi Basics in use and the
    /// bundled decks (each read from its file, its schedule read) → the next frame.
    static func everyDeck() {
        var table = Table("Card browser: Show Every Deck over the bundled decks (medians of 5)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-every-deck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let probe = try CardBrowserProbe(deck: .kuchiBasics, folder: folder, withBundledDecks: true)
            probe.window.present()
            BenchWidgets.nextFrame(of: probe.window)
            probe.open()
            BenchWidgets.nextFrame(of: probe.window)
            var shows: [Double] = []
            var models: [Double] = []
            for _ in 0..<5 {
                let start = Measure.now()
                probe.showEveryDeck(true)
                let read = Measure.now()
                UpdateScheduler.flush()
                BenchWidgets.nextFrame(of: probe.window)
                shows.append(Double(Measure.now() - start) / 1e9)
                models.append(Double(read - start) / 1e9)
                probe.showEveryDeck(false)
                UpdateScheduler.flush()
                BenchWidgets.nextFrame(of: probe.window)
            }
            table.add("toggle on → next frame painted", formatMilliseconds(Measure.medianOf(shows)))
            probe.showEveryDeck(true)
            table.add("  cards shown", probe.browser.cards.count.grouped)
            table.add("  the decks read and listed (model)", formatMilliseconds(Measure.medianOf(models)))
            probe.window.close()
        } catch {
            table.add("every deck", "could not be set up: \(error)")
        }
        table.print()
    }

    /// The build ahead the window starts a little after its first frame, started now:
    /// the time until it is done (idle turns of the loop, frames between them) and the
    /// resident memory it added.
    private static func buildAhead(_ probe: CardBrowserProbe, into table: inout Table) {
        let built = Diagnostics.pagesBuiltAhead
        let memory = residentKilobytes()
        let start = Measure.now()
        probe.buildAhead()
        UpdateScheduler.flush()
        let done = MainLoop.run(until: { Diagnostics.pagesBuiltAhead > built }, timeout: .seconds(10))
        let seconds = Double(Measure.now() - start) / 1e9
        table.add("build ahead, in idle time after start-up (model, page, measure)",
                  done ? formatMilliseconds(seconds) : "not done in 10 s")
        table.add("  resident memory it adds", String(format: "%.1f MiB", Double(residentKilobytes() - memory) / 1024))
        BenchWidgets.nextFrame(of: probe.window)
    }

    private static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    private static func measure(_ probe: CardBrowserProbe, into table: inout Table) {
        var opens: [Double] = []
        var mostRows = Diagnostics.liveListRows
        for round in 0..<8 {
            let start = Measure.now()
            probe.open()
            let opened = Measure.now()
            UpdateScheduler.flush()
            let updated = Measure.now()
            BenchWidgets.nextFrame(of: probe.window)
            let end = Measure.now()
            let seconds = Double(end - start) / 1e9
            mostRows = max(mostRows, Diagnostics.liveListRows)
            if round == 0 {
                table.add("open (Ctrl+B) → first frame, the first time", formatMilliseconds(seconds), target: "≤ 100 ms")
                table.add("  the model (schedule read, cards listed)", formatMilliseconds(Double(opened - start) / 1e9))
                table.add("  the views updated (the page built, if not ahead)", formatMilliseconds(Double(updated - opened) / 1e9))
                table.add("  GTK's frame", formatMilliseconds(Double(end - updated) / 1e9))
            } else {
                opens.append(seconds)
            }
            probe.close()
            BenchWidgets.nextFrame(of: probe.window)
        }
        table.add("open (Ctrl+B) → first frame, again (schedule read, list rebuilt)", formatMilliseconds(Measure.medianOf(opens)),
                  target: "≤ 100 ms")
        probe.open()
        BenchWidgets.nextFrame(of: probe.window)
        // Keystrokes as typed: each a new query, the list updated (model, diff, GTK).
        let queries = ["taberu", "word 4242", "たべ", "ko"]
        var keystrokes: [Double] = []
        var painted: [Double] = []
        for word in queries {
            for length in 1...word.count {
                let start = Measure.now()
                probe.browser.query = String(word.prefix(length))
                UpdateScheduler.flush()
                keystrokes.append(Double(Measure.now() - start) / 1e9)
                BenchWidgets.nextFrame(of: probe.window)
                painted.append(Double(Measure.now() - start) / 1e9)
                mostRows = max(mostRows, Diagnostics.liveListRows)
            }
            for length in stride(from: word.count - 1, through: 0, by: -1) {
                probe.browser.query = String(word.prefix(length))
                UpdateScheduler.flush()
                BenchWidgets.nextFrame(of: probe.window)
            }
        }
        table.add("keystroke → list updated (\(keystrokes.count) keystrokes)", formatMilliseconds(Measure.medianOf(keystrokes)),
                  target: "≤ 30 ms")
        table.add("  slowest keystroke", formatMilliseconds(keystrokes.max() ?? 0))
        table.add("  keystroke → next frame painted", formatMilliseconds(Measure.medianOf(painted)))
        for order in [CardBrowser.Order.due, .state, .word] {
            let start = Measure.now()
            probe.browser.order = order
            UpdateScheduler.flush()
            table.add("sort by \(order), the first time", formatMilliseconds(Double(Measure.now() - start) / 1e9))
        }
        // Scroll from the top to the bottom, as the scrolling benchmark of List does.
        probe.browser.order = .deck
        UpdateScheduler.flush()
        BenchWidgets.nextFrame(of: probe.window)
        if let list = BenchWidgets.descendant(of: BenchWidgets.root(of: probe.window), type: gtk_list_view_get_type()) {
            let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))
            for jump in 1...50 {
                let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
                gtk_adjustment_set_value(adjustment, end * Double(jump) / 50)
                BenchWidgets.nextFrame(of: probe.window)
                mostRows = max(mostRows, Diagnostics.liveListRows)
            }
        }
        table.add("most row views alive (open, typing, a scroll to the end)", "\(mostRows)", target: "≤ 300")
    }

    /// 100,000 cards: readings from a small syllable set, so short queries match many.
    private static func syntheticDeck() -> Deck {
        let syllables = ["か", "き", "く", "こ", "た", "べ", "る", "も", "の", "さ", "し", "ね", "い", "ぬ"]
        let romaji = ["ka", "ki", "ku", "ko", "ta", "be", "ru", "mo", "no", "sa", "shi", "ne", "i", "nu"]
        let cards = (0..<cardCount).map { number -> Challenge in
            let picks = [number % 14, (number / 14) % 14, (number / 196) % 14]
            return Challenge(
                question: "語\(number)", reading: picks.map { syllables[$0] }.joined(),
                romaji: picks.map { romaji[$0] }.joined(), answer: "word \(number)")
        }
        return Deck(name: "Benchmark", language: "ja", cards: cards)
    }

    /// Reviews the first cards and suspends a few, as a learner would have.
    private static func record(_ deck: Deck, in folder: URL) throws {
        let store = try ReviewStore(path: CardBrowserProbe.databasePath(in: folder))
        let now = Date()
        for card in deck.cards.prefix(reviewedCount) {
            let after = FSRSCard(
                state: .review, step: nil, stability: 3, difficulty: 5,
                due: now.addingTimeInterval(Double.random(in: -86_400...864_000)), lastReview: now)
            try store.record(Review(
                card: CardID(deck: "file:Benchmark", question: card.question), rating: .good, time: now,
                answerTime: .seconds(2), after: after))
        }
        for card in deck.cards.prefix(500) {
            try store.setSuspended(true, card: CardID(deck: "file:Benchmark", question: card.question))
        }
        try store.checkpoint()
    }
}
