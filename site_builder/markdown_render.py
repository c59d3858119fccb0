"""Markdown to HTML: Python-Markdown with Pygments highlighting and MathML maths."""

import markdown

from site_builder.mathml import MathMLExtension

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


def render_markdown(text):
    """HTML for a lesson body or a lab description."""
    converter = markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)
    return converter.convert(text)
