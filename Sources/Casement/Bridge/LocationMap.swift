import LayoutEngine

// The other half of the bridge: the engine reports places in the written spec;
// these turn them back into the Swift lines (and spec lines) they came from.

/// Maps locations in the written spec back to where each line came from.
struct LocationMap {
    /// The written spec's path, as the engine names it.
    let specPath: String
    let origins: [LineOrigin?]

    func map(_ location: SourceLocation) -> SourceLocation {
        guard location.file == specPath, location.line >= 1, location.line <= origins.count,
            let origin = origins[location.line - 1]
        else { return location }
        return origin.location(column: location.column)
    }

    func map(_ diagnostic: Diagnostic) -> Diagnostic {
        var copy = diagnostic
        if copy.location.file == specPath {
            copy.location = map(copy.location)
            // The excerpt is a line of the written spec, not of the file shown.
            copy.excerpt = nil
        }
        copy.message = map(text: copy.message)
        copy.hint = copy.hint.map(map(text:))
        return copy
    }

    func map(_ info: ConstraintInfo) -> ConstraintInfo {
        var copy = info
        copy.location = map(copy.location)
        return copy
    }

    /// Rewrites every `specPath:line:column` inside a message.
    func map(text: String) -> String {
        let marker = specPath + ":"
        guard text.contains(marker) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            var scan = rest[range.upperBound...]
            let line = scan.prefix { $0.isASCII && $0.isNumber }
            scan = scan.dropFirst(line.count)
            var column: Substring = ""
            if scan.first == ":" {
                column = scan.dropFirst().prefix { $0.isASCII && $0.isNumber }
            }
            if let lineNumber = Int(line), let columnNumber = Int(column) {
                result += map(SourceLocation(file: specPath, line: lineNumber, column: columnNumber)).description
                rest = scan.dropFirst(1 + column.count)
            } else {
                result += marker
                rest = rest[range.upperBound...]
            }
        }
        return result + rest
    }

    func map(_ snapshot: inout LayoutSnapshot) {
        snapshot.diagnostics = snapshot.diagnostics.map(map)
        for index in snapshot.views.indices { snapshot.views[index].location = map(snapshot.views[index].location) }
        for index in snapshot.conflicts.indices {
            snapshot.conflicts[index].constraints = snapshot.conflicts[index].constraints.map(map)
            snapshot.conflicts[index].broken = map(snapshot.conflicts[index].broken)
        }
        for index in snapshot.unsatisfied.indices {
            snapshot.unsatisfied[index].constraint = map(snapshot.unsatisfied[index].constraint)
        }
        for index in snapshot.ambiguities.indices {
            snapshot.ambiguities[index].constraints = snapshot.ambiguities[index].constraints.map(map)
        }
    }

    func map(_ explanation: inout ViewExplanation) {
        explanation.view.location = map(explanation.view.location)
        explanation.constraints = explanation.constraints.map(map)
        if var ambiguity = explanation.ambiguity {
            ambiguity.constraints = ambiguity.constraints.map(map)
            explanation.ambiguity = ambiguity
        }
    }
}
