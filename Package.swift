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
        // The executable products keep the names the README's commands use (`swift run
        // Playground`, `swift run -c release Benchmarks`); their targets have names unique to
        // this package, so a consumer's own `Playground` or `Benchmarks` *target* never clashes
        // (Tests/Consumer checks it). SwiftPM links every executable product of a graph into
        // one folder, so a consumer should not name an executable *product* `Playground` or
        // `Benchmarks` (`swift run Playground` there would run this package's): the README says so.
        .executable(name: "Playground", targets: ["StreamRouterPlayground"]),
        .executable(name: "Benchmarks", targets: ["StreamRouterBenchmarks"]),
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
