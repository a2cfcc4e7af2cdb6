import Canvas
import Cells
import LayoutPainting
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// Every demo, rendered by `casement render` at the two sizes the demos are
/// designed for, against its golden snapshot (see GoldenFiles for updating).
/// Paths are relative to the package root, as a newcomer types them.
@Suite struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var demo: String
        var width: Int
        var height: Int
        var size: TerminalSize { TerminalSize(width: width, height: height) }
        var stem: String { "\(demo)-\(width)x\(height)" }
        var testDescription: String { stem }
    }

    static let sizes = [(80, 24), (120, 40)]
    static let cases: [Case] = DemoFiles.demoNames.flatMap { demo in
        sizes.map { Case(demo: demo, width: $0.0, height: $0.1) }
    }

    /// The demo whose JSON is too big to keep whole (about 1 MB per size: 1,022
    /// views with 31 style properties each). It gets a digest of the whole
    /// output, every view's frame on one line, and a few views in full.
    static let digestedDemo = "stress"

    /// The cases of every demo but the stress demo (the fast loop's), and the stress demo's.
    static let casesButStress = cases.filter { $0.demo != digestedDemo }
    static let stressCases = cases.filter { $0.demo == digestedDemo }

    @Test(arguments: cases)
    func plainRenderMatchesGolden(_ item: Case) {
        let output = RenderCommand.output(
            spec: DemoFiles.relativeSpec(item.demo), size: item.size, format: .plain, reader: DemoFiles.rootReader)
        #expect(output.status == 0)
        GoldenFiles.compare(output.stdout, to: item.stem + ".txt")
    }

    @Test(arguments: cases.filter { $0.demo != digestedDemo })
    func jsonRenderMatchesGolden(_ item: Case) {
        let output = RenderCommand.output(
            spec: DemoFiles.relativeSpec(item.demo), size: item.size, format: .json, reader: DemoFiles.rootReader)
        #expect(output.status == 0)
        GoldenFiles.compare(output.stdout, to: item.stem + ".json")
    }

    func bigJSONRenderMatchesDigestFramesAndSamples(_ item: Case) throws {
        let spec = DemoFiles.relativeSpec(item.demo)
        let output = RenderCommand.output(spec: spec, size: item.size, format: .json, reader: DemoFiles.rootReader)
        #expect(output.status == 0)
        guard case .success(let session) = SpecLoading.load(spec, size: item.size, reader: DemoFiles.rootReader) else {
            Issue.record("\(spec) does not load")
            return
        }
        let snapshot = session.snapshot()
        let document = LayoutJSON.document(snapshot)
        // The sample is cut from the very document the command prints.
        #expect(document.rendered() + "\n" == output.stdout)

        GoldenFiles.compare(
            "bytes \(output.stdout.utf8.count)\nfnv1a64 \(GoldenFiles.digest(output.stdout))\n",
            to: item.stem + ".json.digest")

        let frames = snapshot.views.indices.map { index in
            let view = snapshot.views[index]
            let flags = snapshot.flags[index].map(\.rawValue).joined(separator: ",")
            let frame = view.frame
            return "\(view.id) \(frame.x) \(frame.y) \(frame.width) \(frame.height)" + (flags.isEmpty ? "" : " " + flags)
        }
        GoldenFiles.compare(frames.joined(separator: "\n") + "\n", to: item.stem + ".frames.txt")

        guard case .object(let members) = document, case .array(let views)? = members.first(where: { $0.0 == "views" })?.1
        else {
            Issue.record("the JSON document has no views array")
            return
        }
        // The screen, the heading, the outer grid, the first tile, its first two
        // boxes, one box from the middle and the very last box.
        let picked = [0, 1, 2, 3, 4, 5, views.count / 2, views.count - 1].filter { views.indices.contains($0) }
        let sample = JSONValue.object(members.map { key, value in
            (key, key == "views" ? .array(picked.map { views[$0] }) : value)
        })
        GoldenFiles.compare(sample.rendered() + "\n", to: item.stem + ".sample.json")
    }

    /// A golden file no test writes any more (a renamed or deleted demo) fails
    /// here, so Golden/ never holds stale pictures.
    @Test func everyGoldenFileBelongsToADemo() {
        var expected = Set<String>()
        for item in Self.cases {
            expected.insert(item.stem + ".txt")
            if item.demo == Self.digestedDemo {
                for suffix in [".json.digest", ".frames.txt", ".sample.json"] { expected.insert(item.stem + suffix) }
            } else {
                expected.insert(item.stem + ".json")
            }
        }
        guard !GoldenFiles.updating else { return }
        for name in GoldenFiles.names {
            #expect(expected.contains(name), "Golden/\(name) belongs to no demo; delete it")
        }
        for name in expected.sorted() {
            #expect(GoldenFiles.names.contains(name), "Golden/\(name) is missing")
        }
    }
}

/// The stress demo's JSON golden: out of the fast loop (docs/testing.md).
@Suite struct SlowGoldenTests {
    @Test(arguments: GoldenTests.cases.filter { $0.demo == GoldenTests.digestedDemo })
    func bigJSONRenderMatchesDigestFramesAndSamples(_ item: GoldenTests.Case) throws { try GoldenTests().bigJSONRenderMatchesDigestFramesAndSamples(item) }
}
