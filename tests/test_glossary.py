"""The glossary (site_builder/glossary.py and its three widgets): what it builds, and each
author's mistake refused at its own `path:line`, through the `course build` an author runs."""

import re

import pytest
from click.testing import CliRunner

from site_builder.build import build
from site_builder.cli import main

ADDING = "lessons/01-basics/adding.md"
AVERAGES = "lessons/01-basics/averages.md"
GLOSSARY = "course/glossary.toml"
PAGE = "pages/glossary.md"
TERMS = '''\
[[terms]]
name = "sum"
lesson = "01-basics/adding"
definition = "What adding numbers gives: one number."

[[terms]]
name = "Arithmetic mean"
lesson = "averages"
definition = "The sum divided by how many numbers were added, $\\\\frac{a + b}{2}$ for two."
'''


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


def line_of(path, text):
    """The line of `path` holding `text`, so each case names the line it broke."""
    return next(number for number, line in enumerate(path.read_text().splitlines(), start=1) if text in line)


@pytest.fixture
def course(mini_course):
    """The fixture course with a glossary: two terms, linked from both lessons and a recap each."""
    (mini_course / GLOSSARY).write_text(TERMS)
    edit(mini_course / PAGE, "## Sum", "{{ glossary() }}\n\n## Sum")
    edit(mini_course / ADDING, "Maths: $a + b$.", 'A **{{ term("sum") }}** is one number. Maths: $a + b$.')
    (mini_course / ADDING).write_text((mini_course / ADDING).read_text() + "\n## Recap\n\n{{ new_terms() }}\n")
    edit(mini_course / AVERAGES, "Go back", 'The {{ term("arithmetic  MEAN", "mean") }} of two {{ term("sum", "sums") }}.\n\n{{ new_terms() }}\n\nGo back')
    return mini_course


def test_the_page_lists_every_term_alphabetically_with_its_anchor_and_lesson(course, tmp_path):
    out = tmp_path / "dist"
    build(course, out)
    page = (out / "glossary/index.html").read_text()
    assert re.findall(r'<dt id="([^"]+)">([^<]+)</dt>', page) == [("term-arithmetic-mean", "Arithmetic mean"), ("term-sum", "sum")]
    assert 'Introduced in <a href="../01-basics/averages/">Averages</a>' in page
    assert "<math" in page  # the definition is Markdown, maths included
    assert "2 and 3 make 5" in page  # the page's own text stays


def test_lessons_link_terms_inside_their_sentences_and_list_their_new_ones(course, tmp_path):
    out = tmp_path / "dist"
    build(course, out)
    adding = (out / "01-basics/adding/index.html").read_text()
    assert '<p>A <strong><a class="term" href="../../glossary/#term-sum">sum</a></strong> is one number.' in adding
    assert re.search(r'class="new-terms">.*?<a class="term" href="../../glossary/#term-sum">sum</a></p>', adding, re.S)
    averages = (out / "01-basics/averages/index.html").read_text()
    # Case and spacing aside, the name finds its entry; the text shows the words given.
    assert '<a class="term" href="../../glossary/#term-arithmetic-mean">mean</a>' in averages
    assert '<a class="term" href="../../glossary/#term-sum">sums</a>' in averages
    assert "static/css/glossary.css" in averages


def test_a_page_outside_the_modules_may_link_any_term(course, tmp_path):
    edit(course / PAGE, "## Sum", 'See {{ term("arithmetic mean") }}.\n\n## Sum')
    build(course, tmp_path / "dist")
    assert 'href="../glossary/#term-arithmetic-mean"' in (tmp_path / "dist/glossary/index.html").read_text()


def test_a_course_without_a_glossary_builds_as_before(mini_course, tmp_path):
    build(mini_course, tmp_path / "dist")
    assert "glossary.css" not in (tmp_path / "dist/01-basics/adding/index.html").read_text()


def add_term(root, name, lesson="01-basics/adding"):
    path = root / GLOSSARY
    path.write_text(path.read_text() + f'\n[[terms]]\nname = "{name}"\nlesson = "{lesson}"\ndefinition = "Again."\n')


