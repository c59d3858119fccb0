"""A Python-Markdown extension: $...$ and $$...$$ become MathML when the site is built."""

import xml.etree.ElementTree as etree

import latex2mathml.converter
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

# $$...$$ first so it is not read as two empty inline formulas.
DISPLAY_MATH = r"(?<!\\)\$\$(.+?)(?<!\\)\$\$"
INLINE_MATH = r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$(?!\$)"


class MathError(ValueError):
    pass


def to_mathml(latex, display=False):
    try:
        return latex2mathml.converter.convert(latex, display="block" if display else "inline")
    except Exception as error:
        raise MathError(f"cannot turn ${latex}$ into MathML: {error}") from None


class MathProcessor(InlineProcessor):
    def __init__(self, pattern, md, display):
        super().__init__(pattern, md)
        self.display = display

    def handleMatch(self, match, data):
        markup = to_mathml(match.group(1).strip(), self.display)
        # Stash the finished MathML so Markdown does not touch it again.
        placeholder = self.md.htmlStash.store(markup)
        element = etree.Element("span")
        element.text = placeholder
        if self.display:
            element.set("class", "math-display")
        else:
            element.set("class", "math")
        return element, match.start(0), match.end(0)


class MathMLExtension(Extension):
    def extendMarkdown(self, md):
        md.ESCAPED_CHARS.append("$")
        md.inlinePatterns.register(MathProcessor(DISPLAY_MATH, md, display=True), "display_math", 186)
        md.inlinePatterns.register(MathProcessor(INLINE_MATH, md, display=False), "inline_math", 185)
