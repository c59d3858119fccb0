"""Charts of computed numbers: `{{ chart(lengths.histogram, kind="bars", x="...", y="...", caption="...") }}`.

The data is a provider's dict, `{"x": [...], "y": [...]}`: one label or number along the
x axis per point, one number up the y axis. The build checks it, writes each value as the
page shows it, and picks the y axis's ticks, so static/js/chart.js only lays the points
out at the width it finds. Every value is also in a table under the chart, for screen
readers and for anyone who wants the exact numbers.

`kind` chooses how the points are drawn. Bars come first; a line (a loss curve, a descent
path) takes the same data and is one more entry in CHART_KINDS here and in chart.js.
"""

import math

import jinja2

from site_builder.errors import WidgetError
from site_builder.widgets.kind import WidgetKind

CHART_KINDS = ("bars",)
MAX_POINTS = 60  # beyond this a bar is thinner than a finger and its label unreadable
MAX_DIGITS = 6
NICE_STEPS = (1, 2, 2.5, 5, 10)
TARGET_TICKS = 5


class Chart(WidgetKind):
    name = "chart"
    placed = "inline"
    template = "chart.html"
    scripts = ("chart.js",)
    styles = ("chart.css",)

    def request(self, data, *, kind="bars", x="", y="", caption="", digits=0):
        """The points to draw, how to draw them, both axes' labels and a caption."""
        points = checked_points(data)
        if kind not in CHART_KINDS:
            raise WidgetError(f"chart kind must be one of {', '.join(repr(k) for k in CHART_KINDS)}, not {kind!r}")
        for argument, text in (("x", x), ("y", y), ("caption", caption)):
            if not isinstance(text, str) or not text.strip():
                raise WidgetError(f"chart {argument} must be a non-empty text in quotes (what the {describe(argument)} says), not {text!r}")
        if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= MAX_DIGITS:
            raise WidgetError(f"chart digits must be a whole number from 0 to {MAX_DIGITS}, not {digits!r}")
        return {"kind": kind, "points": points, "x_label": x.strip(), "y_label": y.strip(), "caption": caption.strip(), "digits": digits}

    def prepare(self, request, context, document):
        values = [y for _, y in request["points"]]
        ticks = nice_ticks(min(0, *values), max(0, *values))
        digits = request["digits"]
        tick_digits = max(digits, decimals_needed(ticks))
        return {
            "chart": {
                "kind": request["kind"],
                "x_label": request["x_label"],
                "y_label": request["y_label"],
                "caption": request["caption"],
                "points": [{"x": label_text(x), "y": y, "text": value_text(y, digits)} for x, y in request["points"]],
                "ticks": [{"value": tick, "text": value_text(tick, tick_digits)} for tick in ticks],
            }
        }


KIND = Chart()


def describe(argument):
    return {"x": "x axis", "y": "y axis", "caption": "line under the chart"}[argument]


def checked_points(data):
    """[(x, y), ...] from a provider's {"x": [...], "y": [...]}, or WidgetError saying what is wrong."""
    if isinstance(data, jinja2.Undefined):
        data._fail_with_undefined_error()  # the text named a key the provider lacks: say which
    if not isinstance(data, dict) or set(data) != {"x", "y"}:
        shown = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise WidgetError(f"chart data must be a provider's dict with exactly the keys 'x' and 'y' (two lists of the same length), not {shown!r}")
    xs, ys = data["x"], data["y"]
    if not isinstance(xs, list) or not isinstance(ys, list) or len(xs) != len(ys):
        raise WidgetError("chart data's 'x' and 'y' must be two lists of the same length, one entry per point")
    if not 1 <= len(xs) <= MAX_POINTS:
        raise WidgetError(f"chart data must have 1 to {MAX_POINTS} points, not {len(xs)}")
    for x in xs:
        if not (isinstance(x, str) and x.strip()) and not is_number(x):
            raise WidgetError(f"chart data's 'x' must hold labels (text) or numbers, not {x!r}")
    for y in ys:
        if not is_number(y) or not math.isfinite(y):
            raise WidgetError(f"chart data's 'y' must hold finite numbers, not {y!r}")
    return list(zip(xs, ys))


def is_number(value):
    return type(value) in (int, float)  # True is an int to Python, but no number to plot


def label_text(x):
    return x if isinstance(x, str) else value_text(x, 0 if float(x).is_integer() else 2)


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
