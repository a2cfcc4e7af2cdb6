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
        guard !conflict.kept.isEmpty else { return selfContradiction(conflict.broken) }
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

    /// A conflict of one member: the constraint contradicts itself
    /// (`height == height + 1`), whatever the other constraints say.
    static func selfContradiction(_ broken: ConstraintInfo) -> Diagnostic {
        Diagnostic(
            .error, .engineConflict,
            "required constraint `\(broken.text)` can never hold: its terms cancel out and leave a false statement; it was broken (left out)",
            at: broken.location,
            hint: "an attribute on both sides with the same factor cancels out: compare it with another attribute or a number")
    }
}
