import Casement
import LayoutEngine
import TestSupport
import Testing

/// Random trees built twice — once with the DSL, once written by hand as a
/// `.layout` file in the spec language's own idioms (`inset`, composites, bare
/// numbers, `parent`) — must give identical frames at several sizes, before and
/// after an `updateConstraints` edit.
@Suite struct DifferentialTests {
    /// One axis of one view: how it is placed, with its random numbers.
    enum Placement {
        /// start == target's start (+ a), length == b.
        case startAndLength(target: Int?, a: Int, b: Int)
        /// Both edges inset from the superview.
        case insetEdges(a: Int, b: Int)
        /// Centred on an earlier sibling (or the superview), length = that view's × m + a.
        case centred(target: Int?, multiplier: Double, a: Int)
        /// Start after an earlier sibling's end + a, length a fraction of the superview.
        case after(target: Int, a: Int, fraction: Double)
    }

    struct Plan {
        var parent: Int?
        var horizontal: Placement
        var vertical: Placement
    }

    static func plans(_ random: inout SplitMix64) -> [Plan] {
        var plans: [Plan] = []
        for index in 0..<random.int(2...8) {
            let parent = index == 0 || random.below(3) > 0 ? nil : random.below(index)
            let siblings = (0..<index).filter { plans[$0].parent == parent }
            func placement() -> Placement {
                switch random.below(siblings.isEmpty ? 2 : 4) {
                case 0: return .startAndLength(target: nil, a: random.int(0...6), b: random.int(1...12))
                case 1: return .insetEdges(a: random.int(0...4), b: random.int(0...4))
                case 2: return .centred(target: random.pick(siblings), multiplier: random.pick([0.5, 1, 1.5]), a: random.int(-2...2))
                default: return .after(target: random.pick(siblings), a: random.int(0...3), fraction: random.pick([0.25, 0.5]))
                }
            }
            plans.append(Plan(parent: parent, horizontal: placement(), vertical: placement()))
        }
        return plans
    }

    // MARK: The DSL side

    static func build(_ plans: [Plan]) -> (View, [View]) {
        let root = View(.screen, id: "root")
        let views = plans.indices.map { View(.box, id: "v\($0)") }
        for (index, plan) in plans.enumerated() {
            (plan.parent.map { views[$0] } ?? root).addSubview(views[index])
        }
        for (index, plan) in plans.enumerated() {
            views[index].makeConstraints { make in
                constrain(make, plan.horizontal, axis: .horizontal, views: views)
                constrain(make, plan.vertical, axis: .vertical, views: views)
            }
        }
        return (root, views)
    }

    static func constrain(_ make: ConstraintMaker, _ placement: Placement, axis: Axis, views: [View]) {
        let horizontal = axis == .horizontal
        let start = horizontal ? make.left : make.top
        let length = horizontal ? make.width : make.height
        func anchor(_ view: View, _ attribute: Attribute) -> Anchor {
            switch attribute {
            case .left: view.left
            case .right: view.right
            case .top: view.top
            case .bottom: view.bottom
            case .width: view.width
            case .height: view.height
            case .centerX: view.centerX
            case .centerY: view.centerY
            }
        }
        switch placement {
        case .startAndLength(_, let a, let b):
            start.equalTo(a)
            length.equalTo(b)
        case .insetEdges(let a, let b):
            (horizontal ? make.horizontalEdges : make.verticalEdges).equalToSuperview()
                .inset(horizontal ? Insets(top: 0, left: Double(a), bottom: 0, right: Double(b)) : Insets(top: Double(a), left: 0, bottom: Double(b), right: 0))
        case .centred(let target, let multiplier, let a):
            let view = views[target!]
            (horizontal ? make.centerX : make.centerY).equalTo(view)
            length.equalTo(anchor(view, axis.length)).multipliedBy(multiplier).offset(a)
        case .after(let target, let a, let fraction):
            start.equalTo(anchor(views[target], axis.trailing)).offset(a)
            length.equalToSuperview().multipliedBy(fraction)
        }
    }

    // MARK: The hand-written side

