// swift-tools-version: 6.0
// A package that depends on StreamRouter the way an app does (by path here, by URL in an app)
// and declares the names an app or a companion package is likely to use too: its own
// `Playground` and `Benchmarks` targets (with products named for this package: executable
// products share one folder across a graph, see the main Package.swift), and types named like
// swift-async-algorithms' sequence types. `.ci/run` builds it with warnings failing and runs
// its test. It is not part of the StreamRouter package: SwiftPM ignores a nested Package.swift.
import PackageDescription

let package = Package(
    name: "StreamRouterConsumer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "ConsumerPlayground", targets: ["Playground"]),
        .executable(name: "ConsumerBenchmarks", targets: ["Benchmarks"]),
    ],
    dependencies: [.package(name: "StreamRouter", path: "../..")],
    targets: [
        // Stands in for swift-async-algorithms (which cannot be fetched here): the same type
        // names and the same operator signatures, with pass-through bodies.
        .target(name: "AsyncAlgorithmsLookalike", swiftSettings: [.swiftLanguageMode(.v6)]),
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
                .product(name: "StreamRouter", package: "StreamRouter"),
                .product(name: "StreamRouterTesting", package: "StreamRouter"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
