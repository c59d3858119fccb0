"""Widgets an author places in a lesson's text, such as `{{ heatmap("emma") }}`.

The text is a Jinja2 template rendered before Markdown, so a widget first leaves a
marker paragraph; once Markdown has run, the marker is swapped for the widget's HTML
(Markdown never sees, and so never mangles, the widget's markup or data).
"""

import json
import re

from site_builder.constants import HEADS, MAX_NAME_LETTERS
from site_builder.memo import digest

MARKER = '<div data-embed="{index}"></div>'
MARKER_PATTERN = re.compile(r'(?:<p>)?<div data-embed="(\d+)"></div>(?:</p>)?')
PRESET_NAME = re.compile(rf"^[a-z]{{1,{MAX_NAME_LETTERS}}}$")
VIEWS = ("weights", "scores")
WIDGETS = ("heatmap",)  # the functions lesson text may call (so [numbers] may not take their names)


class EmbedError(ValueError):
    """An author's widget call that cannot work; the message says what to change."""


class Embeds:
    """The widgets of one page, in the order the text calls them."""

    def __init__(self, checkpoint, memo, templates):
        self.checkpoint = checkpoint
        self.memo = memo
        self.templates = templates
        self.widgets = []

    def functions(self):
        """What the lesson text may call."""
        return {name: getattr(self, name) for name in WIDGETS}

    def heatmap(self, *names, head=1, view="weights", caption=""):
        """The real model's attention for preset names; the first one is shown first."""
        names = names or ("emma",)
        bad = [name for name in names if not isinstance(name, str) or not PRESET_NAME.match(name)]
        if bad:
            raise EmbedError(f"heatmap names must be 1 to {MAX_NAME_LETTERS} lower-case letters a-z, not {bad[0]!r}")
        if head not in range(1, HEADS + 1):
            raise EmbedError(f"heatmap head must be 1 to {HEADS}, not {head!r}")
        if view not in VIEWS:
            raise EmbedError(f"heatmap view must be 'weights' or 'scores', not {view!r}")
        if self.checkpoint is None:
            raise EmbedError("a heatmap needs the trained model: course/checkpoint.json is missing (run `course train`)")
        context = {
            "id": f"heatmap-{len(self.widgets) + 1}",
            "names": list(names),
            "name": names[0],
            "head": head,
            "view": view,
            "caption": caption,
            "presets": {name: self.attention_maps(name) for name in names},
        }
        return self.add("heatmap.html", {"heatmap": context})

    def attention_maps(self, name):
        model_digest = self.memo.get("file-digest", [self.checkpoint, self.checkpoint.stat().st_mtime_ns], lambda: digest([self.checkpoint.read_text(encoding="utf-8")]))
        model = self.memo.get("model", [model_digest], lambda: load_model(self.checkpoint))
        return self.memo.get("attention-maps", [model_digest, name], lambda: plain_attention_maps(model, name))

    def add(self, template, context):
        self.widgets.append((template, context))
        return "\n\n" + MARKER.format(index=len(self.widgets) - 1) + "\n\n"

    def place(self, html, root):
        """Swap each marker in the rendered Markdown for its widget's HTML."""

        def widget(match):
            template, context = self.widgets[int(match.group(1))]
            return self.templates.get_template(template).render(root=root, **context)

        return MARKER_PATTERN.sub(widget, html)


def load_model(checkpoint):
    from microgpt import load_checkpoint

    return load_checkpoint(checkpoint)


def plain_attention_maps(model, name):
    from microgpt import attention_maps

    try:
        # Plain lists and floats, as the page reads them; JSON.parse would reject NaN.
        return json.loads(json.dumps(attention_maps(model, name), allow_nan=False))
    except ValueError:
        raise EmbedError(f"the trained model's attention for {name!r} holds NaN or infinity: course/checkpoint.json is broken (run `course train`)") from None
