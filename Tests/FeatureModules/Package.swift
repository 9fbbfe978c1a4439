// swift-tools-version: 6.0
// An app split into feature modules, depending on StreamRouter the way an app does (by path
// here, by URL in an app): two modules that each own their routes, links, guards and loaders
// and know nothing of the app (`StreamRouterExampleProfile`, `StreamRouterExampleCheckout`),
// and the app that composes them (`StreamRouterExampleApp`). Each module's tests use only that
// module; the app's tests open every module's links and run every module's guards and
// loaders on the one router. `.ci/run` builds it with warnings failing and runs its tests.
// It is not part of the StreamRouter package: SwiftPM ignores a nested Package.swift. Its
// target names are unique to this package, as every name in a package graph must be.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "StreamRouterExampleModules",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "StreamRouter", path: "../..")],
    targets: [
        .target(
            name: "StreamRouterExampleProfile",
            dependencies: [.product(name: "StreamRouter", package: "StreamRouter")],
            swiftSettings: strict
        ),
        .target(
            name: "StreamRouterExampleCheckout",
            dependencies: [.product(name: "StreamRouter", package: "StreamRouter")],
            swiftSettings: strict
        ),
        .target(
            name: "StreamRouterExampleApp",
            dependencies: [
                "StreamRouterExampleProfile",
                "StreamRouterExampleCheckout",
                .product(name: "StreamRouter", package: "StreamRouter"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StreamRouterExampleProfileTests",
            dependencies: [
                "StreamRouterExampleProfile",
                .product(name: "StreamRouter", package: "StreamRouter"),
                .product(name: "StreamRouterTesting", package: "StreamRouter"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StreamRouterExampleCheckoutTests",
            dependencies: [
                "StreamRouterExampleCheckout",
                .product(name: "StreamRouter", package: "StreamRouter"),
                .product(name: "StreamRouterTesting", package: "StreamRouter"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StreamRouterExampleAppTests",
            dependencies: [
                "StreamRouterExampleApp",
                "StreamRouterExampleProfile",
                "StreamRouterExampleCheckout",
                .product(name: "StreamRouter", package: "StreamRouter"),
                .product(name: "StreamRouterTesting", package: "StreamRouter"),
            ],
            swiftSettings: strict
        ),
    ]
)
