"""site_builder/quick_inline.py: the same HTML as Python-Markdown's own inline reading, sooner."""

import xml.etree.ElementTree as etree
from pathlib import Path

import markdown
import pytest
from markdown.inlinepatterns import Pattern, SimpleTagInlineProcessor
from markdown.treeprocessors import InlineProcessor

from site_builder.loader import load_course
from site_builder.markdown_render import EXTENSION_CONFIGS, EXTENSIONS
from site_builder.quick_inline import QuickInlineExtension, QuickInlineProcessor

PROJECT = Path(__file__).resolve().parent.parent
STOCK_EXTENSIONS = [extension for extension in EXTENSIONS if not isinstance(extension, QuickInlineExtension)]


def quick():
    return markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)


def stock():
    return markdown.Markdown(extensions=STOCK_EXTENSIONS, extension_configs=EXTENSION_CONFIGS)


def test_the_site_renders_with_it():
    assert any(isinstance(extension, QuickInlineExtension) for extension in EXTENSIONS)
    assert len(STOCK_EXTENSIONS) == len(EXTENSIONS) - 1


def test_every_text_of_the_course_renders_as_without_it():
    course = load_course(PROJECT)
    texts = [document.body for document in course.documents()] + [lab.description for lab in course.labs]
    assert len(texts) > 90
    with_it, without = quick(), stock()
    assert [with_it.reset().convert(text) for text in texts] == [without.reset().convert(text) for text in texts]


# Each of Python-Markdown's inline patterns, the site's maths and pymdownx's smart symbols, alone,
# together, in the places text is read (headings, lists, tables, attributes), and none at all.
TEXTS = [
    "Words and nothing else, over\nsix lines\nwith numbers 3.14 and 42.",
    "Some `code` and ``a ` tick``, and a lone ` tick.",
    r"Escaped \*stars\*, \`ticks\`, \$dollars\$ and \\ a backslash.",
    "A [link](https://example.org \"title\"), an ![image](a.png) and a [bracket] alone.",
    "A [reference][r], a [short reference], an ![image ref][r] and ![short image].\n\n[r]: https://example.org\n[short reference]: /x\n[short image]: /i.png",
    "Autolinks <https://example.org/a?b=c> and <someone@example.org>, and a < b > c.",
    "A line that breaks  \nhere, and one that does not.",
    "Raw <kbd>Ctrl</kbd> and <span class=\"x\">HTML</span> and an &amp; entity &copy; &#169; & a lone ampersand.",
    "*em*, **strong**, ***both***, _under_, __under strong__, snake_case_word and 2 * 3 * 4.",
    "Maths $x^2 + y_1$ inline, $$\\frac{a}{b}$$ shown, a price of $5 and \\$ escaped.",
    "Smart (c) (tm) (r) +/- =/= c/o --> <-- <--> 1/2 3/4 1st 2nd 3rd 4th 11th and 21st.",
    "# Heading with `code`\n\n## Plain heading\n\n### Heading *em* (c)",
    "- one\n- **two**\n    - nested `three`\n1. first --> second\n2. plain",
    "| a | `b` |\n|---|---|\n| *c* | plain |\n| 1/2 | $x$ |",
    "A paragraph {: .note }\n\nAnother with [a link](/x){: .button }",
    "<div markdown=\"1\">\n*inside* html with `code` and plain words\n</div>\n\nAfter it.",
    "```python\nx = 1  # `not` *inline*\n```\n\nThen `inline` again.",
    "> quoted *text*\n> and plain quoted words",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_kind_of_inline_text_renders_as_without_it(text):
    assert quick().convert(text) == stock().convert(text)


def test_it_stands_in_for_every_inline_reader_with_the_same_patterns():
    with_it, without = quick(), stock()
    readers = {item.name for item in without.treeprocessors._priority if type(without.treeprocessors[item.name]) is InlineProcessor}
    assert readers == {"inline", "smart-symbols"}  # Markdown's own, and pymdownx's smart symbols
    for name in readers:
        reader = with_it.treeprocessors[name]
        assert type(reader) is QuickInlineProcessor
        assert [pattern.name for pattern in reader.inlinePatterns._priority] == [pattern.name for pattern in without.treeprocessors[name].inlinePatterns._priority]
    assert [item.name for item in with_it.treeprocessors._priority] == [item.name for item in without.treeprocessors._priority]


def count_pattern_tries(monkeypatch):
    tries = []
    apply = InlineProcessor._InlineProcessor__applyPattern

    def counted(self, pattern, *args):
        tries.append(pattern)
        return apply(self, pattern, *args)

    monkeypatch.setattr(InlineProcessor, "_InlineProcessor__applyPattern", counted)
    return tries


def test_text_no_pattern_matches_is_not_tried_pattern_by_pattern(monkeypatch):
    """Fails if a new Markdown reads inline text through another method than the one overridden."""
    tries = count_pattern_tries(monkeypatch)
    assert quick().convert("Plain words.\n\n- a plain item\n\n# A plain heading") == stock().convert("Plain words.\n\n- a plain item\n\n# A plain heading")
    plain_tries = len(tries)
    assert plain_tries > 0  # the stock converter's
    tries.clear()
    quick().convert("Plain words.\n\n- a plain item\n\n# A plain heading")
    assert tries == []
    quick().convert("Words with `code` in them.")
    assert tries  # a text a pattern matches goes Markdown's own way


def test_an_old_style_pattern_is_read_markdowns_own_way(monkeypatch):
    """Markdown finds an old-style Pattern's match differently: with one registered, no text is skipped."""

    class Shout(Pattern):
        def handleMatch(self, match):
            element = etree.Element("strong")
            element.text = match.group(2).upper()
            return element

    texts = ["say !!hello!! twice", "plain words", "!!a!! and `b`"]
    results = []
    for make in (quick, stock):
        md = make()
        md.inlinePatterns.register(Shout(r"!!(\w+)!!", md), "shout", 175)
        results.append([md.reset().convert(text) for text in texts])
    assert results[0] == results[1]
    assert "HELLO" in results[0][0]
    tries = count_pattern_tries(monkeypatch)
    md = quick()
    md.inlinePatterns.register(Shout(r"!!(\w+)!!", md), "shout", 175)
    md.convert("plain words")
    assert tries  # tried pattern by pattern, as Markdown does


def test_a_pattern_an_extension_adds_later_is_tried():
    md = quick()
    md.inlinePatterns.register(SimpleTagInlineProcessor(r"()~~(.+?)~~", "del"), "strike", 65)
    assert md.convert("a ~~gone~~ word") == "<p>a <del>gone</del> word</p>"
