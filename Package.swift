// swift-tools-version: 6.0
// Dependencies point one way: app → GtkKit → CGtkShim/CGtk/CGettext (and app → CSoupShim → CSoup,
// the AnkiConnect server). KuchiModel imports neither;
// its system dependencies are SQLite (CSQLite), libarchive (loaded at run time,
// CArchiveLoader) and zstd (CZstd).
import PackageDescription

// No code runs here but this declaration: GtkKit is a product other packages take
// by version (`.package(url: …, from: "0.1.0")`; README.md, GtkKit in your own
// package), so resolving this package must need neither GTK nor a process, and
// nothing a consumer builds may carry unsafeFlags (SwiftPM refuses them in a
// dependency taken by version before tools version 6.2). The C libraries are
// system-library targets naming their pkg-config package (`pkgConfig:`): SwiftPM
// reads the .pc files itself when it plans a build, here and in a consumer's
// package alike, and gives their -I, -L and -l flags to every target that depends
// on them. GTK's API-version macros are in CGtk's own header (Sources/C/CGtk/CGtk.h).
//
// NB: SwiftPM keeps only -I, -L and -l from a .pc file, and says so: GTK's carry
// -pthread (GLib's gmodule) and -mfpmath=sse -msse -msse2 (graphene), libsoup's
// -pthread, so a build that plans afresh (a new or removed file, a changed manifest,
// a first build) prints "warning: prohibited flag(s): …" for CGtk and for CSoup; a
// build that reuses its plan prints nothing. No package can change what a system .pc
// file says, and the flags dropped are the compiler's defaults on x86-64 Linux
// (glibc 2.34 and later need no -pthread). Reading pkg-config here instead, as this
// manifest once did, passed them without a word, but it spawns a process (and a
// failure to find GTK stopped even `swift package describe`), and its flags are
// unsafeFlags, accepted in a versioned dependency only from tools version 6.2
// (swift-package-manager#8951). A module map alone cannot find GTK's headers, which
// no default include path holds.

// KuchiModel's topic folders, each opening with a README.md that says what it owns.
let kuchiModelFolders: [String] = ["Decks", "Importing", "Importing/AnkiImport", "JSON", "Practice", "Scheduling", "CardBrowser", "Japanese", "UserFiles", "SafeFileIO", "FSRS", "ReviewStore", "Localization", "Dictionary", "AnkiConnect", "Handwriting", "Sync"]

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
        // C interop: a module map over <gtk/gtk.h> and <adwaita.h> with the API-version
        // macros, nothing else; libadwaita's .pc file brings GTK's.
        .systemLibrary(
            name: "CGtk", path: "Sources/C/CGtk", pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        // Typed C helpers for what Swift cannot import (macros, varargs, subclassing).
        .target(name: "CGtkShim", dependencies: ["CGtk"], path: "Sources/C/CGtkShim"),
        // C interop: a module map over glibc's <libintl.h> (gettext), part of libc itself,
        // so a consumer of GtkKit needs nothing more for it.
        .systemLibrary(name: "CGettext", path: "Sources/C/CGettext"),
        // The Swift layer: bindings, environment, declarative views, gettext. GtkKit's
        // product is these four targets and nothing of Kuchi's.
        .target(name: "GtkKit", dependencies: ["CGtk", "CGtkShim", "CGettext"]),
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
            name: "KuchiModel", dependencies: ["CSQLite", "CArchiveLoader", "CZstd", "CZinnia"],
            exclude: kuchiModelFolders.map { "\($0)/README.md" }),
        // Where an installed build finds its data (generated by meson).
        .target(name: "CKuchiConfig", path: "Sources/C/CKuchiConfig"),
        // speech-dispatcher's client library, loaded at run time (dlopen), so Kuchi starts
        // and says why it cannot speak where libspeechd.so.2 is missing.
        .target(name: "CSpeechDispatcher", path: "Sources/C/CSpeechDispatcher"),
        // Zinnia, the handwriting recogniser, loaded at run time (dlopen) in the same way:
        // Kuchi starts, and says why it cannot read handwriting, where it is missing.
        .target(name: "CZinnia", path: "Sources/C/CZinnia"),
        // libsoup 3 (libsoup-3.0-dev): a module map over <libsoup/soup.h>, read by
        // CSoupShim's C alone.
        .systemLibrary(
            name: "CSoup", path: "Sources/C/CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // A loopback HTTP server on the GLib loop (libsoup 3's SoupServer), behind a typed
        // C API that names no libsoup type: dictionary apps' AnkiConnect requests.
        .target(name: "CSoupShim", dependencies: ["CSoup"], path: "Sources/C/CSoupShim"),
        // Screens and the application, on GtkKit.
        .target(
            name: "KuchiApp",
            dependencies: ["GtkKit", "KuchiModel", "CKuchiConfig", "CSpeechDispatcher", "CSoupShim"]
        ),
        .executableTarget(name: "kuchi", dependencies: ["KuchiApp"]),
        // Kuchi with a first-frame probe, for the start-up benchmark only.
        .executableTarget(name: "kuchi-startup-probe", dependencies: ["KuchiApp", "GtkKit"], path: "Sources/Benchmarks/kuchi-startup-probe"),
        .executableTarget(name: "counter", dependencies: ["GtkKit"], path: "Sources/Samples/counter"),
        // The seeds' ChallengeView and ScoreView: @State and @Binding.
        .executableTarget(name: "challenge", dependencies: ["GtkKit"], path: "Sources/Samples/challenge"),
        // The C yardstick for Kuchi's start-up time and memory.
        .executableTarget(
            name: "gtk-baseline", dependencies: ["CGtk"], path: "Sources/Benchmarks/gtk-baseline"),
        // The floor for GtkKit's List: a plain C GtkListView of the same 100,000 rows.
        .executableTarget(
            name: "gtk-list-baseline", dependencies: ["CGtk"], path: "Sources/Benchmarks/gtk-list-baseline"),
        .executableTarget(
            name: "gtkkit-bench",
            dependencies: ["GtkKit", "CGtk", "KuchiApp", "KuchiModel", "BenchSupport", "SpeechDispatcherFixture"], path: "Sources/Benchmarks/gtkkit-bench"
        ),
        // Runs the GLib loop as an app does; GtkKitTests launches it.
        .executableTarget(
            name: "gtkkit-mainloop-probe", dependencies: ["GtkKit", "CGtk"],
            path: "Tests/MainLoopProbe"),
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
            path: "Tests/GtkTestSupport"),
        .testTarget(
            name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "CGtkShim", "CGettext", "GtkTestSupport", "TemporaryFolderFixture"]),
        .testTarget(
            name: "KuchiAppTests",
            dependencies: [
                "KuchiApp", "KuchiModel", "GtkKit", "CGtk", "CGtkShim", "GtkTestSupport", "SpeechDispatcherFixture",
                "TemporaryFolderFixture",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
