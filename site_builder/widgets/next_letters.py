"""The trained model's next-letter bars: `{{ next_letters("em", caption="...") }}`.

The reader types the letters a name starts with; the page's Python (labkit.realmodel's
`next_letter_bars`, through python-client.js) reads them with the course's own microgpt and
sends back the probability of every token coming next. The build computes the author's
prefix here, so its bars are in the page before Python has loaded, and a table of them
is there without JavaScript too (static/js/next_letters.js redraws it).
"""

import re

from site_builder.constants import MAX_NAME_LETTERS
from site_builder.errors import WidgetError
from site_builder.widgets.heatmap import load_model
from site_builder.widgets.kind import WidgetKind
from site_builder.memo import digest

PREFIX = re.compile(rf"^[a-z]{{0,{MAX_NAME_LETTERS}}}$")
END = "end"  # how the bars name BOS, which after a prefix means "the name ends here"
TOP = 3  # how many favourites the summary names


class NextLetters(WidgetKind):
    name = "next_letters"
    placed = "inline"
    template = "next_letters.html"
    scripts = ("next_letters.js",)
    styles = ("next_letters.css",)

    def request(self, prefix="em", *, caption=""):
        """The letters typed at first (0 to MAX_NAME_LETTERS of a-z) and a sentence saying what to look at."""
        if not isinstance(prefix, str) or not PREFIX.match(prefix):
            raise WidgetError(f"next_letters prefix must be 0 to {MAX_NAME_LETTERS} lower-case letters a-z, not {prefix!r}")
        if not isinstance(caption, str) or not caption.strip():
            raise WidgetError(f"next_letters caption must be a non-empty text in quotes, not {caption!r}")
        return {"prefix": prefix, "caption": caption.strip()}

    def prepare(self, request, context, document):
        checkpoint = context.course.checkpoint
        if checkpoint is None:
            raise WidgetError("next_letters needs the trained model: course/checkpoint.json is missing (run `course train`)")
        memo = context.memo
        model_digest = memo.get("file-digest", [checkpoint, checkpoint.stat().st_mtime_ns], lambda: digest([checkpoint.read_text(encoding="utf-8")]))
        model = memo.get("model", [model_digest], lambda: load_model(checkpoint))
        probs = memo.get("next-letters", [model_digest, request["prefix"]], lambda: next_token_probs(model, request["prefix"]))
        tokens = [*model.tokenizer.chars, END]
        shown = {"tokens": tokens, "bars": bars(tokens, probs), "summary": summary(request["prefix"], tokens, probs)}
        return {"next_letters": {**request, **shown, "max_letters": MAX_NAME_LETTERS}}


KIND = NextLetters()


def next_token_probs(model, prefix):
    """The model's probability of each token after reading BOS and `prefix` (plain floats)."""
    from labkit.realmodel import next_token_probs as model_probs

    return model_probs(model, prefix)


def percent(p):
    return f"{100 * p:.1f}%"


def bars(tokens, probs):
    """One bar per token: its text, its probability, and its length against the largest (0 to 1)."""
    largest = max(probs)
    return [{"token": token, "p": p, "text": percent(p), "length": p / largest} for token, p in zip(tokens, probs)]


def summary(prefix, tokens, probs):
    """The sentence the page says about the bars; labkit.realmodel writes the same for a typed prefix."""
    from labkit.realmodel import next_letters_summary

    return next_letters_summary(prefix, tokens, probs)
