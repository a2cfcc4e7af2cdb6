/// The budgets of PRODUCT §7, by the figure they judge. A figure with a budget
/// prints `budget=<limit>` after its fields and, when it is a time, `scaled=<x>`:
/// its median read as the reference machine's (see `HostSpeed`), which is what the
/// budget is judged on. Sizes in bytes and MB do not depend on the machine's speed.
struct Budget {
    var group: String
    /// nil: any workload of the group.
    var workload: String?
    /// nil: any N.
    var n: Int?
    var phases: [String]
    var limit: Double

    static let all: [Budget] = [
        Budget(group: "stylesheet", workload: "parse-1mb", phases: ["load"], limit: 20),
        Budget(group: "stylesheet", workload: "cascade", n: 10_000, phases: ["cascade-1000-rules"], limit: 10),
        Budget(group: "reload", n: 1_000, phases: ["style-constant", "spec-constant"], limit: 5),
        Budget(group: "reload", n: 1_000, phases: ["structural", "structural-view"], limit: 20),
        Budget(group: "reload", n: 1_000, phases: ["resize", "resize-media"], limit: 2),
        Budget(group: "reload", n: 10_000, phases: ["style-constant", "spec-constant", "structural", "structural-view"], limit: 15),
        Budget(group: "reload", workload: "nested", n: 10_000, phases: ["load"], limit: 150),
        Budget(group: "reload", workload: "grow", n: 10_000, phases: ["load"], limit: 200),
        Budget(group: "render", workload: "save-to-screen-one-view", phases: ["latency"], limit: 5),
        Budget(group: "render", workload: "save-to-screen-one-view", phases: ["latency-p95"], limit: 8),
        Budget(group: "render", workload: "save-to-screen-100-views", phases: ["latency"], limit: 5),
        Budget(group: "render", workload: "save-to-screen-100-views", phases: ["latency-p95"], limit: 8),
        Budget(group: "render", workload: "unchanged-80x24", phases: ["bytes"], limit: 0),
        Budget(group: "render", workload: "unchanged-250x70", phases: ["bytes"], limit: 0),
        Budget(group: "memory", n: 10_000, phases: ["render-plain-peak-rss", "render-json-peak-rss"], limit: 80),
        Budget(group: "lsp", phases: ["change-to-diagnostics", "stylesheet-change-to-diagnostics"], limit: 20),
        Budget(group: "lsp", phases: ["hover"], limit: 5),
        Budget(group: "app", workload: "table-scroll-250x70", n: 10_000, phases: ["frame"], limit: 2),
        Budget(group: "app", workload: "table-scroll-250x70", n: 10_000, phases: ["bytes"], limit: 8_192),
        Budget(group: "app", workload: "textview-scroll-250x70", n: 100_000, phases: ["frame"], limit: 2),
        Budget(group: "app", workload: "textview-scroll-250x70", n: 100_000, phases: ["bytes"], limit: 8_192),
        Budget(group: "app", workload: "textarea-type-250x70", n: 10_000, phases: ["key-to-frame"], limit: 2),
        Budget(group: "app", workload: "tree-expanded-250x70", n: 100_000, phases: ["first-frame"], limit: 50),
        Budget(group: "app", workload: "tree-expanded-250x70", n: 100_000, phases: ["step"], limit: 2),
    ]

    init(group: String, workload: String? = nil, n: Int? = nil, phases: [String], limit: Double) {
        self.group = group
        self.workload = workload
        self.n = n
        self.phases = phases
        self.limit = limit
    }

    /// The budget of a figure, if it has one.
    static func of(group: String, workload: String, n: Int, phase: String) -> Budget? {
        all.first {
            $0.group == group && ($0.workload ?? workload) == workload && ($0.n ?? n) == n && $0.phases.contains(phase)
        }
    }

    /// What a figure's line ends with: `scaled=` for a time, `budget=`; empty without a budget.
    static func fields(group: String, workload: String, n: Int, phase: String, unit: String, median: Double) -> String {
        guard let budget = of(group: group, workload: workload, n: n, phase: phase) else { return "" }
        let isTime = unit == "ms" || unit == "µs" || unit == "s"
        return (isTime ? " scaled=\(fixed(median * HostSpeed.factor))" : "") + " budget=\(fixed(budget.limit))"
    }
}
