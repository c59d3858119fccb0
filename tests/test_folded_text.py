"""A lesson's simple numbers are folded into its prose, and the text fills in as Jinja fills it whole."""

import pytest

from site_builder import lesson_text
from site_builder.folded_text import Expression, folded_tokens, simple_expression
from site_builder.lesson_text import ENVIRONMENT, TEMPLATE_NAME, compiled, folded_template_of
from tests.test_lesson_text import CONTEXT, TAKEN_APART, render, with_line

CONTEXT = {**CONTEXT, "table": {"rows": [[1, 2], [3, 4]], "by name": {"a b": 0.25}}, "shown": 0.123456}


def expression_of(text):
    """The Expression the one {{ ... }} of `text` folds to, or None."""
    tokens = list(ENVIRONMENT.lexer.tokeniter(text, TEMPLATE_NAME))
    return simple_expression(tokens, ENVIRONMENT)


@pytest.mark.parametrize(("text", "expression"), [
    ("{{ demo }}", Expression("demo", (), ())),
    ("{{ demo.total }}", Expression("demo", (("attribute", "total"),), ())),
    ("{{table.rows[1][-1]}}", Expression("table", (("attribute", "rows"), ("item", 1), ("item", -1)), ())),
    ("{{ table['by name'][\"a b\"] | pct(1) }}", Expression("table", (("item", "by name"), ("item", "a b")), (("pct", (1,)),))),
    ("{{ shown | num(-2) | upper }}", Expression("shown", (), (("num", (-2,)), ("upper", ())))),
    ("{{ shown | num() }}", Expression("shown", (), (("num", ()),))),
])
def test_a_name_its_steps_and_filters_with_literal_arguments_are_simple(text, expression):
    assert expression_of(text) == expression


@pytest.mark.parametrize("text", [
    "{{ true }}", "{{ none }}",  # values, not names
    "{{ demo.total + 1 }}", "{{ -shown }}", "{{ demo.halves[0:1] }}", "{{ demo.halves.0 }}", "{{ demo.halves[1.0] }}",
    "{{ pair(1) }}", "{{ demo.total | num(digits=2) }}", "{{ shown | num(demo.total) }}", "{{ shown | num(2,) }}",
    "{{ demo.halves | join(', ') }}",  # a filter that is handed the environment
    "{{ shown | no_such_filter }}", "{{ demo['a' ~ 'b'] }}", "{{ demo.total if shown }}",
    "{{ demo\n.total }}",  # over two lines
])
def test_anything_more_is_left_to_jinja(text):
    assert expression_of(text) is None


def folded_runs(body):
    _, runs, _ = lesson_text.skeleton(body, fold=True)
    return [run if isinstance(run, str) else tuple(part if isinstance(part, str) else part.name for part in run) for run in runs]


def test_only_numbers_outside_every_block_are_folded_with_the_prose_around_them():
    body = "a {{ demo.total }} b\n{% for h in demo.halves %}c {{ demo.name }} {{ h }}{% endfor %} d {{ shown }}"
    assert folded_runs(body) == [("a ", "demo", " b\n"), "c ", " ", (" d ", "shown")]


def test_a_text_with_a_tag_that_can_give_a_name_another_meaning_is_not_folded():
    for tag in ("{% set demo = 1 %}", "{% with demo = 1 %}{% endwith %}", "{% filter upper %}x{% endfilter %}", "{% import 'x' as demo %}"):
        assert folded_tokens(list(ENVIRONMENT.lexer.tokeniter(tag + "{{ demo.total }}", TEMPLATE_NAME)), ENVIRONMENT) is None


def filled_whole(body):
    return compiled(body).render(**CONTEXT)


def filled_folded(body):
    text, prose, _ = folded_template_of(body, CONTEXT)
    return compiled(text).render(**CONTEXT, **prose)


FOLDED = [
    *TAKEN_APART,
    "{{ table.rows[1][-1] }} and {{ table['by name']['a b'] | pct(1) }}; {{ shown | num(3) }}{{ demo.halves|vec }}\n",
    "{% macro demo() %}a macro{% endmacro %}{{ demo.total }} is the macro's, not a number's\n",
    "{%- if shown > 0 -%}\n  {{ demo.total }}\n{%- endif %} after {{- demo.name -}}   \n  end",
    "{{ demo.halves[0] }}{{ demo.halves[-1] }}{{ demo }}",
    "prose with a missing {{ demo.nothing }}",  # not filled in here: Jinja fills it in, as undefined
]


@pytest.mark.parametrize("body", FOLDED)
def test_a_body_with_its_numbers_folded_fills_in_as_the_whole(body, monkeypatch):
    monkeypatch.setattr(lesson_text.ENVIRONMENT, "undefined", __import__("jinja2").Undefined)  # the missing one renders as ""
    assert filled_folded(body) == filled_whole(body)


def test_a_missing_number_outside_every_block_is_said_at_its_line_as_when_compiled_whole(mini_course, monkeypatch):
    line = with_line(mini_course, "Some prose\nover lines {{ demo.total }}\n\nand {{ demo.nothing }} here")
    _, found = render(mini_course)
    assert found == [f"lessons/01-basics/adding.md:{line}: a computed number failed: 'dict object' has no attribute 'nothing' (is it in the lesson's [numbers], and does the provider return it?)"]
    monkeypatch.setattr(lesson_text, "skeleton", lambda body, fold=False: None)
    assert render(mini_course)[1] == found


def test_a_folded_text_compiles_to_far_less(monkeypatch):
    body = "".join(f"Step {index}: {{{{ demo.halves[{index % 2}] | num(2) }}}} of {{{{ demo.total }}}}.\n" for index in range(50))
    text, prose, _ = folded_template_of(body, CONTEXT)
    assert text.count("{{") == 1 and prose[lesson_text.PROSE] == [filled_whole(body)]


def test_every_document_of_the_course_fills_in_folded_as_unfolded(monkeypatch):
    from site_builder import build as build_module
    from site_builder.errors import Problems
    from site_builder.loader import load_course
    from site_builder.memo import Memo
    from site_builder.numbers import Providers
    from site_builder.provider_cache import PROCESS_PROVIDER_CACHE
    from site_builder.widgets import WidgetContext
    from tests.conftest import PROJECT

    course = load_course(PROJECT)
    providers = Providers(PROJECT, cache=PROCESS_PROVIDER_CACHE)  # the numbers a build has kept, or computed now

    def documents():
        problems = Problems(PROJECT)
        rendered = build_module.render_documents(course, WidgetContext(course, providers, problems, Memo()))
        assert problems.found == []
        return {name: document.body for name, document in rendered.items()}

    folded = []
    real = lesson_text.folded_template_of
    monkeypatch.setattr(lesson_text, "folded_template_of", lambda body, context: folded.append(lesson_text.skeleton(body, fold=True) is not None) or real(body, context))
    with_folding = documents()
    assert len(with_folding) > 40 and sum(folded) > 40  # nearly every document was folded
    monkeypatch.setattr(lesson_text, "folded_template_of", lambda body, context: lesson_text.template_of(body))
    assert documents() == with_folding
