import Foundation

/// One process as `casement-top` shows it.
struct ProcessInfoRow: Sendable, Hashable {
    var pid: Int
    var user: String
    var cpuPercent: Double
    var memoryPercent: Double
    var command: String
    var state: String
    var threads: Int
    var residentKiB: Int
    var commandLine: String
}

/// Everything one refresh shows.
struct SystemSample: Sendable {
    /// Busy fraction of each core since the previous sample (0…1).
    var coreUsage: [Double] = []
    var memoryUsed: Double = 0, memoryTotal: Double = 0
    var swapUsed: Double = 0, swapTotal: Double = 0
    var load: (Double, Double, Double) = (0, 0, 0)
    var uptime: Double = 0
    var processes: [ProcessInfoRow] = []
}

/// Reads `/proc`: per-core CPU time, memory, load, uptime and every process.
/// CPU percentages are differences between two samples, so it keeps the
/// previous readings. Runs off the main actor (a producer), so it is a value.
struct ProcSampler: Sendable {
    let root: String
    private var previousCores: [[UInt64]] = []
    private var previousProcessTicks: [Int: UInt64] = [:]
    private var previousTotalTicks: UInt64 = 0
    private var users: [Int: String] = [:]
    private let pageKiB: Int

    init(root: String = "/proc") {
        self.root = root
        pageKiB = max(1, Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)
        users = Self.readUsers()
    }

    mutating func sample() -> SystemSample {
        var result = SystemSample()
        let (cores, totalTicks) = readCores()
        result.coreUsage = zip(cores, previousCores.isEmpty ? cores.map { $0.map { _ in 0 } } : previousCores).map(Self.busyFraction)
        let elapsedPerCore = previousTotalTicks == 0 ? 0 : Double(totalTicks &- previousTotalTicks) / Double(max(1, cores.count))
        previousCores = cores
        previousTotalTicks = totalTicks
        let memory = readKeyValues("\(root)/meminfo")
        result.memoryTotal = memory["MemTotal"] ?? 0
        result.memoryUsed = result.memoryTotal - (memory["MemAvailable"] ?? 0)
        result.swapTotal = memory["SwapTotal"] ?? 0
        result.swapUsed = result.swapTotal - (memory["SwapFree"] ?? 0)
        let load = read("\(root)/loadavg").split(separator: " ").compactMap { Double($0) }
        if load.count >= 3 { result.load = (load[0], load[1], load[2]) }
        result.uptime = Double(read("\(root)/uptime").split(separator: " ").first ?? "0") ?? 0
        result.processes = readProcesses(elapsedPerCore: elapsedPerCore, memoryTotalKiB: result.memoryTotal)
        return result
    }

    private static func busyFraction(_ now: [UInt64], _ before: [UInt64]) -> Double {
        guard now.count >= 5, before.count == now.count else { return 0 }
        let total = zip(now, before).reduce(UInt64(0)) { $0 &+ ($1.0 &- $1.1) }
        let idle = (now[3] &- before[3]) &+ (now[4] &- before[4])
        return total == 0 ? 0 : Double(total &- idle) / Double(total)
    }

    /// Each `cpuN` line's counters, and the sum of the `cpu` line.
    private func readCores() -> ([[UInt64]], UInt64) {
        var cores: [[UInt64]] = []
        var total: UInt64 = 0
        for line in read("\(root)/stat").split(separator: "\n") where line.hasPrefix("cpu") {
            let fields = line.split(separator: " ")
            let numbers = fields.dropFirst().prefix(8).compactMap { UInt64($0) }
            if fields[0] == "cpu" { total = numbers.reduce(0, &+) } else { cores.append(numbers) }
        }
        return (cores, total)
    }

    private mutating func readProcesses(elapsedPerCore: Double, memoryTotalKiB: Double) -> [ProcessInfoRow] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var rows: [ProcessInfoRow] = []
        var ticksNow: [Int: UInt64] = [:]
        for entry in entries {
            guard let pid = Int(entry), let row = readProcess(pid, elapsedPerCore: elapsedPerCore,
                                                                 memoryTotalKiB: memoryTotalKiB, ticks: &ticksNow) else { continue }
            rows.append(row)
        }
        previousProcessTicks = ticksNow
        return rows
    }

    private func readProcess(_ pid: Int, elapsedPerCore: Double, memoryTotalKiB: Double,
                             ticks: inout [Int: UInt64]) -> ProcessInfoRow? {
        let stat = read("\(root)/\(pid)/stat")
        // The command is in parentheses and may hold spaces: split after the last ')'.
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let command = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 22 else { return nil }
        let used = (UInt64(fields[11]) ?? 0) &+ (UInt64(fields[12]) ?? 0)
        ticks[pid] = used
        let before = previousProcessTicks[pid] ?? used
        let cpu = elapsedPerCore > 0 ? Double(used &- before) / elapsedPerCore * 100 : 0
        let resident = (Int(fields[21]) ?? 0) * pageKiB
        let status = readKeyValues("\(root)/\(pid)/status")
        let uid = Int(status["Uid"] ?? -1)
        let commandLine = read("\(root)/\(pid)/cmdline").replacingOccurrences(of: "\0", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return ProcessInfoRow(
            pid: pid, user: users[uid] ?? String(uid), cpuPercent: cpu,
            memoryPercent: memoryTotalKiB > 0 ? Double(resident) / memoryTotalKiB * 100 : 0,
            command: command, state: String(fields[0]), threads: Int(fields[17]) ?? 0, residentKiB: resident,
            commandLine: commandLine.isEmpty ? "[\(command)]" : commandLine)
    }

    private func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// `Key: number …` lines (meminfo, status); the first number of each.
    private func readKeyValues(_ path: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in read(path).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let rest = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let first = rest.first, let number = Double(first) { values[String(line[..<colon])] = number }
        }
        return values
    }

    private static func readUsers() -> [Int: String] {
        let text = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""
        var users: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 2, let uid = Int(fields[2]) { users[uid] = String(fields[0]) }
        }
        return users
    }
}
