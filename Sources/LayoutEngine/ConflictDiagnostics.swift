import Diagnostics

/// Turns the conflicts the engine resolved into diagnostics: one error per
/// conflict set, at the member that was broken, naming every other member once
/// with its file:line:col. (One error per member, each listing all the others,
/// made a chain of nested conflicts cubic in output.)
enum ConflictDiagnostics {
    /// Members named in one diagnostic; the rest are counted.
    static let listedMembers = 20

    /// One conflict set: the member left out and the members kept.
    struct Conflict {
        var broken: ConstraintInfo
        var kept: [ConstraintInfo]
    }

    static func diagnostics(for conflicts: [Conflict]) -> [Diagnostic] {
        conflicts.map(diagnostic)
    }

    static func diagnostic(for conflict: Conflict) -> Diagnostic {
        var seen: Set<String> = []
        var names: [String] = []
        for member in conflict.kept where seen.insert("\(member.location)|\(member.text)").inserted {
            names.append("`\(member.text)` (\(member.location))")
        }
        var list = names.prefix(listedMembers).joined(separator: ", ")
        if names.count > listedMembers { list += " and \(names.count - listedMembers) more" }
        return Diagnostic(
            .error, .engineConflict,
            "required constraint `\(conflict.broken.text)` conflicts with \(list); it was broken (left out)",
            at: conflict.broken.location,
            hint: "the engine breaks the member edited most recently; remove or relax one of them")
    }
}
