import Cassowary
import LayoutSpec

/// The four solver variables of a view. Every attribute is a linear expression
/// of these: `right` is `left + width`, `centerX` is `left + width / 2`, and so on,
/// so a view costs the solver four unknowns whatever its rules mention.
///
/// A class: the variables are looked up for every term of every constraint,
/// and a struct of five strings costs five retains and releases per copy.
final class ViewVariables: Sendable {
    let left: SolverVariable
    let top: SolverVariable
    let width: SolverVariable
    let height: SolverVariable
    /// The view's id, and a number the registry gave these variables (it never
    /// changes, while the view's index does when views come or go).
    let id: String
    let key: Int

    init(id: String, key: Int = -1) {
        left = SolverVariable(id + ".left")
        top = SolverVariable(id + ".top")
        width = SolverVariable(id + ".width")
        height = SolverVariable(id + ".height")
        self.id = id
        self.key = key
    }

    /// In slot order: left, top, width, height.
    var all: [SolverVariable] { [left, top, width, height] }

    /// The variable in a slot: 0 left, 1 top, 2 width, 3 height.
    func variable(slot: Int) -> SolverVariable {
        switch slot {
        case 0: left
        case 1: top
        case 2: width
        default: height
        }
    }

    /// Appends `coefficient × attribute` as terms over the four variables.
    func append(_ attribute: Attribute, times coefficient: Double, to terms: inout [SolverTerm]) {
        // A constraint's terms start with a view's attribute and rarely pass four:
        // room for them at once, not three reallocations on the way (a load
        // builds tens of thousands of constraints).
        if terms.capacity == 0 { terms.reserveCapacity(4) }
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

/// Every solver variable of the session: per view of the applied document
/// (kept across reloads, so a view that stays keeps its variables and its
/// solution) and per auxiliary name.
struct VariableRegistry: Sendable {
    private var auxiliary: [AuxiliaryKey: SolverVariable] = [:]
    /// Per view of the applied document, in its order.
    private(set) var perView: [ViewVariables] = []
    /// Solver variable to its view's key and its slot in the view.
    private var keySlots = VariableSlotTable()
    /// Per key, the index of its view in the applied document (-1: gone).
    private var indexOfKey: [Int] = []

    private struct AuxiliaryKey: Hashable, Sendable {
        var owner: String
        var name: String
    }

    /// Matches the registry to a document's views: keeps the variables of views
    /// that stay (`previousIndices`: each view's index in the document adopted
    /// before, if it was there), makes new ones, forgets the rest. Only the views
    /// that came or went touch the tables.
    mutating func adopt(_ views: [ViewDeclaration], previousIndices: [Int?]) {
        let before = perView
        var stays = [Bool](repeating: false, count: before.count)
        var next: [ViewVariables] = []
        next.reserveCapacity(views.count)
        keySlots.reserveCapacity(forAddingViews: views.count - min(views.count, before.count))
        for index in views.indices {
            if let old = previousIndices[index] {
                next.append(before[old])
                stays[old] = true
                continue
            }
            let variables = ViewVariables(id: views[index].id, key: indexOfKey.count)
            indexOfKey.append(-1)
            keySlots.insert(variables)
            next.append(variables)
        }
        var gone: Set<String> = []
        for index in before.indices where !stays[index] {
            gone.insert(before[index].id)
            indexOfKey[before[index].key] = -1
            keySlots.remove(before[index])
        }
        if !gone.isEmpty { auxiliary = auxiliary.filter { !gone.contains($0.key.owner) } }
        for index in next.indices { indexOfKey[next[index].key] = index }
        perView = next
    }

    /// Which view slot a solver variable is, if it is one of a view's four.
    func slot(of variable: SolverVariable) -> VariableSlot? {
        guard let found = keySlots.keyAndSlot(of: variable) else { return nil }
        let view = indexOfKey[found.key]
        return view < 0 ? nil : VariableSlot(view: view, slot: found.slot)
    }

    func variables(ofView index: Int) -> ViewVariables { perView[index] }

    mutating func auxiliary(owner: String, name: String) -> SolverVariable {
        let key = AuxiliaryKey(owner: owner, name: name)
        if let existing = auxiliary[key] { return existing }
        let variable = SolverVariable("\(owner).~\(name)")
        auxiliary[key] = variable
        return variable
    }

    /// Appends `coefficient × variable` for a spec variable. A view the
    /// document does not have (which lowering never lets through) gets fresh
    /// variables nothing else mentions.
    mutating func append(
        _ variable: LayoutSpec.Variable, times coefficient: Double, index: [String: Int], to terms: inout [SolverTerm]
    ) {
        switch variable {
        case .attribute(let view, let attribute):
            if let position = index[view] {
                perView[position].append(attribute, times: coefficient, to: &terms)
            } else {
                ViewVariables(id: view).append(attribute, times: coefficient, to: &terms)
            }
        case .auxiliary(let owner, let name):
            terms.append(SolverTerm(auxiliary(owner: owner, name: name), coefficient))
        }
    }
}
