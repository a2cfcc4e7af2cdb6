import Cassowary
import LayoutSpec

/// The four solver variables of a view. Every attribute is a linear expression
/// of these: `right` is `left + width`, `centerX` is `left + width / 2`, and so on,
/// so a view costs the solver four unknowns whatever its rules mention.
struct ViewVariables: Sendable {
    let left: SolverVariable
    let top: SolverVariable
    let width: SolverVariable
    let height: SolverVariable

    init(id: String) {
        left = SolverVariable(id + ".left")
        top = SolverVariable(id + ".top")
        width = SolverVariable(id + ".width")
        height = SolverVariable(id + ".height")
    }

    /// In slot order: left, top, width, height.
    var all: [SolverVariable] { [left, top, width, height] }

    /// Appends `coefficient × attribute` as terms over the four variables.
    func append(_ attribute: Attribute, times coefficient: Double, to terms: inout [SolverTerm]) {
        switch attribute {
        case .left: terms.append(SolverTerm(left, coefficient))
        case .top: terms.append(SolverTerm(top, coefficient))
        case .width: terms.append(SolverTerm(width, coefficient))
        case .height: terms.append(SolverTerm(height, coefficient))
        case .right:
            terms.append(SolverTerm(left, coefficient))
            terms.append(SolverTerm(width, coefficient))
        case .bottom:
            terms.append(SolverTerm(top, coefficient))
            terms.append(SolverTerm(height, coefficient))
        case .centerX:
            terms.append(SolverTerm(left, coefficient))
            terms.append(SolverTerm(width, coefficient * 0.5))
        case .centerY:
            terms.append(SolverTerm(top, coefficient))
            terms.append(SolverTerm(height, coefficient * 0.5))
        }
    }
}

/// Which view slot a solver variable is, for turning the solver's changed
/// variables into changed frames.
struct VariableSlot: Hashable, Sendable {
    var view: Int
    /// 0 left, 1 top, 2 width, 3 height.
    var slot: Int
}

/// Every solver variable of the session: per view id (kept across reloads, so a
/// view that stays keeps its variables and its solution) and per auxiliary name.
struct VariableRegistry: Sendable {
    private var byID: [String: ViewVariables] = [:]
    private var auxiliary: [AuxiliaryKey: SolverVariable] = [:]
    /// Per view of the applied document, in its order.
    private(set) var perView: [ViewVariables] = []
    /// Solver variable to view slot, for the applied document.
    private(set) var slots: [SolverVariable: VariableSlot] = [:]

    private struct AuxiliaryKey: Hashable, Sendable {
        var owner: String
        var name: String
    }

    /// Matches the registry to a document's views: keeps the variables of views
    /// that stay, makes new ones, forgets the rest.
    mutating func adopt(_ views: [ViewDeclaration]) {
        var kept: [String: ViewVariables] = [:]
        kept.reserveCapacity(views.count)
        perView = []
        perView.reserveCapacity(views.count)
        slots = [:]
        slots.reserveCapacity(views.count * 4)
        for (index, view) in views.enumerated() {
            let variables = byID[view.id] ?? ViewVariables(id: view.id)
            kept[view.id] = variables
            perView.append(variables)
            for (slot, variable) in variables.all.enumerated() {
                slots[variable] = VariableSlot(view: index, slot: slot)
            }
        }
        byID = kept
        auxiliary = auxiliary.filter { kept[$0.key.owner] != nil }
    }

    func variables(ofView index: Int) -> ViewVariables { perView[index] }

    /// The variables of a view by id; a view the document does not have (which
    /// lowering never lets through) gets fresh variables nothing else mentions.
    func variables(of id: String, index: [String: Int]) -> ViewVariables {
        if let position = index[id] { return perView[position] }
        return byID[id] ?? ViewVariables(id: id)
    }

    mutating func auxiliary(owner: String, name: String) -> SolverVariable {
        let key = AuxiliaryKey(owner: owner, name: name)
        if let existing = auxiliary[key] { return existing }
        let variable = SolverVariable("\(owner).~\(name)")
        auxiliary[key] = variable
        return variable
    }

    /// Appends `coefficient × variable` for a spec variable.
    mutating func append(
        _ variable: LayoutSpec.Variable, times coefficient: Double, index: [String: Int], to terms: inout [SolverTerm]
    ) {
        switch variable {
        case .attribute(let view, let attribute):
            variables(of: view, index: index).append(attribute, times: coefficient, to: &terms)
        case .auxiliary(let owner, let name):
            terms.append(SolverTerm(auxiliary(owner: owner, name: name), coefficient))
        }
    }
}
