"""site_builder/markdown_render.py: one converter per thread, reused for text after text."""

from pathlib import Path

import markdown
import pytest

from site_builder.loader import load_course
from site_builder.markdown_render import EXTENSION_CONFIGS, EXTENSIONS, MAX_NESTING, NestedTooDeep, render_markdown

PROJECT = Path(__file__).resolve().parent.parent


def fresh(text):
    return markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS).convert(text)


def course_texts():
    course = load_course(PROJECT)
    texts = [document.body for document in course.documents()]
    texts += [lab.description for lab in course.labs]
    return texts


def test_every_text_of_the_course_renders_as_with_a_converter_of_its_own():
    texts = course_texts()
    assert len(texts) > 90
    expected = [fresh(text) for text in texts]
    assert [render_markdown(text) for text in texts] == expected
    assert [render_markdown(text) for text in reversed(texts)] == expected[::-1]  # nothing carried from the text before


def test_a_heading_id_and_a_link_reference_belong_to_their_own_text():
    first = "## Loss\n\nSee [the data][d].\n\n[d]: https://example.org/names\n"
    second = "## Loss\n\nSee [the data][d].\n"
    render_markdown(first)
    assert render_markdown(second) == fresh(second)
    assert 'id="loss"' in render_markdown(second) and "example.org" not in render_markdown(second)


def test_after_a_text_too_deep_to_render_the_next_renders_as_ever():
    with pytest.raises(NestedTooDeep):
        render_markdown("".join("    " * i + "- x\n" for i in range(400)))
    text = "A list:\n\n- one $x^2$\n- two\n\n```python\nprint(1)\n```\n"
    assert render_markdown(text) == fresh(text)


@pytest.mark.parametrize(("text", "too_deep"), [
    ("".join("    " * i + "- x\n" for i in range(MAX_NESTING)), False),  # the deepest line is MAX_NESTING - 1 levels in
    ("".join("    " * i + "- x\n" for i in range(MAX_NESTING + 1)), True),
    ("\t" * MAX_NESTING + "- x\n", True),  # a tab is a level
    ("  \t" * (MAX_NESTING - 1) + "- x\n", False),  # two spaces and a tab: still one level
    ("> " * MAX_NESTING + "x\n", True),
    (">" * (MAX_NESTING - 1) + " x\n", False),
    ("```\n" + " " * 300 + "code indented far, but not 200 levels\n```\n", False),
])
def test_text_nested_too_deep_is_refused_before_markdown_reads_it_whatever_its_version(text, too_deep, monkeypatch):
    """Python-Markdown 3.11.3 ran out of stack about 250 levels deep; 3.11.4 flattens the levels past 224."""
    monkeypatch.setattr(markdown.Markdown, "convert", lambda self, source: pytest.fail("Markdown read it") if too_deep else "<p>read</p>")
    if too_deep:
        with pytest.raises(NestedTooDeep):
            render_markdown(text)
    else:
        assert render_markdown(text) == "<p>read</p>"
