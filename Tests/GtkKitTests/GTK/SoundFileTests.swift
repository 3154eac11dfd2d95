import CGtk
import Foundation
import TemporaryFolderFixture
import Testing
@_spi(Interop) @testable import GtkKit

extension GTKTests {
    /// A card's own sound, played through GTK's media backend (GStreamer).
    @Suite("Sound files", .enabled("needs GTK's GStreamer media backend: apt-get install libgtk-4-media-gstreamer") {
        FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/gtk-4.0/4.0.0/media/libmedia-gstreamer.so")
    })
    @MainActor
    struct SoundFileTests {
        /// A WAV file of `milliseconds` of a 440 Hz tone, 8 kHz mono 16-bit, in `folder`.
        private func tone(milliseconds: Int, in folder: URL) throws -> URL {
            let rate = 8_000
            let samples = rate * milliseconds / 1_000
            var data = Data()
            func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
            data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + samples * 2))
            data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
            append(UInt32(rate)); append(UInt32(rate * 2)); append(UInt16(2)); append(UInt16(16))
            data.append(contentsOf: Array("data".utf8)); append(UInt32(samples * 2))
            for index in 0..<samples { append(Int16(sin(Double(index) * 2 * .pi * 440 / Double(rate)) * 8_000)) }
            let url = folder.appendingPathComponent("tone-\(milliseconds)ms.wav")
            try data.write(to: url)
            return url
        }

        @Test("a WAV file plays to its end, reported through the main loop")
        func playsToTheEnd() throws {
            let temporaryFolder = try TemporaryFolder()
            let url = try tone(milliseconds: 300, in: temporaryFolder.url)
            let sound = SoundFile()
            var states: [SoundFile.State] = []
            sound.onChange = { states.append($0) }
            sound.play(path: url.path)
            #expect(sound.state == .playing(path: url.path))
            pump(until: { sound.state != .playing(path: url.path) }, timeout: .seconds(10), "the tone ends")
            #expect(sound.state == .ended(path: url.path), "\(sound.state)")
            #expect(states == [.playing(path: url.path), .ended(path: url.path)])
        }

        @Test("a file that is not a sound fails with GStreamer's words, and nothing blocks")
        func notASound() throws {
            let temporaryFolder = try TemporaryFolder()
            let url = temporaryFolder.url.appendingPathComponent("not-a-sound.mp3")
            try Data("this is text, not audio".utf8).write(to: url)
            let sound = SoundFile()
            sound.play(path: url.path)
            pump(until: { if case .failed = sound.state { true } else { false } }, timeout: .seconds(10), "playing fails")
            guard case .failed(let path, let reason) = sound.state else { return }
            #expect(path == url.path)
            #expect(!reason.isEmpty)
        }

        @Test("playing another file stops the first")
        func secondStopsFirst() throws {
            let temporaryFolder = try TemporaryFolder()
            let long = try tone(milliseconds: 3_000, in: temporaryFolder.url)
            let short = try tone(milliseconds: 200, in: temporaryFolder.url)
            let sound = SoundFile()
            sound.play(path: long.path)
            sound.play(path: short.path)
            pump(until: { sound.state == .ended(path: short.path) }, timeout: .seconds(10), "the second ends, well before the first would")
        }
    }
}
