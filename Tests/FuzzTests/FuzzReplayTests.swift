import Foundation
import Testing

@testable import FuzzTargets

/// The package's `Fuzz` folder.
let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

/// The files in `Fuzz/<folder>/<target>`, sorted (none when the folder does not exist).
func fuzzInputs(_ folder: String, _ target: String) -> [URL] {
    let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
}

/// Every input a fuzz target once broke, replayed through the same target and
/// invariants: a crash found by `tools/fuzz` becomes a regression test by being
/// committed to `Fuzz/crashes/<target>/`. Known issues (`KnownIssue.all`, fixed by
/// other work in progress) are tolerated here and reproduced on their own below.
@MainActor
@Suite struct FuzzReplayTests {
    static let tolerated = Set(KnownIssue.all.map(\.id))

    @Test(arguments: FuzzTarget.all.map(\.name))
    func everyCrashFoundReplaysClean(target: String) throws {
        try Self.expectEveryInputReplaysClean("crashes", target)
    }

    /// Replays every file of `Fuzz/<folder>/<target>`, known issues tolerated.
    static func expectEveryInputReplaysClean(_ folder: String, _ target: String) throws {
        let fuzzTarget = try #require(FuzzTarget.named(target))
        for file in fuzzInputs(folder, target) {
            let broken = fuzzTarget.run(Array(try Data(contentsOf: file)), tolerating: tolerated)
            #expect(broken.isEmpty, "Fuzz/\(folder)/\(target)/\(file.lastPathComponent):\n\(broken.joined(separator: "\n"))")
        }
    }

    /// A known issue still breaks its reproducer; once it is fixed, this fails
    /// until the issue is taken off `KnownIssue.all`.
    @Test(arguments: KnownIssue.all.map(\.id))
    func aKnownIssueStillReproduces(id: String) throws {
        let issue = try #require(KnownIssue.all.first { $0.id == id })
        let file = fuzzFolder.appendingPathComponent("crashes/\(issue.target)/\(issue.reproducer)")
        let input = try Data(contentsOf: file)
        guard !issue.trapsWhenReplayed else { return }   // it would end this process: the file's presence is the check
        let target = try #require(FuzzTarget.named(issue.target))
        withKnownIssue("\(issue.id) (\(issue.owner)): \(issue.summary)") {
            let broken = target.run(Array(input), tolerating: Self.tolerated.subtracting([issue.id]))
            #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
        }
    }

    @Test func knownIssuesAreUniqueAndNameTheirTargets() {
        let ids = KnownIssue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for issue in KnownIssue.all { #expect(FuzzTarget.named(issue.target) != nil, "\(issue.id)") }
    }

    @Test func everyTargetHasSeeds() {
        for target in FuzzTarget.all {
            #expect(!fuzzInputs("corpus", target.name).isEmpty, "Fuzz/corpus/\(target.name) is empty (tools/fuzz --seeds)")
        }
    }
}

/// The committed corpus (seeds and what fuzzing added), replayed through the
/// targets: what passed once must keep passing. Hundreds of inputs per target.
@MainActor
@Suite struct SlowFuzzCorpusReplayTests {
    @Test(arguments: FuzzTarget.all.map(\.name))
    func theCorpusReplaysClean(target: String) throws {
        try FuzzReplayTests.expectEveryInputReplaysClean("corpus", target)
    }
}
