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
        .executable(name: "Playground", targets: ["Playground"]),
        .executable(name: "Benchmarks", targets: ["Benchmarks"]),
    ],
    targets: [
        .target(name: "AsyncObservables", swiftSettings: strict),
        .target(name: "StreamRouter", dependencies: ["AsyncObservables"], swiftSettings: strict),
        .target(name: "StreamRouterTesting", dependencies: ["StreamRouter", "AsyncObservables"], swiftSettings: strict),
        .executableTarget(name: "Playground", dependencies: ["StreamRouter"], path: "Playground", swiftSettings: strict),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["StreamRouter", "StreamRouterTesting"],
            swiftSettings: strict
        ),
        // Used by scripts/crash-test-store.sh; not a product. The name is unique to this package
        // because target names share one namespace with every package depending on it.
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
