"""A grid of computed numbers: `{{ grid(counts.grid, caption="...") }}`.

The data is a provider's dict `{"values": [[...], ...], "rows": [...], "columns": [...]}`:
a matrix of finite numbers (square or not) with a label for every row and column. The
build checks it and writes every value as the page shows it; static/js/grid.js paints
each cell by its value, answers pointing and the keyboard (arrow keys, Home, End,
PageUp, PageDown) with a readout of the cell's row, column and number, and the same
numbers are in a plain table under it for screen readers and without JavaScript.

`scale` is how a value becomes a colour: "linear", or "sqrt" when a few large numbers
would leave every other cell the same dark colour (counts, say). The legend says which.
"""

import math

import jinja2

from site_builder.errors import WidgetError
from site_builder.widgets.chart import value_text
from site_builder.widgets.kind import WidgetKind

SCALES = ("linear", "sqrt")
MAX_SIDE = 64  # rows or columns; past this a cell is too small to point at
MAX_DIGITS = 6


class Grid(WidgetKind):
    name = "grid"
    placed = "inline"
    template = "grid.html"
    scripts = ("grid.js",)
    styles = ("grid.css",)

    def request(self, data, *, caption="", row_title="row", column_title="column", digits=0, scale="linear"):
        """The matrix and its labels, a caption, the two axes' titles, decimals and colour scale."""
        values, rows, columns = checked_matrix(data)
        for argument, text in (("caption", caption), ("row_title", row_title), ("column_title", column_title)):
            if not isinstance(text, str) or not text.strip():
                raise WidgetError(f"grid {argument} must be a non-empty text in quotes, not {text!r}")
        if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= MAX_DIGITS:
            raise WidgetError(f"grid digits must be a whole number from 0 to {MAX_DIGITS}, not {digits!r}")
        if scale not in SCALES:
            raise WidgetError(f"grid scale must be one of {', '.join(repr(s) for s in SCALES)}, not {scale!r}")
        return {
            "values": values, "rows": rows, "columns": columns, "caption": caption.strip(),
            "row_title": row_title.strip(), "column_title": column_title.strip(), "digits": digits, "scale": scale,
        }

    def prepare(self, request, context, document):
        digits = request["digits"]
        flat = [value for row in request["values"] for value in row]
        low, high = min(flat), max(flat)
        return {
            "grid": {
                **request,
                "texts": [[value_text(value, digits) for value in row] for row in request["values"]],
                "min": low,
                "max": high,
                "min_text": value_text(low, digits),
                "max_text": value_text(high, digits),
            }
        }


KIND = Grid()


def checked_matrix(data):
    """(values, row labels, column labels) from a provider's dict, or WidgetError saying what is wrong."""
    if isinstance(data, jinja2.Undefined):
        data._fail_with_undefined_error()  # the text named a key the provider lacks: say which
    keys = {"values", "rows", "columns"}
    if not isinstance(data, dict) or set(data) != keys:
        shown = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise WidgetError(f"grid data must be a provider's dict with exactly the keys 'values', 'rows' and 'columns', not {shown!r}")
    values, rows, columns = data["values"], data["rows"], data["columns"]
    for name, labels in (("rows", rows), ("columns", columns)):
        if not isinstance(labels, list) or not 1 <= len(labels) <= MAX_SIDE:
            raise WidgetError(f"grid data's {name!r} must be a list of 1 to {MAX_SIDE} labels")
        if not all(isinstance(label, str) and label.strip() for label in labels):
            raise WidgetError(f"grid data's {name!r} must hold labels (non-empty text)")
    if not isinstance(values, list) or len(values) != len(rows):
        raise WidgetError(f"grid data's 'values' must be a list of {len(rows)} rows, one per row label")
    for index, row in enumerate(values):
        if not isinstance(row, list) or len(row) != len(columns):
            raise WidgetError(f"grid data's row {index} must be a list of {len(columns)} numbers, one per column label")
        for value in row:
            if type(value) not in (int, float) or not math.isfinite(value):
                raise WidgetError(f"grid data's row {index} holds {value!r}; every value must be a finite number")
    return values, rows, columns
