// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "KuchiQuiz",
    dependencies: [
        .package(url: "https://github.com/kuchi-app/kuchi", from: "0.1.0")
    ],
    targets: [
        .executableTarget(
            name: "KuchiQuiz",
            dependencies: [.product(name: "GtkKit", package: "kuchi")]
        )
    ],
    swiftLanguageModes: [.v6]
)
