// gtkkit-bench: prints the figures quoted in README.md.
// Run under a display and a session bus (see README.md):
//   swift build -c release && xvfb-run -a dbus-run-session .build/release/gtkkit-bench
// `--strokes` only the stroke order animation's frames, `--writing` only the writing pad's reading, `--list` runs only the List figures, `--cards` only the card browser's, `--imports` only the imports in the window, `--gtkkit` only the GtkKit table, `--text` only Text's initialiser (one launch), `--startup`
// only Kuchi's (start-up and deck loading), `--speech` only the speech tables (the main
// loop while speech-dispatcher hangs; speaking, which needs speech-dispatcher and
// speech-dispatcher-espeak-ng); `--help` says so.
import CGtk
import Foundation
@_spi(Diagnostics) import GtkKit

if CommandLine.arguments.contains("--help") {
    print("""
        Usage: gtkkit-bench [--gtkkit | --strokes | --writing | --list | --heat-map | --text | --cards [--cold] | --imports [FILE|FOLDER…] | --startup [--compare PROBE] | --startup-sync | --speech | --profile-label-updates]

        With no option, prints every table quoted in README.md. Run under a display and
        a session bus: xvfb-run -a dbus-run-session .build/release/gtkkit-bench

          --gtkkit                 the GtkKit table only (bindings, environment, counter)
          --strokes                the stroke order animation only: frame clock intervals
                                   and draw times while StrokeDrawing draws 日本語 and
                                   一生懸命 (needs the stroke data: run from the repository)
          --writing                the writing pad only: Zinnia opened, then strokes
                                   read off the main thread, from the change to the
                                   candidates on the main thread, and the main loop's
                                   longest gap meanwhile (needs libzinnia0 and
                                   tegaki-zinnia-japanese)
          --list                   the List table only (needs gtk-list-baseline built)
          --heat-map               the calendar heat map of a year only
          --text                   Text's plain initialiser: 2,000 constant and 2,000
                                   interpolated labels to the first frame, one bound
                                   label's update (one launch: alternate builds)
          --cards                  the card browser over 100,000 cards only, opened
                                   once the window has built its page ahead; then
                                   Show Every Deck over the bundled decks
          --cold                   with --cards: opened before that, at once after
                                   the window's first frame
          --imports [FILE|FOLDER…] imports in the window: those given, or else store-bench
                                   --hostile's packages (/tmp/kuchi-hostile) and the Anki fixtures,
                                   each to its verdict with the frame clock watched, and
                                   Cancel during the largest
          --speech                 the speech tables only: the main loop while
                                   speech-dispatcher hangs, and speaking (needs
                                   speech-dispatcher and speech-dispatcher-espeak-ng)
          --startup                Kuchi's table only: start-up against the C baseline
                                   (needs kuchi-startup-probe and gtk-baseline built), with
                                   the repository's decks and with every deck installed,
                                   and deck loading
          --startup-sync           start-up with a sync folder of 300,000 events (none,
                                   merged, not yet merged) against the C baseline, and
                                   the first merge's main-loop stalls, in steps and at once
          --compare PROBE          with --startup: launch another build's
                                   kuchi-startup-probe beside this one's in every
                                   round, to compare a change in one run
          --profile-label-updates  the bound label loop alone, for a profiler
        """)
    exit(0)
}

guard gtk_init_check() != 0 else {
    print("gtkkit-bench needs a display (try: xvfb-run -a swift run -c release gtkkit-bench)")
    exit(2)
}
MainLoop.attach()
if let probe = ProcessInfo.processInfo.environment[ListBenchmarks.probeVariable] {
    ListBenchmarks.probe(probe)
} else if CommandLine.arguments.contains("--list") {
    ListBenchmarks.run(rounds: 15)
} else if CommandLine.arguments.contains("--profile-label-updates") {
    // For a profiler: only the bound label loop, long enough to sample.
    GtkKitBenchmarks.profileLabelUpdates()
} else if CommandLine.arguments.contains("--startup-sync") {
    SyncStartupBenchmarks.run(rounds: 15)
} else if CommandLine.arguments.contains("--startup") {
    let arguments = CommandLine.arguments
    let compared = arguments.firstIndex(of: "--compare").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    AppBenchmarks.run(rounds: 15, compared: compared.map { URL(fileURLWithPath: $0) })
} else if CommandLine.arguments.contains("--text") {
    TextBenchmarks.run()
} else if CommandLine.arguments.contains("--heat-map") {
    HeatMapBenchmarks.run()
} else if CommandLine.arguments.contains("--cards") {
    CardBrowserBenchmarks.run(cold: CommandLine.arguments.contains("--cold"))
    if !CommandLine.arguments.contains("--cold") { CardBrowserBenchmarks.everyDeck() }
} else if let flag = CommandLine.arguments.firstIndex(of: "--imports") {
    ImportBenchmarks.run(arguments: Array(CommandLine.arguments[(flag + 1)...]))
} else if CommandLine.arguments.contains("--speech") {
    SpeechBenchmarks.hungDaemon()
    SpeechBenchmarks.run()
} else if CommandLine.arguments.contains("--strokes") {
    StrokeBenchmarks.run()
} else if CommandLine.arguments.contains("--writing") {
    WritingBenchmarks.run()
} else if CommandLine.arguments.contains("--gtkkit") {
    // The GtkKit table alone (no launches of Kuchi and the C yardstick).
    GtkKitBenchmarks.run()
} else {
    GtkKitBenchmarks.run()
    SpeechBenchmarks.hungDaemon()
    SpeechBenchmarks.run()
    ListBenchmarks.run(rounds: 15)
    CardBrowserBenchmarks.run()
    CardBrowserBenchmarks.everyDeck()
    HeatMapBenchmarks.run()
    AppBenchmarks.run(rounds: 15)
}
