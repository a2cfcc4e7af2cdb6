// swift-tools-version:6.0
import PackageDescription

// One library target per pipeline stage; lower stages never import higher ones.
// .cas -> Stylesheet, .layout -> LayoutSpec -> LayoutEngine (Cassowary) -> Canvas -> TerminalUI
let package = Package(
    name: "Casement",
    products: [
        .executable(name: "casement", targets: ["casement"]),
        .executable(name: "casement-bench", targets: ["casement-bench"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "Casement", targets: ["Casement"]),
        .library(name: "CasementApp", targets: ["CasementApp"]),
        .executable(name: "casement-top", targets: ["casement-top"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Leaves: no dependencies.
        .target(name: "Cassowary"),
        .target(name: "Diagnostics"),
        .target(name: "TextMetrics"),
        .target(name: "FileWatch"),

        // Parsers.
        .target(name: "Stylesheet", dependencies: ["Diagnostics"]),
        .target(name: "LayoutSpec", dependencies: ["Diagnostics"]),

        // Layout: specs + styles -> solver -> frames.
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary", "Stylesheet", "LayoutSpec", "TextMetrics", "Diagnostics"]
        ),

        // Drawing.
        .target(name: "Canvas", dependencies: ["Stylesheet", "TextMetrics", "LayoutEngine"]),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "Canvas", "Stylesheet"]),

        // The live designer: watch, reload, repaint the damage, inspect.
        .target(
            name: "Designer",
            dependencies: [
                "LayoutEngine", "Canvas", "TerminalUI", "FileWatch", "Stylesheet", "LayoutSpec", "Diagnostics",
                "TextMetrics",
            ]
        ),

        // Swift apps: views built in code, constrained with a SnapKit-style DSL.
        .target(name: "Casement", dependencies: ["LayoutEngine", "LayoutSpec", "Canvas", "Diagnostics"]),

        // Apps on Casement: the runtime, widgets, focus and events, the headless
        // pilot and dev mode (live reload, error drawer, F12 inspector).
        .target(
            name: "CasementApp",
            dependencies: ["Casement", "TerminalUI", "Canvas", "FileWatch", "Stylesheet", "TextMetrics", "LayoutEngine", "Diagnostics"]
        ),
        // The example system monitor, built only on the public library.
        .executableTarget(name: "casement-top", dependencies: ["CasementApp"], path: "Examples/casement-top", exclude: ["README.md", "top.layout", "top.cas", "gen-embedded.sh"]),

        // Executables.
        .executableTarget(
            name: "casement",
            dependencies: [
                "LayoutEngine", "Canvas", "Stylesheet", "LayoutSpec", "Diagnostics", "Designer", "TerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "casement-bench",
            dependencies: [
                "Cassowary", "Stylesheet", "LayoutEngine", "Designer", "TerminalUI", "Canvas", "FileWatch", "Casement", "CasementApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Shared by the test targets: a fixed-seed random generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CassowaryTests", dependencies: ["TestSupport", "Cassowary"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TestSupport", "TextMetrics"]),
        .testTarget(name: "FileWatchTests", dependencies: ["FileWatch"]),
        .testTarget(name: "StylesheetTests", dependencies: ["TestSupport", "Stylesheet"]),
        .testTarget(name: "LayoutSpecTests", dependencies: ["TestSupport", "LayoutSpec"]),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: ["TestSupport", "LayoutEngine", "LayoutSpec", "Stylesheet", "Cassowary", "TextMetrics", "Diagnostics"]
        ),
        .testTarget(
            name: "CasementCLITests",
            dependencies: ["casement", "LayoutEngine", "Canvas"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: ["casement", "LayoutEngine", "Canvas", "LayoutSpec", "Stylesheet", "Diagnostics"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "CanvasTests", dependencies: ["TestSupport", "Canvas", "Stylesheet", "TextMetrics"], exclude: ["Golden"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TestSupport", "TerminalUI"]),
        .testTarget(
            name: "DesignerTests",
            dependencies: ["TestSupport", "Designer", "LayoutEngine", "Canvas", "TerminalUI", "FileWatch", "Stylesheet", "Diagnostics"]
        ),
        .testTarget(name: "CasementTests", dependencies: ["TestSupport", "Casement", "Canvas"]),
        .testTarget(name: "CasementAppTests", dependencies: ["CasementApp", "Canvas", "TerminalUI"]),
        // Drives the built `casement` binary in tmux; depending on it gets it built.
        .testTarget(name: "EndToEndTests", dependencies: ["casement", "casement-top"]),
    ]
)
