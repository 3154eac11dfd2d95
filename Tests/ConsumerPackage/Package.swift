// swift-tools-version: 6.0
// A package of someone else's that uses GtkKit, as README.md's "GtkKit in your own
// package" shows it: the dependency by URL and version, the product by name, and
// no other line. tools/test-consumer-package.sh builds it against a clone of this
// repository tagged 0.1.0 (the URL rewritten to the clone) and runs it under Xvfb.
import PackageDescription

let package = Package(
    name: "Hello",
    dependencies: [
        .package(url: "https://github.com/kuchi-app/kuchi", from: "0.1.0")
    ],
    targets: [
        .executableTarget(
            name: "Hello",
            dependencies: [.product(name: "GtkKit", package: "kuchi")]
        )
    ],
    swiftLanguageModes: [.v6]
)
