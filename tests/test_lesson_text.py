import uuid
from pathlib import Path

import pytest

from site_builder import lesson_text
from site_builder.errors import Problems
from site_builder.lesson_text import compiled, fill_numbers, grouped, percent, vector
from site_builder.loader import load_course
from site_builder.numbers import Providers, lesson_numbers


def render(root):
    problems = Problems(root)
    course = load_course(root)
    texts = {l.slug: fill_numbers(l, lesson_numbers(l, Providers(root), problems), problems) for l in course.lessons()}
    return texts, [str(p) for p in problems.found]


def test_numbers_come_from_the_provider(mini_course):
    texts, found = render(mini_course)
    assert found == []
    assert "2 plus 3 is 5; halves: [1.0, 1.5]." in texts["adding"]


def test_provider_change_changes_the_page(mini_course):
    path = mini_course / "course/numbers/demo.py"
    path.write_text(path.read_text().replace("a, b = 2, 3", "a, b = 20, 30"))
    texts, _ = render(mini_course)
    assert "20 plus 30 is 50" in texts["adding"]


def test_name_the_provider_does_not_return(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace("{{ demo.total }}", "{{ demo.sum }}"))
    _, found = render(mini_course)
    assert found == [
        "lessons/01-basics/adding.md:12: a computed number failed: 'dict object' has no attribute 'sum' "
        "(is it in the lesson's [numbers], and does the provider return it?)"
    ]


def test_provider_that_does_not_exist(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('"demo:sums"', '"demo:products"'))
    _, found = render(mini_course)
    assert "lessons/01-basics/adding.md:7: numbers.demo: course/numbers/demo.py has no function products()" in found


def test_provider_module_may_not_escape_the_numbers_folder(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('"demo:sums"', '"../../secret:sums"'))
    _, found = render(mini_course)
    assert found[0].startswith("lessons/01-basics/adding.md:7: numbers.demo: ../../secret.py points outside numbers/")


def test_template_syntax_error_line(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace("{{ demo.total }}", "{{ demo.total "))
    _, found = render(mini_course)
    assert len(found) == 1 and found[0].startswith("lessons/01-basics/adding.md:12: in a {{ ... }} expression")


def test_filters():
    assert vector([7.17973, 2.82027], 2) == "[7.18, 2.82]"
    assert grouped(4192) == "4,192"
    assert percent(0.575975, 1) == "57.6%"


def test_provider_keys_named_like_dict_methods(mini_course):
    (mini_course / "course/numbers/demo.py").write_text('def sums():\n    return {"keys": [1, 2], "values": [3], "a": 2, "b": 3, "total": 5, "halves": [1.0, 1.5]}\n')
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text() + "\nKeys {{ demo.keys | vec(0) }}, values {{ demo.values[0] }}.\n")
    texts, found = render(mini_course)
    assert found == []
    assert "Keys [1, 2], values 3." in texts["adding"]


def test_a_provider_that_raises_is_named_at_its_own_line_and_the_text_says_nothing_more(mini_course):
    demo = mini_course / "course/numbers/demo.py"
    demo.write_text(demo.read_text().replace("a, b = 2, 3", 'a, b = 2, 3\n    raise ValueError("no example yet")'))
    texts, found = render(mini_course)
    assert texts["adding"] is None
    assert found == [
        "course/numbers/demo.py:3: demo:sums raised ValueError: no example yet",
        "lessons/01-basics/adding.md:7: numbers.demo: demo:sums raised ValueError (see course/numbers/demo.py:3)",
    ]


def test_a_provider_failure_shared_by_several_providers_is_reported_once(mini_course):
    (mini_course / "course/numbers/demo.py").write_text(
        'def base():\n    raise ValueError("no example yet")\n\n\ndef sums():\n    return base()\n\n\ndef halves():\n    return base()\n'
    )
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('demo = "demo:sums"', 'demo = "demo:sums"\nhalf = "demo:halves"'))
    _, found = render(mini_course)
    assert found == [
        "course/numbers/demo.py:2: demo:sums raised ValueError: no example yet",
        "lessons/01-basics/adding.md:7: numbers.demo: demo:sums raised ValueError (see course/numbers/demo.py:2)",
        "lessons/01-basics/adding.md:8: numbers.half: demo:halves raised ValueError (see course/numbers/demo.py:2)",
    ]


def test_a_provider_module_that_cannot_be_imported(mini_course):
    demo = mini_course / "course/numbers/demo.py"
    demo.write_text("import math\nmath.no_such_thing\n\n" + demo.read_text())
    _, found = render(mini_course)
    assert found == [
        "course/numbers/demo.py:2: importing course/numbers/demo.py raised AttributeError: module 'math' has no attribute 'no_such_thing'",
        "lessons/01-basics/adding.md:7: numbers.demo: demo:sums raised AttributeError (see course/numbers/demo.py:2)",
    ]


