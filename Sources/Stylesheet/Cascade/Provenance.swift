import Diagnostics

/// One declaration as it applied to one property of one view.
public struct AppliedDeclaration: Sendable {
    /// The computed property the declaration set (one of several for a shorthand).
    public let property: StyleProperty
    /// The value the declaration gave that property.
    public let value: StyleValue
    /// The rule's written-out selector (nesting flattened).
    public let selector: String
    /// The rule's specificity plus the declaration's own `[state:…]` arguments.
    public let specificity: Specificity
    /// Where the declaration is written.
    public let location: SourceLocation
    /// The declaration as written: `border-color[state:selected] yellow`.
    public let text: String
    /// Indices into `Stylesheet.rules` and `Stylesheet.declarations`.
    public let rule: Int
    /// Index into `Stylesheet.declarations`.
    public let declaration: Int
}

/// Why a view's property has its value: the winning declaration, and the ones it
/// beat, strongest first. A property no declaration sets has no provenance (it has
/// its default).
public struct PropertyProvenance: Sendable {
    /// The computed property this explains.
    public let property: StyleProperty
    /// The declaration whose value the view has.
    public let winner: AppliedDeclaration
    /// The other matching declarations for the property, strongest first.
    public let overridden: [AppliedDeclaration]
}

extension CascadeResult {
    /// The provenance of every property some declaration set on the view, in
    /// `StyleProperty` order.
    public func provenance(ofView view: Int) -> [PropertyProvenance] {
        var result: [PropertyProvenance] = []
        var group: [CascadeRecord] = []
        for record in matcher.records(of: view) {
            if let first = group.first, first.property != record.property {
                result.append(provenance(of: group))
                group.removeAll()
            }
            group.append(record)
        }
        if !group.isEmpty { result.append(provenance(of: group)) }
        return result
    }

    /// The provenance of one property of a view; nil when the property has its default.
    public func provenance(ofView view: Int, property: StyleProperty) -> PropertyProvenance? {
        let wanted = property.ordinal
        let group = matcher.records(of: view).filter { $0.property == wanted }
        return group.isEmpty ? nil : provenance(of: group)
    }

    private func provenance(of group: [CascadeRecord]) -> PropertyProvenance {
        let applied = group.map(applied)
        return PropertyProvenance(property: applied[0].property, winner: applied[0], overridden: Array(applied.dropFirst()))
    }

    private func applied(_ record: CascadeRecord) -> AppliedDeclaration {
        let index = stylesheet.index
        let declaration = Int(index.entryDeclaration[record.entry])
        let rule = Int(record.rule)
        // Only the parts shown: building the whole rule and declaration would also
        // copy out their media and values.
        let linked = stylesheet.rules.linked
        var specificity = linked.specificity(ofRule: rule)
        specificity.classes += linked.stateCount(ofDeclaration: declaration)
        return AppliedDeclaration(
            property: StyleProperty.byOrdinal[record.property], value: index.entryValues[record.entry],
            selector: linked.selector(ofRule: rule).description, specificity: specificity,
            location: linked.location(ofDeclaration: declaration), text: linked.sourceText(ofDeclaration: declaration),
            rule: rule, declaration: declaration)
    }
}
