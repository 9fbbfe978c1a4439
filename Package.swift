// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

let package = Package(
    name: "StreamRouter",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StreamRouter", targets: ["StreamRouter"]),
        .library(name: "AsyncObservables", targets: ["AsyncObservables"]),
        .library(name: "StreamRouterTesting", targets: ["StreamRouterTesting"]),
        // Executable products are named for this package too: SwiftPM links every executable
        // product of a graph into one directory, so a consumer's own `Playground` product and
        // this package's would be one file (`swift run Playground` in the consumer ran ours).
        // Tests/Consumer checks that a consumer's `Playground` and `Benchmarks` are its own.
        .executable(name: "StreamRouterPlayground", targets: ["StreamRouterPlayground"]),
        .executable(name: "StreamRouterBenchmarks", targets: ["StreamRouterBenchmarks"]),
    ],
    targets: [
        .target(name: "AsyncObservables", swiftSettings: strict),
        .target(name: "StreamRouter", dependencies: ["AsyncObservables"], swiftSettings: strict),
        .target(name: "StreamRouterTesting", dependencies: ["StreamRouter", "AsyncObservables"], swiftSettings: strict),
        // Target names share one namespace with every package in a graph (a consumer's own
        // `Benchmarks` target would clash), so every target's name is unique to this package.
        .executableTarget(
            name: "StreamRouterPlayground",
            dependencies: ["StreamRouter"],
            path: "Playground",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "StreamRouterBenchmarks",
            dependencies: ["StreamRouter", "StreamRouterTesting"],
            path: "Sources/Benchmarks",
            swiftSettings: strict
        ),
        // Used by scripts/crash-test-store.sh; not a product.
        .executableTarget(
            name: "StreamRouterStoreCrashProbe",
            dependencies: ["StreamRouter"],
            path: "Tools/StoreCrashProbe",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AsyncObservablesTests",
            dependencies: ["AsyncObservables", "StreamRouterTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StreamRouterTests",
            dependencies: ["StreamRouter", "AsyncObservables", "StreamRouterTesting"],
            swiftSettings: strict
        ),
    ]
)
