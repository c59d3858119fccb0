"""Markdown to HTML: Python-Markdown with Pygments highlighting and MathML maths."""

import functools
import threading
from pathlib import Path

import markdown

from site_builder import mathml
from site_builder.mathml import MathMLExtension
from site_builder.memo import PROCESS_MEMO

EXTENSIONS = [
    "tables",
    "attr_list",
    "md_in_html",
    "toc",
    "pymdownx.superfences",
    "pymdownx.highlight",
    "pymdownx.smartsymbols",
    MathMLExtension(),
]
EXTENSION_CONFIGS = {
    "pymdownx.highlight": {"use_pygments": True, "css_class": "highlight", "guess_lang": False},
    "toc": {"permalink": False},
}


@functools.cache
def renderer_fingerprint():
    """What the HTML of a text depends on besides the text: our extension and the libraries."""
    from importlib.metadata import version

    sources = [Path(__file__).read_text(encoding="utf-8"), Path(mathml.__file__).read_text(encoding="utf-8")]
    versions = [version(name) for name in ("Markdown", "pymdown-extensions", "Pygments", "latex2mathml")]
    return "\n".join(sources + versions)


class NestedTooDeep(ValueError):
    """Lists or quotes inside each other too deep for Python-Markdown, which recurses per level."""

    latex = None  # unlike a MathError, there is no one piece of text to point at

    def __init__(self):
        super().__init__("the Markdown nests lists or quotes inside each other too deeply to render (hundreds of levels): flatten it")


def render_markdown(text):
    """HTML for a lesson body or a lab description; MathError or NestedTooDeep when it cannot be."""
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