def test_a_provider_returning_nan_is_refused_with_the_path_to_it(mini_course):
    (mini_course / "course/numbers/demo.py").write_text('def sums():\n    return {"a": 2, "steps": [{"w": [1.0, float("-inf")]}]}\n')
    texts, found = render(mini_course)
    assert texts["adding"] is None
    assert found == [
        "course/numbers/demo.py:1: demo:sums returned -inf at 'steps[0].w[1]' (every number must be finite)",
        "lessons/01-basics/adding.md:7: numbers.demo: demo:sums returned -inf (see course/numbers/demo.py:1)",
    ]


def test_a_body_is_held_only_while_it_compiles(mini_course):
    # `course serve` renders every saved version of every lesson: none may stay behind.
    lesson = mini_course / "lessons/01-basics/adding.md"
    for version in range(3):
        lesson.write_text(lesson.read_text() + f"\nVersion {version}.\n")
        texts, found = render(mini_course)
        assert found == [] and f"Version {version}." in texts["adding"]
        assert lesson_text._BODIES == {}


def test_a_body_compiled_before_is_read_from_the_disk_cache(monkeypatch):
    body = f"{{{{ 6 * 7 }}}} ({uuid.uuid4()})"
    compiled(body)
    lesson_text.ENVIRONMENT.cache.clear()  # as in a new process, or once Jinja's own cache let it go
    monkeypatch.setattr(lesson_text.ENVIRONMENT, "compile", lambda *args, **kwargs: pytest.fail("compiled again"))
    assert compiled(body).render().startswith("42 (")


# ---------- Lesson text is data: sandboxed, and within a time limit ----------


def with_line(root, text):
    """The fixture's first lesson with `text` as a new last line; that line's number."""
    path = root / "lessons/01-basics/adding.md"
    path.write_text(path.read_text() + "\n" + text + "\n")
    return len(path.read_text().splitlines())


@pytest.mark.parametrize(
    "escape",
    [
        "{{ demo.__class__.__mro__ }}",
        "{{ ().__class__.__base__.__subclasses__() }}",
        "{{ cycler.__init__.__globals__ }}",
        "{{ demo.halves.append(1) }}",
    ],
)
def test_lesson_text_cannot_reach_into_python(mini_course, escape):
    line = with_line(mini_course, escape)
    _, found = render(mini_course)
    assert len(found) == 1, found
    assert found[0].startswith(f"lessons/01-basics/adding.md:{line}: ")
    assert "lesson text can read numbers, not reach into Python" in found[0] or "has no attribute" in found[0] or "is undefined" in found[0]


