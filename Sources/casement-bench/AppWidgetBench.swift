import ArgumentParser
import CasementApp
import TerminalUI

/// The widget workloads of `casement-bench app`: a long TextView scrolled, a
/// keystroke in a long TextArea, a large Tree expanded. Each fills a pseudo-
/// terminal drained by a thread, as the table does, and times what a user
/// waits for: the event handled, then the frame built, diffed and presented.
@MainActor
enum AppWidgetBench {
    /// One widget filling the screen of a headless app on a drained pseudo-terminal.
    @MainActor
    struct Harness {
        let app: App
        let pty: DrainedTerminal
        let session: TerminalSession

        init(widget: Widget, screen: TerminalSize) throws {
            let root = View(.screen, id: "root")
            root.addSubview(widget)
            widget.view.makeConstraints { make in make.edges.equalToSuperview() }
            app = try App(root: root, devMode: false)
            pty = try DrainedTerminal(screen: screen)
            session = try TerminalSession(options: pty.options)
            session.apply(PaneLayout(size: session.size, showsStatusLine: false))
            app.resize(to: TerminalSize(width: screen.width, height: screen.height))
            app.focus(widget)
        }

        /// Draws a frame; the bytes it wrote.
        @discardableResult
        func frame() -> Int { app.drawFrame(on: session) ?? -1 }

        func end() { session.end() }
    }

    /// Lines as a source file or a log has them: mostly shorter than the
    /// screen, one in seven longer (it wraps), a few wide characters.
    static func textLines(_ count: Int) -> [String] {
        (0..<count).map { index in
            let body = "line \(index + 1): let value = compute(\(index * 7 % 1000), scale: \(index % 13))"
            switch index % 7 {
            case 0: return body + String(repeating: " // a long comment that runs past the edge", count: 8)
            case 3: return body + " // 表示 幅"
            default: return body
            }
        }
    }

    /// A TextView of `lines` lines scrolled by one row a run: frame time and bytes.
    static func textViewScroll(screen: TerminalSize, lines: Int, runs: Int) throws -> (frames: [Double], bytes: [Double]) {
        let view = TextView(text: textLines(lines).joined(separator: "\n"), id: "text")
        let harness = try Harness(widget: view, screen: screen)
        defer { harness.end() }
        harness.frame()
        var frames: [Double] = [], bytes: [Double] = []
        for run in -5..<runs {
            var written = 0
            let seconds = measureSeconds {
                harness.app.dispatch(.down)
                written = harness.frame()
            }
            guard run >= 0 else { continue }
            frames.append(seconds * 1e3)
            bytes.append(Double(written))
        }
        guard view.scrollOffset == runs + 5 else {
            throw ValidationError("the text view did not scroll as expected (offset \(view.scrollOffset))")
        }
        return (frames, bytes)
    }

    /// One character typed in the middle of a TextArea of `lines` lines, to the frame.
    static func textAreaType(screen: TerminalSize, lines: Int, runs: Int) throws -> [Double] {
        let area = TextArea(text: textLines(lines).joined(separator: "\n"), id: "area")
        var changes = 0
        area.onChange = { _ in changes += 1 }
        let harness = try Harness(widget: area, screen: screen)
        defer { harness.end() }
        area.cursor = TextPosition(line: lines / 2, column: 4)
        let countBefore = area.editor.count(ofLine: lines / 2)
        harness.frame()
        var frames: [Double] = []
        for run in -5..<runs {
            let seconds = measureSeconds {
                harness.app.dispatch(.character(run % 2 == 0 ? "x" : "y"))
                harness.frame()
            }
            if run >= 0 { frames.append(seconds * 1e3) }
        }
        guard changes == runs + 5, area.editor.count(ofLine: lines / 2) == countBefore + runs + 5 else {
            throw ValidationError("the text area did not take every key (\(changes) changes)")
        }
        return frames
    }

    /// A root of `count / 100` expanded folders of 99 leaves each (about
    /// `count` nodes, all shown): the first frame, then one step down a run.
    static func treeSteps(screen: TerminalSize, nodes count: Int, runs: Int) throws -> (first: [Double], steps: [Double]) {
        var firsts: [Double] = []
        var steps: [Double] = []
        for sample in 0..<5 {
            let folders = (0..<max(1, count / 100)).map { folder in
                TreeNode("folder \(folder)", children: (0..<99).map { TreeNode("file \(folder).\($0).swift") },
                         isExpanded: true)
            }
            let tree = Tree(root: TreeNode("root", children: folders, isExpanded: true), id: "tree")
            let harness = try Harness(widget: tree, screen: screen)
            defer { harness.end() }
            firsts.append(measureSeconds { harness.frame() } * 1e3)
            guard sample == 0 else { continue }
            for run in -5..<runs {
                let seconds = measureSeconds {
                    harness.app.dispatch(.down)
                    harness.frame()
                }
                if run >= 0 { steps.append(seconds * 1e3) }
            }
            guard let selected = tree.selectedNode, tree.visibleNodes[runs + 5] === selected else {
                throw ValidationError("the tree did not step as expected (on \(tree.selectedNode?.label ?? "nothing"))")
            }
        }
        return (firsts, steps)
    }

    /// Prints the three workloads' figures.
    static func run(screen: TerminalSize, runs: Int) throws {
        let size = "\(screen.width)x\(screen.height)"
        let text = try textViewScroll(screen: screen, lines: 100_000, runs: runs)
        print(benchLine(group: "app", workload: "textview-scroll-\(size)", n: 100_000, phase: "frame", unit: "ms", samples: text.frames))
        print(benchLine(group: "app", workload: "textview-scroll-\(size)", n: 100_000, phase: "bytes", unit: "B", samples: text.bytes))
        let typing = try textAreaType(screen: screen, lines: 10_000, runs: runs)
        print(benchLine(group: "app", workload: "textarea-type-\(size)", n: 10_000, phase: "key-to-frame", unit: "ms", samples: typing))
        let tree = try treeSteps(screen: screen, nodes: 100_000, runs: runs)
        print(benchLine(group: "app", workload: "tree-expanded-\(size)", n: 100_000, phase: "first-frame", unit: "ms", samples: tree.first))
        print(benchLine(group: "app", workload: "tree-expanded-\(size)", n: 100_000, phase: "step", unit: "ms", samples: tree.steps))
    }
}
