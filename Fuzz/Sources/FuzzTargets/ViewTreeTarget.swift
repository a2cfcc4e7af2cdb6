import Casement
import Foundation

extension FuzzTarget {
    /// The Swift DSL: random sequences of operations on a small pool of views —
    /// adding (to itself, into cycles), removing, odd ids and classes, rules of
    /// every shape against any view with any number (huge, tiny, not finite),
    /// updates, remakes, `distribute`, and layouts of any size — laid out, resized,
    /// rendered and explained. Frames must be finite, JSON must parse, and nothing
    /// may trap or hang.
    static let viewTree = FuzzTarget(
        name: "dsl",
        summary: "Swift DSL: random view-tree operations (cycles, self-adds, removals, huge sizes), laid out and rendered"
    ) { input, found in
        ViewTreeFuzzing.run(FuzzInput(input), &found)
    }
}

enum ViewTreeFuzzing {
    static let ids: [String?] = [nil, "a", "b", "root", "a", "}", "x {", "", "a b", "#", "\"", "\n", "v1", ".c", "é"]
    static let classes: [[String]] = [[], ["c"], ["c", "d"], ["x {"], ["}"], [""], ["a b"], ["c", "c"]]
    static let titles: [String?] = [nil, "Title", "", "漢字", "\u{1}", "a\nb", String(repeating: "w", count: 300)]
    static let numbers: [Double] = [
        0, 1, 2, -1, 3.5, 80, 1e6, -1e6, 1e9, 1e15, 1e300, -1e300, .greatestFiniteMagnitude, .nan, .infinity,
        -.infinity, 0.5, 1e-9, -0.0,
    ]
    static let sizes: [TerminalSize] = [
        TerminalSize(width: 80, height: 24), TerminalSize(width: 1, height: 1), TerminalSize(width: 0, height: 0),
        TerminalSize(width: 200, height: 60), TerminalSize(width: 1_000_000_000, height: 1_000_000_000),
        TerminalSize(width: 5000, height: 1), TerminalSize(width: 37, height: 11),
    ]
    static let priorities = [1000, 750, 500, 250, 1, 0, -5, 1001, 999]

    /// `CASEMENT_FUZZ_TRACE=1 swift run casement-fuzz dsl FILE` prints each step
    /// and the spec each layout was written as.
    static let tracing = ProcessInfo.processInfo.environment["CASEMENT_FUZZ_TRACE"] != nil

    enum Step: CaseIterable {
        case newView, addSubview, removeFromSuperview, make, make2, update, remake, removeConstraints
        case distributeSpacing, distributeLength, setTitle, layOut, resize, render, explain, handle
    }

    struct Pool {
        var views: [View]
        var handles: [Constraint] = []
    }

