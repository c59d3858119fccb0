"""A live training run of the learner's own function: `{{ training(lab="...", steps=..., ...) }}`.

Train runs the code in the lesson's lab editor (its `train_step`) on the counts the build
computed, in a fresh page Python (labkit.training, through python-client.js's `train`),
until the loss is at or below `target` (the loss it should reach) or for `steps` steps,
and draws the loss after each step as it arrives, beside a dashed line at `target`. The
page says when the target is reached. Stop ends the run at once.
"""

import math

import jinja2

from site_builder.errors import WidgetError
from site_builder.widgets.kind import WidgetKind

FUNCTION = "train_step"  # labkit.training calls this function of the lab's code
MAX_STEPS = 5000  # labkit.training.MAX_STEPS
MAX_SIDE = 64
TABLE_ROWS = 25  # the table under the curve keeps one loss in 1, 10, 100... steps: at most about this many rows


class Training(WidgetKind):
    name = "training"
    placed = "inline"
    template = "training.html"
    scripts = ("training.js",)
    styles = ("chart.css", "training.css")  # the loss curve is a live chart (chart-plot.js)

    def request(self, *, lab, steps, lr, counts, target, caption):
        """Which lab's code to train, at most how many steps at which learning rate, on which counts, down to which loss."""
        for argument, value in (("counts", counts), ("steps", steps), ("lr", lr), ("target", target)):
            if isinstance(value, jinja2.Undefined):
                value._fail_with_undefined_error()  # a key the provider lacks: say which
        if not isinstance(lab, str) or not lab:
            raise WidgetError(f"training lab must be the name of this lesson's lab, in quotes, not {lab!r}")
        if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
            raise WidgetError(f"training steps must be a whole number from 1 to {MAX_STEPS}, not {steps!r}")
        if not finite_number(lr) or lr <= 0:
            raise WidgetError(f"training lr must be a number above 0, not {lr!r}")
        if not finite_number(target):
            raise WidgetError(f"training target must be a number (the loss to approach), not {target!r}")
        if not is_count_table(counts):
            raise WidgetError(f"training counts must be a square table of whole numbers (at most {MAX_SIDE} rows), not all 0")
        if not isinstance(caption, str) or not caption.strip():
            raise WidgetError(f"training caption must be a non-empty text in quotes, not {caption!r}")
        return {"lab": lab, "steps": steps, "lr": lr, "counts": counts, "target": target, "caption": caption.strip()}

    def prepare(self, request, context, document):
        labs = context.course.labs.for_lesson(document) if document in context.course.lessons() else []
        lab = next((lab for lab in labs if lab.id.rsplit("/", 1)[-1] == request["lab"]), None)
        if lab is None:
            named = ", ".join(repr(lab.id.rsplit("/", 1)[-1]) for lab in labs) or "none"
            raise WidgetError(f"training lab {request['lab']!r} is not one of this lesson's labs ({named})")
        if FUNCTION not in lab.functions:
            raise WidgetError(f"training runs {FUNCTION}(), which lab {lab.id!r} does not ask for")
        start = math.log(len(request["counts"]))  # from a table of zeros every token is equally likely
        config = {
            "labId": lab.id, "steps": request["steps"], "lr": request["lr"], "counts": request["counts"],
            "target": request["target"], "start": start, "tableEvery": table_every(request["steps"]),
        }
        shown = {"target_text": f"{request['target']:.4f}"}  # as training.js writes every loss
        return {"training": {**request, **shown, "lab_id": lab.id, "lab_title": lab.title, "start": start, "config": config}}


KIND = Training()


def table_every(steps):
    every = 1
    while steps / every > TABLE_ROWS:
        every *= 10
    return every


def finite_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_count_table(counts):
    if not isinstance(counts, list) or not 1 <= len(counts) <= MAX_SIDE:
        return False
    rows_ok = all(isinstance(row, list) and len(row) == len(counts) for row in counts)
    cells = [c for row in counts for c in row] if rows_ok else []
    return rows_ok and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in cells) and any(cells)
