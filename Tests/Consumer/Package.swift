// swift-tools-version: 6.0
// A package that depends on StreamRouter the way an app does (by path here, by URL in an app)
// and declares the names an app or a companion package is likely to use too: its own
// `Playground` and `Benchmarks` executable targets with no products declared (the usual way;
// `swift run Playground` and `swift run Benchmarks` here must run these, not StreamRouter's),
// a module with swift-async-algorithms' public names and operator signatures, and one with the
// Combine names a SwiftUI file sees. `.ci/run` builds it with warnings failing, runs its test
// and both executables, and checks that CompileFailures/ (no target) fails to compile. It is not part of the StreamRouter package: SwiftPM ignores a nested
// Package.swift.
import PackageDescription

let package = Package(
    name: "StreamRouterConsumer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "StreamRouter", path: "../..")],
    targets: [
        // Stands in for swift-async-algorithms 1.1.5 (which cannot be fetched here): the same
        // public type names and operator signatures, with pass-through bodies.
        .target(name: "AsyncAlgorithmsLookalike", swiftSettings: [.swiftLanguageMode(.v6)]),
        // Stands in for Combine (not on Linux; SwiftUI re-exports it): its public names a
        // SwiftUI file sees, `CurrentValueSubject` among them, with Combine-like shapes.
        .target(name: "CombineLookalike", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "Playground",
            dependencies: [.product(name: "StreamRouter", package: "StreamRouter")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [.product(name: "StreamRouter", package: "StreamRouter")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "AsyncAlgorithmsLookalike",
                "CombineLookalike",
                .product(name: "StreamRouter", package: "StreamRouter"),
                .product(name: "StreamRouterTesting", package: "StreamRouter"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
