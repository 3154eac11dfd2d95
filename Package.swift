// swift-tools-version: 6.0
// Dependencies point one way: app → GtkKit → CGtkShim/CGtk. KuchiModel imports neither.
import Foundation
import PackageDescription

// GTK's compiler and linker flags, read from pkg-config here rather than
// through `.systemLibrary(pkgConfig:)`: GTK's .pc files carry -pthread and
// -mfpmath=sse, which SwiftPM drops with a warning on every build.
func pkgConfig(_ arguments: String...) -> [String] {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config"] + arguments + ["gtk4"]
    process.standardOutput = output
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        fatalError("pkg-config is needed to find GTK 4: apt-get install pkg-config libgtk-4-dev")
    }
    guard process.terminationStatus == 0 else {
        fatalError("GTK 4 development files not found: apt-get install libgtk-4-dev")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

let gtkIncludes = pkgConfig("--cflags-only-I")
let gtkLibraries = pkgConfig("--libs-only-L", "--libs-only-l")
let gtkC: [CSetting] = [.unsafeFlags(gtkIncludes)]
let gtkSwift: [SwiftSetting] = [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", $0] })]
let gtkLinker: [LinkerSetting] = [.unsafeFlags(gtkLibraries)]

let package = Package(
    name: "Kuchi",
    products: [
        .executable(name: "kuchi", targets: ["kuchi"]),
        .executable(name: "counter", targets: ["counter"]),
        .executable(name: "gtkkit-bench", targets: ["gtkkit-bench"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
        .library(name: "KuchiModel", targets: ["KuchiModel"]),
    ],
    targets: [
        // C interop: a module map over <gtk/gtk.h>, nothing else.
        .systemLibrary(name: "CGtk"),
        // Typed C helpers for what Swift cannot import (macros, varargs, subclassing).
        .target(
            name: "CGtkShim", dependencies: ["CGtk"], cSettings: gtkC, linkerSettings: gtkLinker),
        // The Swift layer: bindings, environment, declarative views.
        .target(
            name: "GtkKit", dependencies: ["CGtk", "CGtkShim"], swiftSettings: gtkSwift),
        // Pure model: Foundation + Observation only.
        .target(name: "KuchiModel"),
        // Screens and the application, on GtkKit.
        .target(
            name: "KuchiApp",
            dependencies: ["GtkKit", "KuchiModel"],
            swiftSettings: gtkSwift
        ),
        .executableTarget(name: "kuchi", dependencies: ["KuchiApp"]),
        .executableTarget(name: "counter", dependencies: ["GtkKit"], swiftSettings: gtkSwift),
        .executableTarget(
            name: "gtkkit-bench",
            dependencies: ["GtkKit", "CGtk", "KuchiApp", "KuchiModel"],
            swiftSettings: gtkSwift
        ),
        .testTarget(name: "KuchiModelTests", dependencies: ["KuchiModel"], exclude: ["Fixtures"]),
        .testTarget(
            name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "CGtkShim"], swiftSettings: gtkSwift),
        .testTarget(
            name: "KuchiAppTests",
            dependencies: ["KuchiApp", "KuchiModel", "GtkKit", "CGtk"],
            swiftSettings: gtkSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
