// swift-tools-version: 6.0
import PackageDescription

// `STREAMROUTER_INTERNAL_CHECKS=1 swift test --scratch-path .build/checks` compiles the
// library's checks of its own invariants in (see `_InternalChecks`); CI runs the suite once so.
let internalChecks: [SwiftSetting] =
    Context.environment["STREAMROUTER_INTERNAL_CHECKS"] != nil ? [.define("STREAMROUTER_INTERNAL_CHECKS")] : []

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
        // No executable products: SwiftPM links every executable product of a package graph into
        // one folder, so an exported `Playground` or `Benchmarks` product would shadow an app's
        // own executable of that name (`swift run Playground` in the app would run ours), and
        // every consumer would build it. The executables below are the root package's only:
        // `swift run StreamRouterPlayground`, `swift run -c release StreamRouterBenchmarks`.
    ],
    targets: [
        .target(name: "AsyncObservables", swiftSettings: strict),
        .target(name: "StreamRouter", dependencies: ["AsyncObservables"], swiftSettings: strict + internalChecks),
        .target(name: "StreamRouterTesting", dependencies: ["StreamRouter", "AsyncObservables"], swiftSettings: strict),
        // Target names share one namespace with every package in a graph (a consumer's own
        // `Benchmarks` target would clash), so every target's name is unique to this package.
        // SwiftPM makes each executable target of the root package runnable under its own name,
        // and builds none of them for a package that depends on this one (Tests/Consumer checks
        // both).
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
        // Used by scripts/crash-test-store.sh.
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
            swiftSettings: strict + internalChecks
        ),
    ]
)