    static func spec(_ plans: [Plan]) -> String {
        var children: [Int?: [Int]] = [:]
        for (index, plan) in plans.enumerated() { children[plan.parent, default: []].append(index) }
        var text = "screen root {\n"
        func write(_ index: Int, depth: Int) {
            let pad = String(repeating: "  ", count: depth)
            text += "\(pad)box v\(index) {\n"
            text += line(plans[index].horizontal, axis: .horizontal, pad: pad + "  ")
            text += line(plans[index].vertical, axis: .vertical, pad: pad + "  ")
            for child in children[index] ?? [] { write(child, depth: depth + 1) }
            text += "\(pad)}\n"
        }
        for top in children[nil] ?? [] { write(top, depth: 1) }
        return text + "}\n"
    }

    static func line(_ placement: Placement, axis: Axis, pad: String) -> String {
        let start = axis.leading.rawValue, end = axis.trailing.rawValue, length = axis.length.rawValue
        switch placement {
        case .startAndLength(_, let a, let b):
            return "\(pad)\(start) == \(a)\n\(pad)\(length) == \(b)\n"
        case .insetEdges(let a, let b):
            let inset = axis == .horizontal ? "0 \(a) 0 \(b)" : "\(a) 0 \(b) 0"
            return "\(pad)\(start), \(end) == parent inset \(inset)\n"
        case .centred(let target, let multiplier, let a):
            return "\(pad)\(axis.center.rawValue) == v\(target!)\n\(pad)\(length) == v\(target!) * \(multiplier) offset \(a)\n"
        case .after(let target, let a, let fraction):
            return "\(pad)\(start) == v\(target).\(end) offset \(a)\n\(pad)\(length) == parent.\(length) * \(fraction)\n"
        }
    }

    static func frames(ofSpec text: String, size: TerminalSize) -> [String: ViewFrame] {
        let files = MemoryFiles(["d.layout": text])
        var session = LayoutSession(specPath: "d.layout", reader: files.reader, size: size)
        session.load()
        return Dictionary(uniqueKeysWithValues: session.views.map { ($0.id, $0.frame) })
    }

    static let sizes = [TerminalSize(width: 60, height: 20), TerminalSize(width: 80, height: 24), TerminalSize(width: 123, height: 41)]

    /// 300 random cases in batches of 50: the fast loop runs the first batch,
    /// `SlowDifferentialTests` the rest (docs/testing.md).
    @Test(arguments: 0..<1)
    func dslAndHandWrittenSpecsAgree(batch: Int) throws {
        var random = SplitMix64(seed: 0xCA5E_11E7 &+ UInt64(batch))
        for caseNumber in batch * 50..<(batch + 1) * 50 {
            var plans = Self.plans(&random)
            let (root, views) = Self.build(plans)
            let layout = try Layout(root: root, size: Self.sizes[0])
            for size in Self.sizes {
                layout.resize(to: size)
                let expected = Self.frames(ofSpec: Self.spec(plans), size: size)
                for (index, view) in views.enumerated() {
                    #expect(layout.frame(of: view) == expected["v\(index)"], "case \(caseNumber) v\(index) at \(size)\n\(Self.spec(plans))")
                }
            }
            // An edit of one constant, applied in place, agrees with a fresh load of the edited spec.
            let edited = random.below(plans.count)
            if case .startAndLength(let target, let a, let b) = plans[edited].horizontal {
                plans[edited].horizontal = .startAndLength(target: target, a: a + 1, b: b + 2)
                views[edited].updateConstraints { make in
                    make.left.equalTo(a + 1)
                    make.width.equalTo(b + 2)
                }
                let expected = Self.frames(ofSpec: Self.spec(plans), size: layout.size)
                for (index, view) in views.enumerated() {
                    #expect(layout.frame(of: view) == expected["v\(index)"], "case \(caseNumber) edited v\(edited)")
                }
                #expect(layout.lastReport?.counts.added == 0)
            }
        }
    }
}

/// The other batches of `DifferentialTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowDifferentialTests {
    @Test(arguments: 1..<6)
    func dslAndHandWrittenSpecsAgree(batch: Int) throws { try DifferentialTests().dslAndHandWrittenSpecsAgree(batch: batch) }
}
