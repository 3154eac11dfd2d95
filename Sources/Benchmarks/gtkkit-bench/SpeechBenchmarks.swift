import BenchSupport
import CGtk
import CGtkShim
import Foundation
@_spi(Diagnostics) import GtkKit
import KuchiApp
import SpeechDispatcherFixture

/// Speaking a word: from the press of a button that asks the `Speaker` to say it (as
/// the Learn card's SpeakButton does) to speech-dispatcher's report that it began the
/// message, against a private speech-dispatcher with espeak-ng (audio to libao's null
/// driver, so the sound card's own latency is not in it).
@MainActor
enum SpeechBenchmarks {
    static func run(presses: Int = 21) {
        var table = Table("Speech (a private speech-dispatcher 0.11 with espeak-ng; medians)")
        if let missing = PrivateSpeechDispatcher.missing(.espeakNG) {
            print("\nSpeech: skipped, \(missing)")
            return
        }
        let daemon: PrivateSpeechDispatcher
        do {
            daemon = try PrivateSpeechDispatcher(.espeakNG)
        } catch {
            print("\nSpeech: skipped, \(error)")
            return
        }
        defer { daemon.stop() }
        guard MainLoop.run(until: { daemon.isReady }, timeout: .seconds(10)) else {
            print("\nSpeech: skipped, the private speech-dispatcher did not start")
            return
        }

        let speaker = Speaker(socketPath: daemon.socketPath)
        let connecting = ContinuousClock.now
        speaker.prepare()
        MainLoop.run(until: { speaker.availability != .unknown }, timeout: .seconds(60))
        guard speaker.availability == .available else {
            print("\nSpeech: skipped, \(speaker.availability) (\(speaker.problemDetail ?? ""))")
            return
        }
        table.add("connect + choose a Japanese voice (lists all of espeak-ng's voices)",
                  formatMilliseconds(seconds(ContinuousClock.now - connecting), digits: 0))

        let words = ["たべる", "のむ", "みず", "ありがとう"]
        var index = 0
        let window = GtkKitBenchmarks.show {
            Button(iconName: "audio-volume-high-symbolic", title: "Say the Word") { speaker.say(words[index % words.count]) }
                .widgetName("speak")
        }
        defer { window.close() }
        let button = GtkKitBenchmarks.find("speak", in: window)
        var samples: [Double] = []
        for press in 0..<(presses + 3) {
            index = press
            let previous = speaker.lastStarted
            let pressed = ContinuousClock.now
            gtkkit_emit(UnsafeMutableRawPointer(button), "clicked")
            guard MainLoop.run(until: { speaker.lastStarted != previous }, timeout: .seconds(5)),
                  let started = speaker.lastStarted, started.text == words[press % words.count]
            else {
                print("\nSpeech: speech-dispatcher did not report press \(press) began")
                return
            }
            if press >= 3 { samples.append(seconds(started.time - pressed)) }  // three to warm up
        }
        table.add("press → speech-dispatcher began the word (median of \(presses))",
                  formatMilliseconds(Measure.medianOf(samples), digits: 1), target: "≤ 300 ms")
        table.add("  slowest of the \(presses)", formatMilliseconds(samples.max() ?? 0, digits: 1))
        table.print()
    }

    /// The main loop while the `Speaker` waits on a speech-dispatcher that never answers
    /// (the tests' `SilentSpeechDispatcher`): after `say`, a tick every 20 ms, fifty
    /// times, and the gaps between them. Speaking must never hold up the window.
    static func hungDaemon() {
        let silent: SilentSpeechDispatcher
        do {
            silent = try SilentSpeechDispatcher()
        } catch {
            print("\nHung speech-dispatcher: skipped, \(error)")
            return
        }
        defer { silent.stop() }
        let speaker = Speaker(socketPath: silent.socketPath)
        speaker.prepare()
        speaker.say("たべる")
        var ticks: [ContinuousClock.Instant] = []
        func tick() {
            ticks.append(.now)
            if ticks.count < 50 { MainLoop.after(.milliseconds(20), tick) }
        }
        tick()
        guard MainLoop.run(until: { ticks.count >= 50 }, timeout: .seconds(30)) else {
            print("\nHung speech-dispatcher: the main loop ran \(ticks.count) of 50 ticks in 30 s")
            return
        }
        let gaps = zip(ticks.dropFirst(), ticks).map { seconds($0 - $1) }
        var table = Table("Speech-dispatcher that never answers: the main loop meanwhile (50 ticks, 20 ms apart)")
        table.add("longest gap between two ticks", formatMilliseconds(gaps.max() ?? 0, digits: 1), target: "< 500 ms")
        table.add("  median gap", formatMilliseconds(Measure.medianOf(gaps), digits: 1))
        table.add("  the speaker still waits after the last tick", speaker.availability == .unknown ? "yes" : "no")
        table.print()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
