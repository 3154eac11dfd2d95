// gtkkit-bench: prints the figures quoted in README.md.
// Run under a display and a session bus (see README.md):
//   swift build -c release && xvfb-run -a dbus-run-session .build/release/gtkkit-bench
// `--list` runs only the List figures, `--gtkkit` only the GtkKit table, `--speech`
// only the speech table (it needs speech-dispatcher and speech-dispatcher-espeak-ng).
import CGtk
import Foundation
@_spi(Diagnostics) import GtkKit

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
} else if CommandLine.arguments.contains("--speech") {
    SpeechBenchmarks.run()
} else if CommandLine.arguments.contains("--gtkkit") {
    // The GtkKit table alone (no launches of Kuchi and the C yardstick).
    GtkKitBenchmarks.run()
} else {
    GtkKitBenchmarks.run()
    SpeechBenchmarks.run()
    ListBenchmarks.run(rounds: 15)
    AppBenchmarks.run(rounds: 15)
}