    static func run(_ input: FuzzInput, _ found: inout Violations) {
        var input = input
        var pool = Pool(views: [View(.screen, id: "root")])
        var layout: Layout?
        var steps = 0
        // A render is capped at a million cells (0.2 s as ANSI, 0.7 s as SVG at a
        // huge size in a release build; ten times that under ASan): a few per input
        // reach every path, one of them at a huge size. More made slow inputs of no defect.
        var renders = 0, hugeRenders = 0
        while !input.isAtEnd, steps < 120, found.messages.isEmpty {
            steps += 1
            let step = input.pick(Step.allCases)
            let started = ContinuousClock.now
            defer { if tracing { print("dsl: \(step) \(ContinuousClock.now - started)") } }
            switch step {
            case .newView:
                guard pool.views.count < 10 else { continue }
                let kind = input.pick(ViewKind.allCases)
                pool.views.append(View(kind, id: input.pick(ids), classes: input.pick(classes), title: input.pick(titles)))
            case .addSubview:
                let parent = input.pick(pool.views), child = input.pick(pool.views)
                parent.addSubview(child)
            case .removeFromSuperview:
                input.pick(pool.views).removeFromSuperview()
            case .make, .make2:
                let view = input.pick(pool.views)
                view.makeConstraints { make in rule(make, &input, pool) }
            case .update:
                let view = input.pick(pool.views)
                view.updateConstraints { make in rule(make, &input, pool) }
            case .remake:
                let view = input.pick(pool.views)
                view.remakeConstraints { make in rule(make, &input, pool) }
            case .removeConstraints:
                input.pick(pool.views).removeConstraints()
            case .distributeSpacing, .distributeLength:
                // Misuse (no views, views in different superviews) is a thrown error.
                let chosen = pool.views.filter { _ in input.bool() }
                let axis: Axis = input.bool() ? .horizontal : .vertical
                if step == .distributeSpacing {
                    try? distribute(chosen, along: axis, fixedSpacing: input.pick(numbers), leadSpacing: input.pick(numbers))
                } else {
                    try? distribute(chosen, along: axis, fixedItemLength: input.pick(numbers), tailSpacing: input.pick(numbers))
                }
            case .setTitle:
                input.pick(pool.views).title = input.pick(titles)
            case .layOut:
                layout = try? Layout(root: pool.views[0], size: input.pick(sizes))
                if tracing, let layout { print(layout.writtenSpec) }
                if let layout { found.expectSound(layout, "after laying out") }
            case .resize:
                guard let layout else { continue }
                layout.resize(to: input.pick(sizes))
                found.expectSound(layout, "after a resize")
            case .render:
                guard let layout, renders < 4 else { continue }
                let isHuge = layout.size.width.multipliedReportingOverflow(by: layout.size.height).partialValue > 250_000
                    || layout.size.width > 100_000 || layout.size.height > 100_000
                guard !isHuge || hugeRenders == 0 else { continue }
                renders += 1
                if isHuge { hugeRenders += 1 }
                let format = input.pick(RenderFormat.allCases)
                if tracing { print("dsl: render \(format) at \(layout.size)") }
                let output = layout.render(format: format)
                if format == .json {
                    found.expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil,
                                 "render --format json is not JSON: \(output.prefix(200))")
                }
            case .explain:
                guard let layout else { continue }
                _ = layout.explain(input.pick(pool.views))
            case .handle:
                guard let handle = pool.handles.isEmpty ? nil : input.pick(pool.handles) else { continue }
                switch input.below(4) {
                case 0: handle.update(offset: input.pick(numbers))
                case 1: handle.update(priority: input.pick(priorities))
                case 2: handle.deactivate()
                default: handle.activate()
                }
            }
            if step != .handle, let last = pool.views.last, input.below(8) == 0 {
                pool.handles += last.prepareConstraints { make in rule(make, &input, pool) }
            }
        }
        if tracing, let layout { print("dsl: at the end\n" + layout.writtenSpec) }
        if let layout { found.expectSound(layout, "at the end") }
    }

    /// One rule of a random shape: attributes, relation, target and modifiers.
    static func rule(_ make: ConstraintMaker, _ input: inout FuzzInput, _ pool: Pool) {
        let starts = [make.left, make.right, make.top, make.bottom, make.width, make.height, make.centerX, make.centerY,
                      make.edges, make.size, make.center, make.leading, make.horizontalEdges]
        var attributes = input.pick(starts)
        if input.below(4) == 0 { attributes = attributes.and.width }
        let target = input.pick(pool.views)
        let relation = input.below(3)
        var made: ConstraintMakerEditable
        switch input.below(6) {
        case 0: made = relate(attributes, relation, input.pick(numbers))
        case 1: made = relate(attributes, relation, target)
        case 2: made = relate(attributes, relation, input.pick([target.left, target.width, target.centerY, target.bottom]))
        case 3: made = relation == 0 ? attributes.equalToSuperview() : attributes.lessThanOrEqualToSuperview()
        case 4: made = attributes.equalTo(style: input.pick(["size", "margin-left", "nope", ""]))
        default: made = relate(attributes, relation, Int(clamping: Int64(input.below(70_000)) - 35_000))
        }
        switch input.below(6) {
        case 0: made = made.offset(input.pick(numbers))
        case 1: made = made.inset(input.pick(numbers))
        case 2: made = made.multipliedBy(input.pick(numbers))
        case 3: made = made.dividedBy(input.pick(numbers))
        default: break
        }
        if input.bool() { made = made.priority(input.pick(priorities)) }
        if input.below(4) == 0 { _ = made.labeled(input.pick(["x", "", "}", "a b"])) }
    }

    static func relate(_ attributes: ConstraintMakerExtendable, _ relation: Int, _ target: some ConstraintTarget)
        -> ConstraintMakerEditable
    {
        switch relation {
        case 0: attributes.equalTo(target)
        case 1: attributes.greaterThanOrEqualTo(target)
        default: attributes.lessThanOrEqualTo(target)
        }
    }
}

extension Violations {
    /// A laid-out Swift layout: every frame finite, every diagnostic with a message.
    mutating func expectSound(_ layout: Layout, _ what: String) {
        for view in layout.views {
            let exact = view.exact
            expect([exact.left, exact.top, exact.width, exact.height].allSatisfy(\.isFinite),
                   "\(what): view \(view.id) has the frame \(exact)")
        }
        for diagnostic in layout.diagnostics {
            expect(!diagnostic.message.isEmpty, "\(what): a diagnostic without a message at \(diagnostic.location)")
        }
    }
}
