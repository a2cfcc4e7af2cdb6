import Canvas
import TerminalUI

extension RenderCommand {
    /// The depth `--colors` names; `auto` asks the environment, and terminfo
    /// when the environment only says "some colours" (`TERM=screen` or `xterm`
    /// have 8). An SVG is not shown by a terminal, so it gets true colour.
    static func depth(
        _ choice: String, format: Format, environment: [String: String],
        terminfo: (String) -> TerminalColorSupport? = TerminalColorSupport.terminfo(term:)
    ) -> ColorDepth {
        if let named = ColorDepth(argument: choice) { return named }
        if format == .svg { return .trueColor }
        let detected = ColorDepth.detect(environment: environment)
        guard detected == .ansi16, let term = environment["TERM"], !term.isEmpty,
              let described = terminfo(term)?.depth, described == .ansi8 else { return detected }
        return .ansi8
    }
}
