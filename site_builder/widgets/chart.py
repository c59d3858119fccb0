"""Charts of computed numbers: `{{ chart(lengths.histogram, kind="bars", x="...", y="...", caption="...") }}`.

The data is a provider's dict, `{"x": [...], "y": [...]}`: one label or number along the
x axis per point, one number up the y axis. It may add `"labels"`, one text per point
that the table and the readouts show in place of its x (a block of steps, "0–49", drawn
at its middle, 24.5). The build checks it, writes each value as the
page shows it, and picks the y axis's ticks, so static/js/chart.js only lays the points
out at the width it finds. Every value is also in a table under the chart, for screen
readers and for anyone who wants the exact numbers.

`kind` chooses how the points are drawn, one entry each in CHART_KINDS here and in
chart.js. "bars": one column per point, any labels along x. "line": a curve through points
whose x are numbers, in increasing order (a loss curve, the loss against a weight), with a
numeric x axis of its own round ticks; `marks` can put a second series of points on it
(the steps of a descent), joined in their order, and the keyboard then walks the marks.
"""

import math

import jinja2

from site_builder.errors import WidgetError
from site_builder.widgets.kind import WidgetKind

CHART_KINDS = ("bars", "line")
MAX_POINTS = 60  # beyond this a bar is thinner than a finger and its label unreadable
MAX_LINE_POINTS = 1000  # a line can be dense (a loss at every training step); its table still lists them all
MAX_DIGITS = 6
NICE_STEPS = (1, 2, 2.5, 5, 10)
TARGET_TICKS = 5


class Chart(WidgetKind):
    name = "chart"
    placed = "inline"
    template = "chart.html"
    scripts = ("chart.js",)
    styles = ("chart.css",)

    def request(self, data, *, kind="bars", x="", y="", caption="", digits=0, x_digits=None, marks=None, marks_label=""):
        """The points to draw, how to draw them, both axes' labels and a caption; for a line, marks on it."""
        if kind not in CHART_KINDS:
            raise WidgetError(f"chart kind must be one of {', '.join(repr(k) for k in CHART_KINDS)}, not {kind!r}")
        line = kind == "line"
        points = checked_points(data, MAX_LINE_POINTS if line else MAX_POINTS, numeric_x=line)
        labels = checked_labels(data, len(points))
        if line and len(points) < 2:
            raise WidgetError(f"chart data for a line needs at least 2 points, not {len(points)}")
        if line and any(b[0] <= a[0] for a, b in zip(points, points[1:])):
            raise WidgetError("chart data for a line must have its 'x' numbers in increasing order (the curve is drawn left to right)")
        for argument, text in (("x", x), ("y", y), ("caption", caption)):
            if not isinstance(text, str) or not text.strip():
                raise WidgetError(f"chart {argument} must be a non-empty text in quotes (what the {describe(argument)} says), not {text!r}")
        for argument, value in (("digits", digits), ("x_digits", x_digits)):
            if argument == "x_digits" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DIGITS:
                raise WidgetError(f"chart {argument} must be a whole number from 0 to {MAX_DIGITS}, not {value!r}")
        marked = checked_marks(marks, marks_label, line)
        return {
            "kind": kind,
            "points": points,
            "labels": labels,
            "x_label": x.strip(),
            "y_label": y.strip(),
            "caption": caption.strip(),
            "digits": digits,
            "x_digits": x_digits,
            "marks": marked,
            "marks_label": marks_label.strip(),
        }

    def prepare(self, request, context, document):
        digits, x_digits = request["digits"], request["x_digits"]
        every = request["points"] + request["marks"]
        values = [y for _, y in every]
        if request["kind"] == "line":
            ticks = nice_ticks(min(values), max(values))  # a line need not start at 0: loss curves sit far above it
        else:
            ticks = nice_ticks(min(0, *values), max(0, *values))
        chart = {
            "kind": request["kind"],
            "x_label": request["x_label"],
            "y_label": request["y_label"],
            "caption": request["caption"],
            "points": [point_data(x, y, digits, x_digits, label) for (x, y), label in zip(request["points"], request["labels"])],
            "ticks": tick_data(ticks, 0 if request["kind"] == "line" else digits),  # a line's ticks need only tell themselves apart
        }
        if request["kind"] == "line":
            xs = [x for x, _ in every]
            chart["x_ticks"] = tick_data(nice_ticks(min(xs), max(xs)), 0)
            chart["marks"] = [point_data(x, y, digits, x_digits) for x, y in request["marks"]]
            chart["marks_label"] = request["marks_label"]
        return {"chart": chart}


