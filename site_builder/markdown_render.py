"""Markdown to HTML: Python-Markdown with Pygments highlighting and MathML maths."""

import functools
import re
import threading
from pathlib import Path

import markdown

from site_builder import mathml, quick_inline
from site_builder.mathml import MathMLExtension
from site_builder.memo import PROCESS_MEMO
from site_builder.quick_inline import QuickInlineExtension

EXTENSIONS = [
    "tables",
    "attr_list",
    "md_in_html",
    "toc",
    "pymdownx.superfences",
    "pymdownx.highlight",
    "pymdownx.smartsymbols",
    MathMLExtension(),
    QuickInlineExtension(),  # last: it takes over the inline readers the others made
]
EXTENSION_CONFIGS = {
    "pymdownx.highlight": {"use_pygments": True, "css_class": "highlight", "guess_lang": False},
    "toc": {"permalink": False},
}


@functools.cache
def renderer_fingerprint():
    """What the HTML of a text depends on besides the text: our extensions and the libraries."""
    from importlib.metadata import version

    sources = [Path(path).read_text(encoding="utf-8") for path in (__file__, mathml.__file__, quick_inline.__file__)]
    versions = [version(name) for name in ("Markdown", "pymdown-extensions", "Pygments", "latex2mathml")]
    return "\n".join(sources + versions)


class NestedTooDeep(ValueError):
    """Lists or quotes inside each other too deep for Python-Markdown, which recurses per level."""

    latex = None  # unlike a MathError, there is no one piece of text to point at

    def __init__(self):
        super().__init__("the Markdown nests lists or quotes inside each other too deeply to render (hundreds of levels): flatten it")


# Python-Markdown reads each level of a nested list or quote a level deeper in Python: 3.11.3 ran
# out of stack about 250 lists deep, and 3.11.4 stops nesting at 224 and puts the rest at that
# depth. So the depth is refused here, before either, and the author reads the same in both.
MAX_NESTING = 200
NESTING_COLUMNS = 4  # a level of a list is four columns more indent (a tab counts as four)
MAYBE_TOO_DEEP = re.compile(rf"^(?:[ \t]{{{MAX_NESTING}}}|(?:[ \t]*>){{{MAX_NESTING}}})", re.MULTILINE)  # only then counted


def nested_too_deep(text):
    """Whether a line of `text` is indented MAX_NESTING list levels deep, or quoted MAX_NESTING times."""
    for found in MAYBE_TOO_DEEP.finditer(text):
        end = text.find("\n", found.start())
        line = text[found.start():end if end != -1 else len(text)]
        indent = line[: len(line) - len(line.lstrip(" \t"))].expandtabs(NESTING_COLUMNS)
        quotes = re.match(r"(?:[ \t]*>)*", line).group(0).count(">")
        if len(indent) >= MAX_NESTING * NESTING_COLUMNS or quotes >= MAX_NESTING:
            return True
    return False


def render_markdown(text):
    """HTML for a lesson body or a lab description; MathError or NestedTooDeep when it cannot be."""
    if nested_too_deep(text):
        raise NestedTooDeep()
    # Setting up a converter costs about as much as a short text's conversion, and a build
    # converts hundreds: each thread keeps one, reset before every text. One that failed part
    # way is dropped rather than trusted to reset cleanly.
    converter = getattr(_CONVERTERS, "markdown", None) or markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)
    _CONVERTERS.markdown = None
    try:
        html = converter.reset().convert(text)
    except RecursionError:
        raise NestedTooDeep() from None
    _CONVERTERS.markdown = converter
    return html


_CONVERTERS = threading.local()


@functools.lru_cache(maxsize=1024)
def markdown_html(text):
    """Short Markdown (hints, descriptions): the same text always gives the same HTML, kept on disk for the next build."""
    return PROCESS_MEMO.get("markdown", [renderer_fingerprint(), text], lambda: render_markdown(text), persist=True)


def short_markdown_error(text):
    """The MathError or NestedTooDeep that keeps short Markdown from rendering, or None when it renders."""
    try:
        markdown_html(text)
    except (mathml.MathError, NestedTooDeep) as error:
        return error
    return None
