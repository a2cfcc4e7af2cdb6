import Diagnostics

extension Violations {
    /// Every diagnostic names one of `files` (the texts the run served) at a real
    /// line, a column inside that line or just past its end, with a message of a
    /// bounded length (a megabyte quoted in a message must not become a megabyte of output).
    mutating func expectLocated(_ diagnostics: [Diagnostic], in files: [String: String]) {
        var sources: [String: SourceText] = [:]
        for diagnostic in diagnostics {
            let location = diagnostic.location
            guard let text = files[location.file] else {
                record("diagnostic in a file that was not read: \(diagnostic.summary)")
                continue
            }
            let source = sources[location.file] ?? SourceText(path: location.file, text: text)
            sources[location.file] = source
            guard (1...source.lineCount).contains(location.line) else {
                record("diagnostic past the last line (\(source.lineCount)): \(diagnostic.summary)")
                continue
            }
            let lineLength = source.lineText(location.line).count
            expect((1...(lineLength + 1)).contains(location.column),
                   "diagnostic column outside its line of \(lineLength) characters: \(diagnostic.summary)")
            expect(!diagnostic.message.isEmpty, "diagnostic without a message at \(location)")
            // Messages are cut to `messageLimit` characters, then escaped (an escape is at most 10).
            expect(diagnostic.message.count <= 10 * Diagnostic.messageLimit,
                   "diagnostic message of \(diagnostic.message.count) characters: \(diagnostic.summary.prefix(200))")
        }
    }

    /// `value` is finite, when there is one.
    mutating func expectFinite(_ value: Double?, _ what: @autoclosure () -> String) {
        if let value { expect(value.isFinite, "\(what()) is \(value)") }
    }
}
