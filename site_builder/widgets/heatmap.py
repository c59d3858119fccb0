"""The attention heatmap: the trained model's weights for names an author picks, `{{ heatmap("emma") }}`.

The presets' maps are computed here and written into the page, so they show before
Python has loaded; static/js/heatmap.js computes any other name the reader types.
"""

import json
import re

from site_builder.constants import HEADS, MAX_NAME_LETTERS
from site_builder.errors import WidgetError
from site_builder.memo import digest
from site_builder.widgets.kind import WidgetKind

PRESET_NAME = re.compile(rf"^[a-z]{{1,{MAX_NAME_LETTERS}}}$")
VIEWS = ("weights", "scores")


class Heatmap(WidgetKind):
    name = "heatmap"
    placed = "inline"
    template = "heatmap.html"
    scripts = ("heatmap.js",)

    def request(self, *names, head=1, view="weights", caption="", side_by_side=False):
        """The names to offer (the first is shown first), which head, and which view.

        `side_by_side=True` draws every head at once, one grid each, on one colour scale
        (there is then no head switch, and `head` is not used)."""
        names = names or ("emma",)
        bad = [name for name in names if not isinstance(name, str) or not PRESET_NAME.match(name)]
        if bad:
            raise WidgetError(f"heatmap names must be 1 to {MAX_NAME_LETTERS} lower-case letters a-z, not {bad[0]!r}")
        if isinstance(head, bool) or head not in range(1, HEADS + 1):  # True == 1, but is no head
            raise WidgetError(f"heatmap head must be 1 to {HEADS}, not {head!r}")
        if view not in VIEWS:
            raise WidgetError(f"heatmap view must be 'weights' or 'scores', not {view!r}")
        if not isinstance(caption, str):
            raise WidgetError(f"heatmap caption must be text in quotes, not {caption!r}")
        if not isinstance(side_by_side, bool):
            raise WidgetError(f"heatmap side_by_side must be true or false, not {side_by_side!r}")
        return {"names": list(names), "head": head, "view": view, "caption": caption, "side_by_side": side_by_side}

    def prepare(self, request, context, document):
        checkpoint = context.course.checkpoint
        if checkpoint is None:
            raise WidgetError("a heatmap needs the trained model: course/checkpoint.json is missing (run `course train`)")
        presets = {name: attention_maps(checkpoint, context.memo, name) for name in request["names"]}
        return {"heatmap": {**request, "name": request["names"][0], "presets": presets}}


KIND = Heatmap()


def attention_maps(checkpoint, memo, name):
    """The trained model's attention for `name`, kept in the memo by the checkpoint's contents."""
    model_digest = memo.get("file-digest", [checkpoint, checkpoint.stat().st_mtime_ns], lambda: digest([checkpoint.read_text(encoding="utf-8")]))
    model = memo.get("model", [model_digest], lambda: load_model(checkpoint))
    return memo.get("attention-maps", [model_digest, name], lambda: plain_attention_maps(model, name))


def load_model(checkpoint):
    from microgpt import load_checkpoint

    return load_checkpoint(checkpoint)


def plain_attention_maps(model, name):
    from microgpt import attention_maps as model_attention_maps

    try:
        # Plain lists and floats, as the page reads them; JSON.parse would reject NaN.
        return json.loads(json.dumps(model_attention_maps(model, name), allow_nan=False))
    except ValueError:
        raise WidgetError(f"the trained model's attention for {name!r} holds NaN or infinity: course/checkpoint.json is broken (run `course train`)") from None