def test_a_lesson_that_deletes_a_file_at_build_time_is_refused(mini_course, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    with_line(mini_course, "{{ self._TemplateReference__context.cycler.__init__.__globals__.os.remove('" + str(victim) + "') }}")
    _, found = render(mini_course)
    assert victim.read_text() == "keep me"
    assert len(found) == 1, found


def test_a_loop_that_would_take_for_ever_is_stopped_at_its_line(mini_course, monkeypatch):
    monkeypatch.setattr(lesson_text, "RENDER_SECONDS", 1)
    line = with_line(mini_course, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    _, found = render(mini_course)
    assert found == [f"lessons/01-basics/adding.md:{line}: the text took more than 1 seconds to fill in: is a {{% for %}} loop far too long?"]


# ---------- A lesson is compiled apart from its prose ----------

CONTEXT = {"demo": {"total": 5, "halves": [1.0, 1.5], "name": "ada"}}
TAKEN_APART = [
    "Plain prose, {{ demo.total }} and more.\n\nA second paragraph.\n",
    "a {{ demo.total }}\n  {%- for h in demo.halves -%}\n\n  b{{ h }}\n{% endfor %}\nc {{- demo.total -}}  \n  d\n",
    "{# a comment\nover lines #}after {% raw %}{{ not filled }}\n{% endraw %}end\n{%\nraw\n%} x {%\nendraw\n-%}\n  y\n",
    "{% macro pair(a) %}<{{ a }}>\n{% endmacro %}one {{ pair(1) }} two {{ pair(demo.total) }}\n",
    "{% filter upper %}shout {{ demo.name }}\n{% endfilter %} quiet\n",
    "{% set said %}It is {{ demo.total }}.{% endset %}{{ said | length }} {{ said }}\n",
    "{% for h in demo.halves %}{% if loop.first %}first {% elif h > 1 %}big {% else %}other {% endif %}{{ loop.index }}\n{% endfor %}",
    "```python\nx = {{ demo.total }}  # code keeps its numbers\n```\nÉlan, naïve — ünïcode {{ demo.name }}\n\n\n",
    "no tags at all\n",
    "",
]


def filled_whole(body):
    return compiled(body).render(**CONTEXT)


def filled_apart(body):
    text, prose, _ = lesson_text.template_of(body)
    return compiled(text).render(**CONTEXT, **prose)


@pytest.mark.parametrize("body", TAKEN_APART)
def test_a_body_compiled_apart_from_its_prose_fills_in_as_the_whole(body):
    assert lesson_text.skeleton(body) is not None
    assert filled_apart(body) == filled_whole(body)


def test_editing_the_prose_reuses_the_compiled_template():
    body = f"Before ({uuid.uuid4()}).\n\nIt is {{{{ demo.total }}}}\n{{% for h in demo.halves %}}- {{{{ h }}}}\n{{% endfor %}}"
    text, _, _ = lesson_text.template_of(body)
    edited_text, prose, _ = lesson_text.template_of(body.replace("Before", "After a long edit,\n\nA new paragraph,\nover two lines"))
    assert edited_text == text and compiled(edited_text) is compiled(text)
    assert compiled(edited_text).render(**CONTEXT, **prose).startswith("After a long edit,\n\nA new paragraph,\nover two lines (")


# Texts with nothing for Jinja to do, and texts one character away from having something.
PLAIN_TEXTS = ["", "A caption.", "Braces { and } alone, a % sign, a # mark: {x}, 100%} and #}", "two\nlines\n", "ünïcode — ✓"]
NOT_PLAIN = ["{{ demo.total }}", "{% if true %}yes{% endif %}", "a {# note #} b", "Windows\r\nline ends", "old Mac\rline ends"]


@pytest.mark.parametrize("text", PLAIN_TEXTS)
def test_a_plain_text_is_filled_in_as_itself_without_compiling_it(text, monkeypatch):
    assert lesson_text.is_plain(text)
    assert filled_whole(text) == text
    monkeypatch.setattr(lesson_text, "compiled", lambda body: pytest.fail(f"compiled {body!r}"))
    assert lesson_text.fill_text(text, {}) == text


@pytest.mark.parametrize("text", NOT_PLAIN)
def test_a_text_with_anything_for_jinja_to_do_is_compiled(text):
    assert not lesson_text.is_plain(text)
    assert lesson_text.fill_text(text, {"demo": CONTEXT["demo"]}) == filled_whole(text)


def test_a_body_that_names_the_prose_itself_is_compiled_whole():
    body = "{{ lesson_prose__ }}"
    assert lesson_text.skeleton(body) is None
    with pytest.raises(Exception, match="lesson_prose__"):
        filled_apart(body)


def tree(node, prose=(), lines=None):
    """A Jinja syntax tree as nested tuples with every node's line in the body (`lines`: the body's
    line of each skeleton line), a run of text as ("text", it) whether written or read from the prose."""
    from jinja2 import nodes

    line = (lambda number: number) if lines is None else (lambda number: number and lines[number - 1])
    if isinstance(node, nodes.TemplateData):
        return ("text", node.data, line(node.lineno))
    if isinstance(node, nodes.Getitem) and isinstance(node.node, nodes.Name) and node.node.name == lesson_text.PROSE:
        return ("text", prose[node.arg.value], line(node.lineno))
    if isinstance(node, nodes.Node):
        return (type(node).__name__, line(node.lineno), tuple((name, tree(value, prose, lines)) for name, value in node.iter_fields()))
    if isinstance(node, list):
        return tuple(tree(item, prose, lines) for item in node)
    return node


def test_every_document_of_the_course_compiles_apart_to_the_same_template():
    course = load_course(Path(__file__).resolve().parent.parent)
    documents = list(course.documents())
    assert len(documents) > 40
    for document in documents:
        text, prose, lines = lesson_text.skeleton(document.body)
        whole = lesson_text.ENVIRONMENT.parse(document.body)
        apart = lesson_text.ENVIRONMENT.parse(text)
        assert tree(apart, prose, lines) == tree(whole), document.id


@pytest.mark.parametrize(
    ("broken", "message", "at"),
    [
        ("{% for h in demo.halves %}\n{{ h }}\n{% endif %}", "Encountered unknown tag 'endif'", 3),
        ("{{ demo.total }", "unexpected '}'", 1),
        ("prose {{ 1 / 0 }}", "division by zero", 1),
        ("{% for h in demo.halves %}\n\n{{ demo.nothing.deeper }}{% endfor %}", "has no attribute 'nothing'", 3),
    ],
)
def test_a_mistake_after_prose_is_placed_at_its_own_line_as_when_compiled_whole(mini_course, monkeypatch, broken, message, at):
    last = with_line(mini_course, "Some prose\nover lines {{ demo.total }}\n\n" + broken)
    _, found = render(mini_course)
    assert found == [found[0]] and message in found[0], found
    assert found[0].startswith(f"lessons/01-basics/adding.md:{last - broken.count(chr(10)) + at - 1}: "), found
    monkeypatch.setattr(lesson_text, "skeleton", lambda body, fold=False: None)
    assert render(mini_course)[1] == found
