// swift-tools-version: 6.0
// Dependencies point one way: app → GtkKit → CGtkShim/CGtk (and app → CSoupShim, the
// AnkiConnect server). KuchiModel imports neither;
// its system dependencies are SQLite (CSQLite), libarchive (loaded at run time,
// CArchiveLoader) and zstd (CZstd).
import Foundation
import PackageDescription

// GTK's and libadwaita's compiler and linker flags, read from pkg-config here
// rather than through `.systemLibrary(pkgConfig:)`: GTK's .pc files carry
// -pthread and -mfpmath=sse, which SwiftPM drops with a warning on every build.
func pkgConfig(_ library: String, _ arguments: String...) -> [String] {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config"] + arguments + [library]
    process.standardOutput = output
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        fatalError("pkg-config is needed to find GTK 4 and libsoup 3: apt-get install pkg-config libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev")
    }
    guard process.terminationStatus == 0 else {
        fatalError("\(library)'s development files not found: apt-get install libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

// The oldest versions Kuchi supports (Debian 12's), as GTK's and libadwaita's
// version macros: newer releases' deprecations of these APIs do not warn (the
// Flatpak's GNOME runtime is newer), and using an API newer than these does.
let apiVersions = [
    "-DGDK_VERSION_MIN_REQUIRED=GDK_VERSION_4_8", "-DGDK_VERSION_MAX_ALLOWED=GDK_VERSION_4_8",
    "-DADW_VERSION_MIN_REQUIRED=ADW_VERSION_1_2", "-DADW_VERSION_MAX_ALLOWED=ADW_VERSION_1_2",
]
let gtkIncludes = pkgConfig("libadwaita-1", "--cflags-only-I") + apiVersions
let gtkLibraries = pkgConfig("libadwaita-1", "--libs-only-L", "--libs-only-l")
let gtkC: [CSetting] = [.unsafeFlags(gtkIncludes)]
let gtkSwift: [SwiftSetting] = [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", $0] })]
let gtkLinker: [LinkerSetting] = [.unsafeFlags(gtkLibraries)]
// libsoup 3 (libsoup-3.0-dev), for the AnkiConnect server: read the same way (its .pc
// file carries -pthread too). Only the C shim sees its headers.
let soupC: [CSetting] = [.unsafeFlags(pkgConfig("libsoup-3.0", "--cflags-only-I"))]
let soupLinker: [LinkerSetting] = [.unsafeFlags(pkgConfig("libsoup-3.0", "--libs-only-L", "--libs-only-l"))]

// KuchiModel's topic folders, each opening with a README.md that says what it owns.
let kuchiModelFolders: [String] = ["Decks", "Importing", "Importing/AnkiImport", "JSON", "Practice", "Scheduling", "CardBrowser", "Japanese", "UserFiles", "SafeFileIO", "FSRS", "ReviewStore", "Localization", "Dictionary", "AnkiConnect", "Sync"]

let package = Package(
    name: "Kuchi",
    products: [
        .executable(name: "kuchi", targets: ["kuchi"]),
        .executable(name: "counter", targets: ["counter"]),
        .executable(name: "challenge", targets: ["challenge"]),
        .executable(name: "gtkkit-bench", targets: ["gtkkit-bench"]),
        .executable(name: "store-bench", targets: ["store-bench"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
        .library(name: "KuchiModel", targets: ["KuchiModel"]),
    ],
    targets: [
        // C interop: a module map over <gtk/gtk.h> and <adwaita.h>, nothing else.
        .systemLibrary(name: "CGtk", path: "Sources/C/CGtk"),
        // Typed C helpers for what Swift cannot import (macros, varargs, subclassing).
        .target(
            name: "CGtkShim", dependencies: ["CGtk"], path: "Sources/C/CGtkShim", cSettings: gtkC, linkerSettings: gtkLinker),
        // The Swift layer: bindings, environment, declarative views.
        .target(
            name: "GtkKit", dependencies: ["CGtk", "CGtkShim"], swiftSettings: gtkSwift),
        // C interop: a module map over <sqlite3.h> (libsqlite3-dev). Its pkg-config flags
        // are only the default include and library paths, so none are read.
        .systemLibrary(name: "CSQLite", path: "Sources/C/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Zip archives (libarchive-dev) and zstd frames (libzstd-dev), for Anki packages:
        // module maps as for SQLite.
        .systemLibrary(name: "CArchive", path: "Sources/C/CArchive", providers: [.apt(["libarchive-dev"])]),
        // libarchive for Kuchi, loaded with dlopen when a package is first opened (its
        // prototypes from libarchive-dev's headers); CArchive links it, for store-bench.
        .target(name: "CArchiveLoader", path: "Sources/C/CArchiveLoader"),
        .systemLibrary(name: "CZstd", path: "Sources/C/CZstd", providers: [.apt(["libzstd-dev"])]),
        // Pure model: FoundationEssentials + Observation, SQLite for review history, and
        // libarchive and zstd to read Anki packages.
        .target(
            name: "KuchiModel", dependencies: ["CSQLite", "CArchiveLoader", "CZstd"],
            exclude: kuchiModelFolders.map { "\($0)/README.md" }),
        // Where an installed build finds its data (generated by meson).
        .target(name: "CKuchiConfig", path: "Sources/C/CKuchiConfig"),
        // C interop: a module map over glibc's <libintl.h> (gettext), part of libc itself.
        .systemLibrary(name: "CGettext", path: "Sources/C/CGettext"),
        // speech-dispatcher's client library, loaded at run time (dlopen), so Kuchi starts
        // and says why it cannot speak where libspeechd.so.2 is missing.
        .target(name: "CSpeechDispatcher", path: "Sources/C/CSpeechDispatcher"),
        // A loopback HTTP server on the GLib loop (libsoup 3's SoupServer), behind a typed
        // C API that names no libsoup type: dictionary apps' AnkiConnect requests.
        .target(name: "CSoupShim", path: "Sources/C/CSoupShim", cSettings: soupC, linkerSettings: soupLinker),
        // Screens and the application, on GtkKit.
        .target(
            name: "KuchiApp",
            dependencies: ["GtkKit", "KuchiModel", "CKuchiConfig", "CGettext", "CSpeechDispatcher", "CSoupShim"],
            swiftSettings: gtkSwift
        ),
        .executableTarget(name: "kuchi", dependencies: ["KuchiApp"], swiftSettings: gtkSwift),
        // Kuchi with a first-frame probe, for the start-up benchmark only.
        .executableTarget(name: "kuchi-startup-probe", dependencies: ["KuchiApp"], path: "Sources/Benchmarks/kuchi-startup-probe", swiftSettings: gtkSwift),
        .executableTarget(name: "counter", dependencies: ["GtkKit"], path: "Sources/Samples/counter", swiftSettings: gtkSwift),
        // The seeds' ChallengeView and ScoreView: @State and @Binding.
        .executableTarget(name: "challenge", dependencies: ["GtkKit"], path: "Sources/Samples/challenge", swiftSettings: gtkSwift),
        // The C yardstick for Kuchi's start-up time and memory.
        .executableTarget(
            name: "gtk-baseline", dependencies: ["CGtk"], path: "Sources/Benchmarks/gtk-baseline", cSettings: gtkC, linkerSettings: gtkLinker),
        // The floor for GtkKit's List: a plain C GtkListView of the same 100,000 rows.
        .executableTarget(
            name: "gtk-list-baseline", dependencies: ["CGtk"], path: "Sources/Benchmarks/gtk-list-baseline", cSettings: gtkC, linkerSettings: gtkLinker),
        .executableTarget(
            name: "gtkkit-bench",
            dependencies: ["GtkKit", "CGtk", "KuchiApp", "KuchiModel", "BenchSupport", "SpeechDispatcherFixture"], path: "Sources/Benchmarks/gtkkit-bench",
            swiftSettings: gtkSwift
        ),
        // Runs the GLib loop as an app does; GtkKitTests launches it.
        .executableTarget(
            name: "gtkkit-mainloop-probe", dependencies: ["GtkKit", "CGtk"],
            path: "Tests/MainLoopProbe", swiftSettings: gtkSwift),
        // The review store against a synthetic 100,000-card history, and typed answers; no GTK.
        // Timing and the printed table, for both benchmarks.
        .target(name: "BenchSupport", path: "Sources/Benchmarks/BenchSupport"),
        .executableTarget(
            name: "store-bench", dependencies: ["KuchiModel", "BenchSupport", "CArchive", "CZstd", "SimulatedLearnerFixture"],
            path: "Sources/Benchmarks/store-bench"),
        // Records reviews until killed; the store's crash test launches it.
        .executableTarget(
            name: "store-crash-probe", dependencies: ["KuchiModel"], path: "Tests/StoreCrashProbe"),
        // A folder a test owns, removed when the test is done with it; for every test target (no GTK).
        .target(name: "TemporaryFolderFixture", path: "Tests/TemporaryFolderFixture"),
        // A learner whose memory follows known FSRS parameters, for the optimizer's tests and benchmark.
        .target(name: "SimulatedLearnerFixture", dependencies: ["KuchiModel"], path: "Tests/SimulatedLearnerFixture"),
        .testTarget(
            name: "KuchiModelTests", dependencies: ["KuchiModel", "TemporaryFolderFixture", "SimulatedLearnerFixture"],
            exclude: ["Fixtures"]),
        // A speech-dispatcher of a test's own; the speech tests and the benchmark start it.
        .target(name: "SpeechDispatcherFixture", path: "Tests/SpeechDispatcherFixture"),
        // Widget lookup, display and window-manager helpers for the GTK test targets.
        .target(
            name: "GtkTestSupport", dependencies: ["GtkKit", "CGtk", "CGtkShim"],
            path: "Tests/GtkTestSupport", swiftSettings: gtkSwift),
        .testTarget(
            name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "CGtkShim", "GtkTestSupport", "TemporaryFolderFixture"],
            swiftSettings: gtkSwift),
        .testTarget(
            name: "KuchiAppTests",
            dependencies: [
                "KuchiApp", "KuchiModel", "GtkKit", "CGtk", "CGtkShim", "GtkTestSupport", "SpeechDispatcherFixture",
                "TemporaryFolderFixture",
            ],
            swiftSettings: gtkSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
