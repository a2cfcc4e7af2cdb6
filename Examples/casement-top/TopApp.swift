import CasementApp
import Foundation

/// The monitor's widgets and state. Everything here runs on the main actor; the
/// sampler reads `/proc` on another task and posts each sample to the app.
@MainActor
final class TopApp {
    let app: App
    let table = Table(columns: [
        TableColumn("PID", width: 7, alignment: .right), TableColumn("USER", width: 10),
        TableColumn("CPU%", width: 6, alignment: .right), TableColumn("MEM%", width: 6, alignment: .right),
        TableColumn("COMMAND"),
    ], id: "table")
    let memoryGauge = Gauge(label: "mem ", id: "mem")
    let swapGauge = Gauge(label: "swap", id: "swap")
    let detailsText = Label("", id: "details-text", classes: ["details-text"])
    let help = Label(TopApp.helpText, id: "help")
    let filterField = TextField(placeholder: "type to filter, Enter keeps, Escape clears", id: "filter")
    var cores: [(name: Label, spark: Sparkline, value: Label)] = []
    var history: [[Double]] = []
    var latest = SystemSample()
    var filter = ""
    var isFiltering = false
    var detailsOpen = false
    var samplerTask: Task<Void, Never>?

    init(specPath: String, devMode: Bool) throws {
        app = try App(spec: specPath, devMode: devMode)
        buildCores(count: max(1, ProcessInfo.processInfo.activeProcessorCount))
        placeWidgets()
        bindKeys()
        table.sort(by: 2, ascending: false)
        app.focus(table)
    }

    /// One row per core in two columns: name, sparkline of the last samples, percentage.
    private func buildCores(count: Int) {
        guard let box = app.view("cpus") else { return }
        let rows = (count + 1) / 2
        history = Array(repeating: [], count: count)
        for core in 0..<count {
            let name = Label(String(format: "%-3d", core), id: "core\(core)-name", classes: ["core-name"])
            let spark = Sparkline(maximum: 1, id: "core\(core)")
            let value = Label("  0%", id: "core\(core)-value", classes: ["core-value"])
            box.addSubviews(name, spark, value)
            let row = core / 2, column = core % 2
            name.view.makeConstraints { make in
                make.top.equalToSuperview().offset(1 + row)
                if column == 0 { make.left.equalToSuperview().offset(2) } else { make.left.equalTo(box.centerX).offset(1) }
                make.width.equalTo(4)
            }
            value.view.makeConstraints { make in
                make.top.equalTo(name.view.top)
                if column == 0 { make.right.equalTo(box.centerX).offset(-2) } else { make.right.equalToSuperview().offset(-2) }
                make.width.equalTo(5)
            }
            spark.view.makeConstraints { make in
                make.top.equalTo(name.view.top)
                make.left.equalTo(name.view.right)
                make.right.equalTo(value.view.left).offset(-1)
            }
            cores.append((name, spark, value))
        }
        // The box's height follows the rows. The rule belongs to a widget's view, so
        // it moves with the widgets when --dev reloads top.layout (a rule made on a
        // spec view would go with the old view).
        cores.last?.name.view.makeConstraints { make in make.bottom.equalTo(box.bottom).offset(-1) }
    }

    private func placeWidgets() {
        if let memory = app.view("memory") {
            memory.addSubviews(memoryGauge, swapGauge)
            memoryGauge.view.makeConstraints { make in
                make.top.equalToSuperview().offset(1)
                make.left.equalToSuperview().offset(2)
                make.right.equalToSuperview().offset(-2)
            }
            swapGauge.view.makeConstraints { make in
                make.top.equalTo(memoryGauge.view.bottom)
                make.left.right.equalTo(memoryGauge.view)
            }
        }
        app.view("processes")?.addSubview(table)
        table.view.makeConstraints { make in make.edges.equalToSuperview().inset(1) }
        app.view("details")?.addSubview(detailsText)
        detailsText.view.makeConstraints { make in
            make.top.equalToSuperview().offset(1)
            // The closed panel is 0 wide: the text then gives up its left margin
            // (the one rule here that is not required), never its width.
            make.left.equalToSuperview().offset(2).priority(LayoutPriority(999)!)
            make.right.lessThanOrEqualToSuperview().offset(-2)
            make.width.greaterThanOrEqualTo(0)
        }
        app.view("footer")?.addSubview(help)
        // One line, cut at the footer's right edge on a narrow terminal.
        help.view.makeConstraints { make in
            make.top.left.equalToSuperview()
            make.right.lessThanOrEqualToSuperview()
            make.height.equalTo(1)
        }
        filterField.onChange = { [unowned self] text in filter = text; showRows() }
        filterField.onSubmit = { [unowned self] _ in closeFilter(keeping: true) }
        table.onActivate = { [unowned self] _ in toggleDetails() }
        table.onSelect = { [unowned self] _ in showDetails() }
    }

