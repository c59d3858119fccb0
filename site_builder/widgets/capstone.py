"""The capstone's three parts: `{{ capstone("assemble" | "train" | "sample", cap, caption="...") }}`.

`cap` is the `capstone:capstone` provider's result (the reference run, the ladder, the pieces).
The parts share the learner's run through the browser's IndexedDB (static/js/capstone-store.js):
"train" saves it, "sample" reads the finished run. Python does the work (labkit.capstone,
through python-client.js), in a fresh page Python for each request, like any learner code.
"""

from site_builder.errors import WidgetError
from site_builder.widgets.kind import WidgetKind

PARTS = ("assemble", "train", "sample")
NEEDED = ("first_loss", "runs", "ladder", "pieces", "checkpoint_every", "held_out")


class Capstone(WidgetKind):
    name = "capstone"
    placed = "inline"
    template = "capstone.html"
    scripts = ("capstone.js",)
    styles = ("chart.css", "capstone.css")  # the loss curve is a live chart (chart-plot.js)

    def request(self, part, cap, *, caption):
        if part not in PARTS:
            raise WidgetError(f"capstone's first argument must be one of {', '.join(map(repr, PARTS))}, not {part!r}")
        if not isinstance(cap, dict) or any(key not in cap for key in NEEDED):
            raise WidgetError("capstone's second argument must be the capstone:capstone provider's result (name it in [numbers])")
        if not isinstance(caption, str) or not caption.strip():
            raise WidgetError(f"capstone caption must be a non-empty text in quotes, not {caption!r}")
        return {"part": part, "cap": cap, "caption": caption.strip()}

    def prepare(self, request, context, document):
        cap = request["cap"]
        config = {
            "part": request["part"], "firstLoss": cap["first_loss"], "runs": cap["runs"], "ladder": cap["ladder"],
            "pieces": [{**piece, **lab_page(context.course, piece["lab"])} for piece in cap["pieces"]],
            "checkpointEvery": cap["checkpoint_every"], "heldOut": cap["held_out"],
        }
        return {"capstone": {**request, "config": config}}


def lab_page(course, lab_id):
    """The lab's title and its lesson's address (from the site's root), for the table of pieces."""
    lab = course.labs.get(lab_id)
    if lab is None:
        raise WidgetError(f"the capstone needs lab {lab_id}, which this course does not have")
    lesson = next((lesson for lesson in course.lessons() if lesson.module_dir == lab.module_dir and lab.slug in lesson.lab_slugs), None)
    return {"title": lab.title, "url": f"{lesson.url}#lab-{lab.id.replace('/', '-')}" if lesson else ""}


KIND = Capstone()