CASES = {
    "unknown term": (
        lambda r: edit(r / ADDING, 'term("sum")', 'term("summ")'),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'term("summ")')}: a widget failed: no glossary term 'summ' (did you mean 'sum'?)",
        1,
    ),
    "unknown term, nothing close": (
        lambda r: edit(r / ADDING, 'term("sum")', 'term("logarithm")'),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'logarithm')}: a widget failed: no glossary term 'logarithm': add it to {GLOSSARY}",
        1,
    ),
    "term linked before the lesson that introduces it": (
        lambda r: edit(r / ADDING, 'term("sum")', 'term("arithmetic mean")'),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'arithmetic mean')}: a widget failed: term 'Arithmetic mean' is linked before the course introduces it: lesson '01-basics/averages' does, which comes later in course/course.toml",
        None,  # and the recap of adding now lists a term it never linked: fine, still one problem below
    ),
    "term introduced by a lesson that does not exist": (
        lambda r: edit(r / GLOSSARY, 'lesson = "averages"', 'lesson = "01-basics/avrages"'),
        lambda r: f"{GLOSSARY}:8: term 'Arithmetic mean': there is no lesson '01-basics/avrages' to introduce it (did you mean '01-basics/averages'?)",
        1,  # the lessons' links to it, and averages' recap, do not pile on
    ),
    "term defined twice": (
        lambda r: add_term(r, "SUM"),
        lambda r: f"{GLOSSARY}:12: term 'SUM' is defined twice (first at line 2): keep one entry",
        1,
    ),
    "misspelt key in a term": (
        lambda r: edit(r / GLOSSARY, 'lesson = "01-basics/adding"', 'lessen = "01-basics/adding"'),
        lambda r: f"{GLOSSARY}:3: term 'sum': unknown key 'lessen' (did you mean 'lesson'?)",
        1,
    ),
    "term without a definition": (
        lambda r: edit(r / GLOSSARY, 'definition = "What adding numbers gives: one number."\n', ""),
        lambda r: f"{GLOSSARY}:1: term 'sum': missing 'definition': expected text in quotes",
        1,
    ),
    "maths that cannot be drawn in a definition": (
        lambda r: edit(r / GLOSSARY, "$\\\\frac{a + b}{2}$", "$\\\\frac{a + b}$"),
        lambda r: f"{GLOSSARY}:9: term 'Arithmetic mean': definition:",
        1,
    ),
    "malformed glossary": (
        lambda r: edit(r / GLOSSARY, 'name = "sum"', 'name = "sum'),
        lambda r: f"{GLOSSARY}:2: malformed TOML",
        1,
    ),
    "new_terms() in a lesson that introduces none": (
        lambda r: edit(r / GLOSSARY, 'lesson = "averages"', 'lesson = "adding"'),
        lambda r: f"{AVERAGES}:{line_of(r / AVERAGES, 'new_terms()')}: a widget failed: new_terms(): no term in {GLOSSARY} names this lesson, '01-basics/averages', as the one that introduces it",
        1,
    ),
    "glossary() outside the glossary page": (
        lambda r: edit(r / ADDING, "Maths:", "{{ glossary() }}\n\nMaths:"),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'glossary()')}: a widget failed: glossary() lists every term, and every term links to pages/glossary.md: use it there only",
        1,
    ),
    "glossary page without the list": (
        lambda r: edit(r / PAGE, "{{ glossary() }}", ""),
        lambda r: f"{PAGE}: the glossary page must list the terms: put {{{{ glossary() }}}} where the list goes",
        None,  # every term link is then a dead anchor too
    ),
    "glossary() in a course with no glossary": (
        lambda r: (r / GLOSSARY).unlink(),
        lambda r: f"{PAGE}:{line_of(r / PAGE, 'glossary()')}: a widget failed: glossary(): the course has no glossary: write {GLOSSARY}",
        None,  # and every term() the lessons call is then unknown too
    ),
    "term() in a course with no glossary": (
        lambda r: (r / GLOSSARY).unlink(),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'term(\"sum\")')}: a widget failed: term('sum'): the course has no glossary: write {GLOSSARY}",
        None,  # and glossary() on its page too
    ),
    "new_terms() on a page": (
        lambda r: edit(r / PAGE, "{{ glossary() }}", "{{ glossary() }}\n\n{{ new_terms() }}"),
        lambda r: f"{PAGE}:{line_of(r / PAGE, 'new_terms()')}: a widget failed: new_terms() lists the terms a lesson introduces: use it in a lesson",
        1,
    ),
    "term() with an empty name": (
        lambda r: edit(r / ADDING, 'term("sum")', 'term("")'),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'term(\"\")')}: a widget failed: term(): the first argument is the term's name in quotes, not ''",
        1,
    ),
    "term() with a number for a name": (
        lambda r: edit(r / ADDING, 'term("sum")', "term(3)"),
        lambda r: f"{ADDING}:{line_of(r / ADDING, 'term(3)')}: a widget failed: term(): the first argument is the term's name in quotes, not 3",
        1,
    ),
    "term() with no words to show": (
        lambda r: edit(r / AVERAGES, '"mean")', '"")'),
        lambda r: f"{AVERAGES}:{line_of(r / AVERAGES, 'arithmetic')}: a widget failed: term('arithmetic  MEAN', ...): the second argument is the words to show, in quotes, not ''",
        1,
    ),
}


@pytest.fixture
def previous_site(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("previous site")
    (out / ".course-build").write_text("")
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_glossary_mistake_is_refused_with_its_place(case, course, previous_site):
    breaks, message, count = CASES[case]
    breaks(course)
    expected = message(course)
    result = CliRunner().invoke(main, ["--root", str(course), "build", "--out", str(previous_site)])
    assert result.exit_code == 1, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert any(line.startswith(expected) for line in lines), result.output
    if count:
        assert f"The course has {count} problem{'s' if count != 1 else ''};" in result.output, result.output
    assert (previous_site / "index.html").read_text() == "previous site"
