import ArgumentParser
import Diagnostics
import Formatting
import LayoutEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `casement fmt FILE… [--write | --check]`
struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Print the canonical form of .cas and .layout files, or rewrite them in place.",
        discussion: """
            The canonical form changes only blanks: two spaces of indentation per block, one \
            space between tokens, trailing comments in one column, at most one blank line \
            in a row and a final newline; every token, comment and line break stays, and \
            what the file lays out and styles never changes (docs/formatting.md). Without \
            a flag, prints each file's canonical form. --write rewrites the files that \
            change (the one time casement writes your files) and lists them; --check lists \
            the files that would change and exits 1 when there is one. A file with syntax \
            errors is left alone: its errors are printed and the exit status is 1.
            """)

    @Argument(help: "The .cas and .layout files.")
    var files: [String]

    @Flag(help: "Rewrite each file that is not in the canonical form, in place.")
    var write = false

    @Flag(help: "Print the files that are not in the canonical form; exit 1 if there is one.")
    var check = false

    func validate() throws {
        if write && check { throw ValidationError("--write and --check cannot be used together") }
        if files.isEmpty { throw ValidationError("name at least one .cas or .layout file") }
    }

    func run() throws {
        try finish(Self.output(files: files, mode: write ? .write : check ? .check : .print, reader: .fileSystem))
    }

    enum Mode { case print, write, check }

    /// What `fmt` prints for `files`, writing the rewritten ones in `.write` mode.
    static func output(
        files: [String], mode: Mode, reader: FileReader, writer: (String, String) throws -> Void = FileRewriting.replace
    ) -> CommandOutput {
        var output = CommandOutput()
        for path in files {
            let text: String
            do {
                text = try reader.contents(of: path)
            } catch {
                output.stderr += "error: cannot read '\(path)': \((error as? FileReader.Failure)?.description ?? "\(error)")\n"
                output.status = 1
                continue
            }
            let formatted: FormattedText
            do {
                formatted = try SourceFormatter.format(text, path: path)
            } catch .syntaxErrors(let diagnostics) {
                output.stderr += diagnostics.map { $0.flaggedSummary + "\n" }.joined()
                output.stderr += "\(path): not formatted: fix the syntax errors first\n"
                output.status = 1
                continue
            } catch {
                output.stderr += "error: \(error)\n"
                output.status = 1
                continue
            }
            switch mode {
            case .print:
                output.stdout += formatted.text
            case .check:
                if !formatted.isUnchanged {
                    output.stdout += path + "\n"
                    output.status = 1
                }
            case .write:
                guard !formatted.isUnchanged else { continue }
                do {
                    try writer(path, formatted.text)
                    output.stdout += path + "\n"
                } catch {
                    output.stderr += "error: cannot write '\(path)': \(error)\n"
                    output.status = 1
                }
            }
        }
        return output
    }
}

/// Replacing a file's contents safely: the new text goes to a temporary file
/// beside the real file (a symlink is followed), takes the old file's permission
/// bits, and is renamed over it, so a failure midway leaves the old file whole.
enum FileRewriting {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func replace(_ path: String, with text: String) throws {
        guard let resolved = realpath(path, nil) else { throw Failure(description: String(cString: strerror(errno))) }
        let target = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard stat(target, &status) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var template = Array((target + ".casement-fmt-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 {
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, status.st_mode & 0o7777) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure(description: failure)
        }
    }
}
