"""site_builder/markdown_render.py: one converter per thread, reused for text after text."""

from pathlib import Path

import markdown
import pytest

from site_builder.loader import load_course
from site_builder.markdown_render import EXTENSION_CONFIGS, EXTENSIONS, NestedTooDeep, render_markdown

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
