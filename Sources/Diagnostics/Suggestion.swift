/// "Did you mean …?" for unknown names: the closest candidate by edit distance.
public enum Suggestion {
    /// Words longer than this many characters get no suggestion.
    public static let maximumWordLength = 64

    /// The candidate nearest to `word`, ignoring case, `-`/`_` and camel-case
    /// spelling differences, or nil when nothing is close enough to help.
    public static func closest<S: Sequence>(to word: String, among candidates: S) -> String?
    where S.Element == String {
        // No known name is anywhere near this long: a longer word is not a typo
        // of one, and comparing it would cost its length against every candidate.
        guard word.utf8.count <= maximumWordLength * 4 else { return nil }
        let key = normalized(word)
        guard !key.isEmpty, key.count <= maximumWordLength else { return nil }
        // Allow roughly one typo per three characters, at least one.
        let limit = max(1, key.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = normalized(candidate)
            // The distance is at least the difference in length: skip without comparing.
            guard abs(other.count - key.count) <= limit else { continue }
            let distance = editDistance(key, other)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance
                || (distance == best!.distance && candidate < best!.name)
            {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// A hint sentence, or nil when there is nothing to suggest.
    public static func hint<S: Sequence>(for word: String, among candidates: S) -> String?
    where S.Element == String {
        closest(to: word, among: candidates).map(hint(offering:))
    }

    /// `did you mean 'name'?`: the hint of a diagnostic whose `suggestion` is `name`.
    public static func hint(offering name: String) -> String {
        "did you mean '\(name)'?"
    }

    static func normalized(_ name: String) -> [Character] {
        Array(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