KIND = Chart()


def describe(argument):
    return {"x": "x axis", "y": "y axis", "caption": "line under the chart"}[argument]


def checked_points(data, most=MAX_POINTS, numeric_x=False, what="chart data"):
    """[(x, y), ...] from a provider's {"x": [...], "y": [...]}, or WidgetError saying what is wrong."""
    if isinstance(data, jinja2.Undefined):
        data._fail_with_undefined_error()  # the text named a key the provider lacks: say which
    if not isinstance(data, dict) or set(data) not in ({"x", "y"}, {"x", "y", "labels"}):
        shown = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise WidgetError(f"{what} must be a provider's dict with the keys 'x' and 'y' (two lists of the same length), and perhaps 'labels', not {shown!r}")
    xs, ys = data["x"], data["y"]
    if not isinstance(xs, list) or not isinstance(ys, list) or len(xs) != len(ys):
        raise WidgetError(f"{what}'s 'x' and 'y' must be two lists of the same length, one entry per point")
    if not 1 <= len(xs) <= most:
        raise WidgetError(f"{what} must have 1 to {most} points, not {len(xs)}")
    for x in xs:
        if numeric_x and not (is_number(x) and math.isfinite(x)):
            raise WidgetError(f"{what}'s 'x' must hold finite numbers for a line (its x axis is a scale), not {x!r}")
        if not (isinstance(x, str) and x.strip()) and not is_number(x):
            raise WidgetError(f"{what}'s 'x' must hold labels (text) or numbers, not {x!r}")
    for y in ys:
        if not is_number(y) or not math.isfinite(y):
            raise WidgetError(f"{what}'s 'y' must hold finite numbers, not {y!r}")
    return list(zip(xs, ys))


def checked_labels(data, count):
    """The text shown for each point's x: the data's "labels" if it has them, else None for each."""
    labels = data.get("labels")
    if labels is None:
        return [None] * count
    if not isinstance(labels, list) or len(labels) != count or not all(isinstance(label, str) and label.strip() for label in labels):
        raise WidgetError("chart data's 'labels' must be a list of texts, one per point (what the table shows for its x)")
    return labels


def checked_marks(marks, label, line):
    """The marks put on a line, checked like its points; none for a chart without them."""
    if marks is None:
        if label:
            raise WidgetError(f"chart marks_label names marks the call does not give: add marks=..., or drop marks_label={label!r}")
        return []
    if not line:
        raise WidgetError("chart marks go on a line: use kind=\"line\", or drop marks=...")
    if not isinstance(label, str) or not label.strip():
        raise WidgetError(f"chart marks_label must be a non-empty text in quotes (what each mark is, such as \"step\"), not {label!r}")
    return checked_points(marks, MAX_POINTS, numeric_x=True, what="chart marks")


def point_data(x, y, digits, x_digits, label=None):
    """One point as the page needs it: its x as a number (for a line's scale) and both as text."""
    return {"x": label or label_text(x, x_digits), "at": x if is_number(x) else None, "y": y, "text": value_text(y, digits)}


def tick_data(ticks, digits):
    tick_digits = max(digits, decimals_needed(ticks))
    return [{"value": tick, "text": value_text(tick, tick_digits)} for tick in ticks]


def is_number(value):
    return type(value) in (int, float)  # True is an int to Python, but no number to plot


def label_text(x, digits=None):
    if isinstance(x, str):
        return x
    return value_text(x, digits if digits is not None else 0 if float(x).is_integer() else 2)


def value_text(value, digits):
    """As the page prints a value: thousands separators, `digits` decimals, a true minus sign."""
    text = f"{value:,.{digits}f}"
    if float(text.replace(",", "")) == 0:
        text = f"{0:.{digits}f}"
    return text.replace("-", "−")


def nice_ticks(lo, hi):
    """Round numbers from at or below `lo` to at or above `hi`, about TARGET_TICKS of them."""
    if hi == lo:
        hi = lo + 1
    rough = (hi - lo) / TARGET_TICKS
    power = 10 ** math.floor(math.log10(rough))
    step = next(nice * power for nice in NICE_STEPS if nice * power >= rough)
    first = math.floor(lo / step + 1e-9)
    last = math.ceil(hi / step - 1e-9)
    return [round(index * step, 10) for index in range(first, last + 1)]


def decimals_needed(ticks):
    """How many decimals the ticks need to tell them apart (0.25 needs 2)."""
    for digits in range(MAX_DIGITS + 1):
        if all(abs(tick - round(tick, digits)) < 1e-9 for tick in ticks):
            return digits
    return MAX_DIGITS