    private func bindKeys() {
        app.bind(.character("q")) { [unowned self] in app.quit() }
        app.bind(.character("c")) { [unowned self] in table.sort(by: 2, ascending: false) }
        app.bind(.character("m")) { [unowned self] in table.sort(by: 3, ascending: false) }
        app.bind(.character("p")) { [unowned self] in table.sort(by: 0, ascending: true) }
        app.bind(.character("/")) { [unowned self] in openFilter() }
        app.bind(.escape) { [unowned self] in
            // Escape undoes the latest thing: the filter being typed, the details, the kept filter.
            if isFiltering {
                closeFilter(keeping: false)
            } else if detailsOpen {
                toggleDetails()
            } else if !filter.isEmpty {
                closeFilter(keeping: false)
            }
        }
    }

    // MARK: Filter and details

    private func openFilter() {
        guard !isFiltering, let footer = app.view("footer") else { return }
        isFiltering = true
        help.view.removeFromSuperview()
        footer.addSubview(filterField)
        filterField.view.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalToSuperview().offset(1)
            make.right.equalToSuperview().offset(-1)
        }
        filterField.text = filter
        filterField.moveCursor(to: filter.count)
        app.focus(filterField)
    }

    /// Enter keeps the filter (shown in the footer), Escape clears it.
    func closeFilter(keeping: Bool) {
        isFiltering = false
        if !keeping { filter = "" }
        filterField.view.removeFromSuperview()
        filterField.view.removeConstraints()
        app.view("footer")?.addSubview(help)
        help.text = filter.isEmpty ? Self.helpText : "filter: \(filter)  (/ edits, Escape clears)   " + Self.helpText
        app.focus(table)
        showRows()
    }

    /// Fits 80 columns (a longer line would be cut, with a warning in dev mode).
    static let helpText = "q quit  ↑↓ PgUp PgDn move  c/m/p sort  / filter  Enter details  F12 inspector"

    private func toggleDetails() {
        detailsOpen.toggle()
        app.view("details")?.classes = detailsOpen ? ["open"] : []
        showDetails()
    }

    private func showDetails() {
        guard detailsOpen, let row = table.selectedIndex, table.rows.indices.contains(row),
              let pid = Int(table.rows[row][0].trimmingCharacters(in: .whitespaces)),
              let process = latest.processes.first(where: { $0.pid == pid }) else { return }
        detailsText.text = """
            PID      \(process.pid)
            user     \(process.user)
            state    \(process.state)
            threads  \(process.threads)
            memory   \(process.residentKiB / 1024) MiB
            CPU      \(String(format: "%.1f", process.cpuPercent))%
            command  \(process.commandLine)
            """
    }

    // MARK: Data

    /// Reads /proc once a second on a task of its own and posts each sample to the app.
    func startSampling() {
        samplerTask = Task.detached { [app] in
            var sampler = ProcSampler()
            while !Task.isCancelled {
                let sample = sampler.sample()
                app.post { [weak self] in self?.apply(sample) }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Shows a sample: on the main actor, at the next frame.
    func apply(_ sample: SystemSample) {
        latest = sample
        for (core, usage) in sample.coreUsage.enumerated() where core < cores.count {
            history[core] = Array((history[core] + [usage]).suffix(200))
            cores[core].spark.values = history[core]
            cores[core].value.text = String(format: "%3d%%", Int((usage * 100).rounded()))
        }
        memoryGauge.value = sample.memoryTotal > 0 ? sample.memoryUsed / sample.memoryTotal : 0
        memoryGauge.label = String(format: "mem  %5.1f/%5.1f GiB", sample.memoryUsed / 1_048_576, sample.memoryTotal / 1_048_576)
        swapGauge.value = sample.swapTotal > 0 ? sample.swapUsed / sample.swapTotal : 0
        swapGauge.label = String(format: "swap %5.1f/%5.1f GiB", sample.swapUsed / 1_048_576, sample.swapTotal / 1_048_576)
        app.view("header")?.text = String(
            format: " casement-top   up %@   load %.2f %.2f %.2f   %d tasks",
            Self.duration(sample.uptime), sample.load.0, sample.load.1, sample.load.2, sample.processes.count)
        showRows()
        showDetails()
    }

    private func showRows() {
        let needle = filter.lowercased()
        let shown = latest.processes.filter { needle.isEmpty || $0.command.lowercased().contains(needle) || $0.user.lowercased().contains(needle) }
        table.setRows(shown.map { process in
            [String(process.pid), process.user, String(format: "%.1f", process.cpuPercent),
             String(format: "%.1f", process.memoryPercent), process.command]
        })
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds)
        let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60
        return days > 0 ? "\(days)d \(hours)h \(minutes)m" : "\(hours)h \(minutes)m"
    }
}
