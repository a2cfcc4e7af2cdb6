// casement-fuzz: the fuzz targets of Fuzz/Sources/FuzzTargets behind one command.
//
//     casement-fuzz --list                     the targets, one a line
//     casement-fuzz --write-seeds ROOT         the seed inputs, from ROOT's demo/ and styles/, into ROOT/Fuzz/corpus
//     casement-fuzz TARGET [--tolerate-known] FILE|FOLDER…
//                                              replays inputs, prints what broke; exit 1 if anything did
//                                              (--tolerate-known: not the known issues, as under libFuzzer)
//
// Built with `-DFUZZING` and `-sanitize=fuzzer` (tools/fuzz does it),
// `casement-fuzz TARGET [libFuzzer flags and corpus folders]` is libFuzzer's
// driver instead: it aborts on the first broken invariant so libFuzzer keeps the
// input. Without FUZZING it is the replayer above, so the normal build compiles it.
import FuzzTargets
#if FUZZING
import CFuzzing
#endif
#if canImport(Glibc)
import Glibc
#endif
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var arguments = CommandLine.arguments
if arguments.count == 2 && arguments[1] == "--list" {
    for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
    exit(0)
}
if arguments.count == 3 && arguments[1] == "--write-seeds" {
    do {
        let count = try MainActor.assumeIsolated { try FuzzTarget.writeSeeds(packageRoot: arguments[2]) }
        print("wrote \(count) seeds under \(arguments[2])/Fuzz/corpus")
        exit(0)
    } catch {
        fail("cannot write the seeds: \(error)")
    }
}
/// libFuzzer runs this program again for `-merge=1` (and `-fork`), with its own
/// flags and without the target's name, which it takes for a corpus folder and
/// leaves out: so the name also travels in the environment.
let targetVariable = "CASEMENT_FUZZ_TARGET"
let named = arguments.count >= 2 ? FuzzTarget.named(arguments[1]) : nil
#if FUZZING
let inherited = getenv(targetVariable).flatMap { FuzzTarget.named(String(cString: $0)) }
#else
let inherited: FuzzTarget? = nil
#endif
guard let chosen = named ?? inherited else {
    fail("usage: casement-fuzz --list | casement-fuzz TARGET [FILE|FOLDER…]  (targets: \(FuzzTarget.all.map(\.name).joined(separator: " ")))")
}

#if FUZZING
/// The target libFuzzer's callback runs (a C callback captures nothing), and the
/// known issues it leaves out so fuzzing goes on past them.
nonisolated(unsafe) var fuzzed = chosen
nonisolated(unsafe) var tolerated = Set(KnownIssue.all.map(\.id))

if named != nil { arguments.remove(at: 1) }
setenv(targetVariable, chosen.name, 1)
var argc = Int32(arguments.count)
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = UnsafeMutablePointer.allocate(capacity: arguments.count + 1)
for (index, argument) in arguments.enumerated() { argv![index] = strdup(argument) }
argv![arguments.count] = nil
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let broken = MainActor.assumeIsolated { fuzzed.run(input, tolerating: tolerated) }
    if !broken.isEmpty {
        FileHandle.standardError.write(Data(("\(fuzzed.name): broken invariants:\n" + broken.map { "  " + $0 }.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
exit(status)
#else
/// Every file named, and every file in every folder named (sorted), in order.
func inputs(_ paths: ArraySlice<String>) -> [String] {
    paths.flatMap { path -> [String] in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("no such file: \(path)") }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}

var paths = arguments.dropFirst(2)
let tolerated = paths.first == "--tolerate-known" ? Set(KnownIssue.all.map(\.id)) : []
if !tolerated.isEmpty { paths = paths.dropFirst() }
var brokenInputs = 0
let files = inputs(paths)
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    let started = ContinuousClock.now
    let broken = MainActor.assumeIsolated { chosen.run(Array(data), tolerating: tolerated) }
    let took = ContinuousClock.now - started
    // A slow input (libFuzzer's slow-unit-…) is a finding only if it is slow here too.
    if took > .seconds(1) { print("\(file): slow, \(took)") }
    if !broken.isEmpty {
        brokenInputs += 1
        print("\(file):")
        for message in broken { print("  \(message)") }
    }
}
print("\(chosen.name): \(files.count) inputs replayed, \(brokenInputs) broke an invariant")
exit(brokenInputs == 0 ? 0 : 1)
#endif
