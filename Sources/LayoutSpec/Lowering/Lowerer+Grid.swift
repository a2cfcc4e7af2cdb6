extension Lowerer {
    /// A `grid`: children fill equal cells row by row (CSS auto-placement,
    /// without back-filling), spanning `span` columns and `row-span` rows.
    /// Two auxiliary variables, `~column-width` and `~row-height`, size the tracks.
    mutating func lowerGrid(_ view: Int) {
        let kids = children[view]
        let columnsParam = parameter("columns", of: view)
        let header = SourceSpan(start: headers[view], end: headers[view] + kinds[view].rawValue.utf8.count)
        var columns = 1
        // Columns from a stylesheet may change on resize (@media): spans then clamp quietly.
        var columnsFromStyle = false
        if let columnsParam, case .style(let name) = columnsParam.value {
            columnsFromStyle = true
            if let count = structuralCount(name, of: view, at: columnsParam.valueSpan) { columns = count }
        } else if let columnsParam {
            columns = countParameter(columnsParam, of: view) ?? 1
        } else if let count = structuralCount("columns", of: view, at: header, reportUnset: false) {
            columns = count
            columnsFromStyle = true
        } else {
            diagnostics.warning(.layoutParameter,
                "grid '\(ids[view])' has no 'columns'; it lays out one column", at: header,
                hint: "add [columns=N], or set columns in a stylesheet")
        }
        let gapParam = parameter("gap", of: view)
        let gap = gapParam.flatMap { lengthParameter($0, of: view) } ?? .constant(0)
        let columnGap = parameter("column-gap", of: view).flatMap { lengthParameter($0, of: view) } ?? gap
        let rowGap = parameter("row-gap", of: view).flatMap { lengthParameter($0, of: view) } ?? gap
        let padding = padding(of: view)

        // Placement.
        var occupied: [[Bool]] = []
        var cursorRow = 0, cursorColumn = 0
        var cells: [(child: Int, row: Int, column: Int, span: Int, rowSpan: Int, at: Int)] = []
        for child in kids {
            var span = 1, rowSpan = 1
            var at = headers[child]
            if let param = parameter("span", of: child), let value = countParameter(param, of: child) {
                span = value
                at = param.name.span.start
                if span > columns && !columnsFromStyle {
                    diagnostics.warning(.layoutParameter,
                        "span \(span) is wider than the grid's \(columns) columns; it spans \(columns)", at: param.valueSpan)
                }
                span = min(span, columns)
            }
            if let param = parameter("row-span", of: child), let value = countParameter(param, of: child) {
                rowSpan = min(value, 10_000)
            }
            // The first free place at or after the cursor, row by row.
            var row = cursorRow, column = cursorColumn
            while true {
                if column + span > columns {
                    row += 1
                    column = 0
                    continue
                }
                if Self.isFree(occupied, row: row, column: column, span: span, rowSpan: rowSpan) { break }
                column += 1
            }
            while occupied.count < row + rowSpan { occupied.append(Array(repeating: false, count: columns)) }
            for r in row..<(row + rowSpan) {
                for c in column..<(column + span) { occupied[r][c] = true }
            }
            cells.append((child, row, column, span, rowSpan, at))
            cursorRow = row
            cursorColumn = column + span
        }
        var rows = occupied.count
        if let param = parameter("rows", of: view), let value = countParameter(param, of: view) {
            rows = max(rows, value)
        }

        // Tracks: the grid's size is its cells, gaps and padding.
        let columnWidth = Variable.auxiliary(owner: ids[view], name: "column-width")
        let rowHeight = Variable.auxiliary(owner: ids[view], name: "row-height")
        let headerAt = offset(of: columnsParam, or: view)
        var width = LinearExpression.variable(columnWidth, Double(columns)) + columnGap.scaled(by: Double(columns - 1))
        width.add(padding.left + padding.right)
        emit(view, "grid.columns", .attribute(view, .width), .equal, width, .required, at: headerAt)
        var height = LinearExpression.variable(rowHeight, Double(rows)) + rowGap.scaled(by: Double(rows - 1))
        height.add(padding.top + padding.bottom)
        emit(view, "grid.rows", .attribute(view, .height), .equal, height, .required, at: headerAt)

        for cell in cells {
            var left = edge(view, .left) + padding.left
            left.add(.variable(columnWidth, Double(cell.column)) + columnGap.scaled(by: Double(cell.column)))
            emit(view, "grid.col", .attribute(cell.child, .left), .equal, left, .required, at: cell.at)
            var top = edge(view, .top) + padding.top
            top.add(.variable(rowHeight, Double(cell.row)) + rowGap.scaled(by: Double(cell.row)))
            emit(view, "grid.row", .attribute(cell.child, .top), .equal, top, .required, at: cell.at)
            // Strong, not required: a child with its own size keeps it, at the cell's top-left.
            let cellWidth = LinearExpression.variable(columnWidth, Double(cell.span)) + columnGap.scaled(by: Double(cell.span - 1))
            emit(view, "grid.width", .attribute(cell.child, .width), .equal, cellWidth, .strong, at: cell.at)
            let cellHeight = LinearExpression.variable(rowHeight, Double(cell.rowSpan)) + rowGap.scaled(by: Double(cell.rowSpan - 1))
            emit(view, "grid.height", .attribute(cell.child, .height), .equal, cellHeight, .strong, at: cell.at)
        }
    }

    /// A whole-number structural style value of a view (recorded for reloads), or nil.
    /// `reportUnset`: say so when no stylesheet sets it.
    private mutating func structuralCount(
        _ written: String, of view: Int, at span: SourceSpan, reportUnset: Bool = true
    ) -> Int? {
        let name = written.hasPrefix("$") ? String(written.dropFirst()) : written
        guard name == "columns" else {
            diagnostics.error(.layoutStyleValue,
                "a grid's columns must be a number or $columns, not $\(name)", at: span,
                hint: "set 'columns' in a stylesheet and write [columns=$columns]")
            return nil
        }
        let value = styles?(ids[view], name)
        structuralReads.append(StructuralRead(view: ids[view], name: name, value: value))
        guard let value else {
            if reportUnset {
                diagnostics.warning(.layoutStyleValue,
                    "no stylesheet sets columns for grid '\(ids[view])'; it lays out one column", at: span,
                    hint: "e.g. #\(ids[view]) { columns 2 }")
            }
            return nil
        }
        guard value == value.rounded(), value >= 1, value <= 10_000 else { return nil }
        return Int(value)
    }

    private static func isFree(_ occupied: [[Bool]], row: Int, column: Int, span: Int, rowSpan: Int) -> Bool {
        for r in row..<(row + rowSpan) where r < occupied.count {
            for c in column..<(column + span) where occupied[r][c] { return false }
        }
        return true
    }
}
