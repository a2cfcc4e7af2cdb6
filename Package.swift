// swift-tools-version:6.0
import PackageDescription

// One library target per pipeline stage; lower stages never import higher ones.
// .cas -> Stylesheet, .layout -> LayoutSpec -> LayoutEngine (Cassowary) -> LayoutPainting -> Canvas -> TerminalUI
// Cells (frames, sizes, colours, computed styles) sits below them all.
let package = Package(
    name: "Casement",
    products: [
        .executable(name: "casement", targets: ["casement"]),
        .executable(name: "casement-bench", targets: ["casement-bench"]),
        .library(name: "Casement", targets: ["Casement"]),
        .library(name: "CasementApp", targets: ["CasementApp"]),
        .executable(name: "casement-top", targets: ["casement-top"]),
        .executable(name: "casement-files", targets: ["casement-files"]),
        .executable(name: "casement-fuzz", targets: ["casement-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (DocC catalogs of Casement and CasementApp);
        // a plugin only, which no target uses: packages that depend on Casement never fetch it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Leaves: no dependencies.
        .target(name: "Cassowary"),
        .target(name: "Diagnostics"),
        .target(name: "TextMetrics"),
        .target(name: "FileWatch"),
        // The cell vocabulary every stage shares: where (frames, sizes) and how it looks.
        .target(name: "Cells"),

        // Parsers.
        .target(name: "Stylesheet", dependencies: ["Cells", "Diagnostics"]),
        .target(name: "LayoutSpec", dependencies: ["Diagnostics"]),

        // Layout: specs + styles -> solver -> frames.
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary", "Cells", "Stylesheet", "LayoutSpec", "TextMetrics", "Diagnostics"]
        ),

        // Drawing: rectangles and styles to cells, knowing nothing of specs or solvers.
        .target(name: "Canvas", dependencies: ["Cells", "TextMetrics"]),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "Cells", "Canvas"]),

        // The bridge from solved views to paint nodes: the one module that knows both.
        .target(name: "LayoutPainting", dependencies: ["Cells", "LayoutEngine", "Canvas", "Diagnostics", "Stylesheet"]),

        // What a person inspects a layout with, for the designer and for apps in dev
        // mode alike: the error drawer, the inspector, the status line's pieces.
        .target(
            name: "Presentation",
            dependencies: ["Cells", "Canvas", "TextMetrics", "Diagnostics", "LayoutEngine", "LayoutSpec", "Stylesheet"]
        ),

        // The demos and stylesheets built into the executable, generated from demo/ and
        // styles/ at build time by the EmbedDemos plugin (running tools/embed-demos).
        .executableTarget(name: "embed-demos", path: "tools/embed-demos"),
        .plugin(name: "EmbedDemos", capability: .buildTool(), dependencies: ["embed-demos"]),
        .target(name: "EmbeddedDemos", plugins: ["EmbedDemos"]),

        // The live designer: watch, reload, repaint the damage, inspect.
        .target(
            name: "Designer",
            dependencies: [
                "Cells", "LayoutEngine", "LayoutPainting", "Canvas", "TerminalUI", "FileWatch", "Stylesheet",
                "LayoutSpec", "Diagnostics", "TextMetrics", "EmbeddedDemos", "Presentation", "LiveLink",
            ]
        ),

        // Swift apps: views built in code, constrained with a SnapKit-style DSL.
        .target(name: "Casement", dependencies: ["Cells", "LayoutEngine", "LayoutSpec", "LayoutPainting", "Canvas", "Diagnostics"]),

        // The live preview's link: designers and language servers of one user find each
        // other through a private directory of Unix sockets and pass unsaved buffers.
        .target(name: "LiveLink", dependencies: ["Cells"]),

        // The canonical form of .cas and .layout files: `casement fmt` and the server's formatting.
        .target(name: "Formatting", dependencies: ["Diagnostics", "Stylesheet", "LayoutSpec", "TextMetrics"]),

        // The language server: the pipeline behind JSON-RPC for editors.
        .target(
            name: "LanguageServer",
            dependencies: ["Cells", "Canvas", "LayoutEngine", "Stylesheet", "LayoutSpec", "Diagnostics", "Formatting", "FileWatch", "LiveLink"]
        ),

        // Apps on Casement: the runtime, widgets, focus and events, the headless
        // pilot and dev mode (live reload, error drawer, F12 inspector).
        .target(
            name: "CasementApp",
            dependencies: ["Casement", "Cells", "TerminalUI", "Canvas", "FileWatch", "Stylesheet", "TextMetrics", "LayoutEngine", "Diagnostics", "Presentation"]
        ),
        // The example system monitor, built only on the public library.
        .executableTarget(name: "casement-top", dependencies: ["CasementApp"], path: "Examples/casement-top", exclude: ["README.md", "top.layout", "top.cas", "gen-embedded.sh"]),
        // The example file browser (read-only), built only on the public library.
        .executableTarget(name: "casement-files", dependencies: ["CasementApp"], path: "Examples/casement-files", exclude: ["README.md", "files.layout", "files.cas", "gen-embedded.sh"]),

        // Executables.
        .executableTarget(
            name: "casement",
            dependencies: [
                "Cells", "LayoutEngine", "LayoutPainting", "Canvas", "Stylesheet", "LayoutSpec", "Diagnostics",
                "Designer", "TerminalUI",
                "LanguageServer", "Formatting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds link the Swift runtime statically: the binary runs on
            // machines without a Swift toolchain, and a process no longer maps and
            // relocates a dozen shared runtime libraries (a few MB less resident memory
            // for every run; docs/engine.md has the figure). Debug builds stay dynamic: they link faster.
            // FoundationEssentials' own static dependencies are named because SwiftPM
            // only adds them itself under `--static-swift-stdlib`. The release binary is
            // also linked at a fixed address (`-no-pie`): a position-independent one has
            // about 44,000 addresses patched by the loader at every start, which dirties
            // their pages (1.3 MB resident; docs/engine.md, "Fifth round"). What that
            // gives up is the random placement of the executable's own image; the shared
            // libraries, heap and stacks stay randomised.
            linkerSettings: [.unsafeFlags(
                ["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-Xlinker", "-no-pie"],
                .when(configuration: .release))]
        ),
        .executableTarget(
            name: "casement-bench",
            dependencies: [
                "Cassowary", "Cells", "Stylesheet", "LayoutEngine", "LayoutPainting", "Designer", "TerminalUI", "Canvas",
                "FileWatch", "Casement", "CasementApp", "LanguageServer", "LiveLink",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Fuzzing (docs/testing.md): the targets and their invariants, and one command
        // that replays inputs through them or, built by tools/fuzz with -DFUZZING and
        // -sanitize=fuzzer, is libFuzzer's driver.
        .target(name: "CFuzzing", path: "Fuzz/Sources/CFuzzing"),
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Cells", "Diagnostics", "Stylesheet", "LayoutEngine", "LanguageServer", "TerminalUI", "Canvas", "Casement",
                "CasementApp", "LayoutPainting", "LiveLink",
            ],
            path: "Fuzz/Sources/FuzzTargets"
        ),
        .executableTarget(name: "casement-fuzz", dependencies: ["FuzzTargets", "CFuzzing"], path: "Fuzz/Sources/casement-fuzz"),

        // Shared by the test targets: a fixed-seed random generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CassowaryTests", dependencies: ["TestSupport", "Cassowary"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["TestSupport", "Diagnostics"]),
        .testTarget(name: "CellsTests", dependencies: ["Cells"]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TestSupport", "TextMetrics"]),
        .testTarget(name: "FileWatchTests", dependencies: ["FileWatch"]),
        .testTarget(name: "LiveLinkTests", dependencies: ["TestSupport", "LiveLink", "Cells"]),
        .testTarget(name: "StylesheetTests", dependencies: ["TestSupport", "Cells", "Stylesheet"]),
        .testTarget(name: "LayoutSpecTests", dependencies: ["TestSupport", "LayoutSpec"]),
        .testTarget(name: "FormattingTests", dependencies: ["Formatting", "Stylesheet", "LayoutSpec", "Diagnostics"]),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: [
                "TestSupport", "Cells", "LayoutEngine", "LayoutSpec", "Stylesheet", "Cassowary", "TextMetrics", "Diagnostics",
            ]
        ),
        .testTarget(
            name: "CasementCLITests",
            dependencies: ["casement", "Cells", "LayoutEngine", "LayoutPainting", "Canvas"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: [
                "casement", "Cells", "LayoutEngine", "LayoutPainting", "Canvas", "LayoutSpec", "Stylesheet", "Diagnostics",
                "Formatting",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(name: "CanvasTests", dependencies: ["TestSupport", "Cells", "Canvas", "TextMetrics"], exclude: ["Golden"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TestSupport", "Cells", "TerminalUI"]),
        .testTarget(
            name: "DesignerTests",
            dependencies: [
                "TestSupport", "Cells", "Designer", "EmbeddedDemos", "LayoutEngine", "LayoutPainting", "Canvas",
                "TerminalUI", "FileWatch", "Stylesheet", "Diagnostics", "Presentation", "LiveLink",
            ]
        ),
        .testTarget(
            name: "PresentationTests", dependencies: ["Presentation", "Cells", "Canvas", "Diagnostics", "LayoutEngine"]),
        .testTarget(name: "CasementTests", dependencies: ["TestSupport", "Casement", "Cells", "Canvas", "LayoutEngine", "LayoutPainting"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["TestSupport", "LanguageServer", "Cells", "LayoutEngine", "Diagnostics", "LiveLink", "casement"]),
        .testTarget(name: "CasementAppTests", dependencies: ["TestSupport", "CasementApp", "Cells", "Canvas", "TerminalUI", "casement-files"]),
        // Replays Fuzz/corpus and Fuzz/crashes through the fuzz targets' invariants.
        .testTarget(name: "FuzzTests", dependencies: ["FuzzTargets", "Canvas", "Diagnostics", "TerminalUI"]),
        // Drives the built `casement` binary in tmux; depending on it gets it built.
        .testTarget(name: "EndToEndTests", dependencies: ["casement", "casement-top", "casement-files"]),
    ]
)
