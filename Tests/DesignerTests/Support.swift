import Canvas
import Cells
import LayoutEngine
import Stylesheet
import Testing

@testable import Designer
@testable import Presentation

/// A small spec: a screen with two boxes side by side and a text.
let twoBoxesSpec = """
    use "look.cas"
    screen root {
      box alpha .panel "Alpha" {
        top == 1
        left == 1
        size == $size
      }
      box beta .panel "Beta" {
        top == alpha.top
        size == alpha
        left == alpha.right + 2   as gap
      }
      text note "hello" { left == 1; bottom == parent.bottom - 1 }
    }
    """

let twoBoxesStyle = """
    box
      size 12 5
      border single
    #alpha
      bg blue
    #beta
      bg red
    box[state:selected]
      border double
    """

func twoBoxesFiles() -> EditableFiles {
    EditableFiles(["spec.layout": twoBoxesSpec, "look.cas": twoBoxesStyle])
}

func makeDesigner(
    _ files: EditableFiles, spec: String = "spec.layout", width: Int = 60, height: Int = 20, inspector: Bool = false
) -> DesignerState {
    var designer = DesignerState(
        specPath: spec, reader: files.reader, screen: TerminalSize(width: width, height: height),
        inspectorVisible: inspector)
    designer.load()
    return designer
}

extension Grid {
    /// The rows as text, for `contains` checks.
    var text: String { plainText() }
}
