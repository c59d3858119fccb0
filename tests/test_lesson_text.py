import uuid

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
