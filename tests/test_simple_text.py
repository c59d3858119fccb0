"""Short texts whose every {{ ... }} is a lookup and filters are filled in without compiling a template,
to the same text Jinja makes; anything else, and every mistake, is left to Jinja and its messages."""

import pytest

from site_builder import lesson_text
from site_builder.lesson_text import ENVIRONMENT, compiled, numbers_context
from site_builder.numbers import UNAVAILABLE, NumbersUnavailable
from site_builder.simple_text import simple_fill

NUMBERS = {
    "ladder": {"uniform": 3.295836866004329, "counting": 2.45, "rungs": [3.2958, 2.45, 2.1], "labels": ["a", "b"], "steps": 1000},
    "walk": {"keys": 7, "lr_at": {"500": 0.0051}, "values": [0.5, -0.25], "name": "emma", "nested": {"deep": [[1, 2], [3, 4]]}},
    "count": 32033,
    "gone": UNAVAILABLE,
}

SIMPLE = [
    "The loss is {{ ladder.uniform | num(3) }} nats.",
    "{{ ladder.uniform }}",
    "{{ count | count }} names, {{ ladder.counting | pct }} and {{ ladder.counting | pct(1) }}",
    "{{ ladder.rungs | vec }} then {{ ladder.rungs | vec(3) }}",
    "{{ ladder.rungs[0] | num(4) }} and the last {{ ladder.rungs[-1] }}",
    "{{ walk.lr_at['500'] | num(3) }}",
    "{{ walk.nested.deep[1][0] }} {{walk.name}} {{ walk.name | upper }} {{ walk.name|title|length }}",
    "{{ walk.keys }}",  # the provider's key, never the dict's keys() method
    "{{ ladder.uniform | round(2) }} {{ ladder.steps | string }} {{ ladder.uniform | round(1, 'floor') }}",
    "Ünïcode — {{ walk.name }} ✓\nover\ntwo lines {{ count }}\n",
    "{{ walk.values[1] | abs }} {{ ladder.uniform | int }} {{ ladder.steps | float }}",
]

# Texts Jinja must fill in itself: more than a lookup, or a lookup that fails.
LEFT_TO_JINJA = [
    "{{ count + 1 }}",
    "{% for x in ladder.rungs %}{{ x }} {% endfor %}",
    "{{ ladder.uniform | num(3) }} {# a note #}",
    "{{- count }}",
    "{{ walk.values | map('round', 1) | join(' + ') }}",
    "{{ ladder.labels | join(', ') }}",  # filters that take Jinja's own context or environment
    "{{ walk.values | first }}",
    "{{ ladder.labels | max('xy') }}",  # called without its environment, it would answer 'y'
    "{{ ladder.rungs | max | num(2) }}",
    "\\frac{1}{ {{ count }} }}",
    "{{ ladder.rungs[9] }}",
    "{{ ladder.missing }}",
    "{{ nobody }}",
    "{{ gone.anything }}",
    "{{ ladder.labels | num }}",
    "{{ walk.name | no_such_filter }}",
    "{{ walk.__class__ }}",
    "{{ walk.name.__class__.__mro__ }}",
    "{{ walk.keys() }}",
    "Windows\r\n{{ count }}",
]


def jinja_fills(text, numbers=NUMBERS):
    return compiled(text).render(**numbers_context(numbers))


@pytest.mark.parametrize("text", SIMPLE)
def test_a_simple_text_is_filled_in_as_jinja_fills_it(text, monkeypatch):
    expected = jinja_fills(text)
    assert simple_fill(text, numbers_context(NUMBERS), ENVIRONMENT) == expected
    monkeypatch.setattr(lesson_text, "compiled", lambda body: pytest.fail(f"compiled {body!r}"))
    assert lesson_text.fill_text(text, NUMBERS) == expected


@pytest.mark.parametrize("text", LEFT_TO_JINJA)
def test_anything_more_is_left_to_jinja(text):
    assert simple_fill(text, numbers_context(NUMBERS), ENVIRONMENT) is None


def said(text):
    """What fill_text says of `text`: its result, or its error's kind and message."""
    try:
        return lesson_text.fill_text(text, NUMBERS)
    except (LookupError, NumbersUnavailable) as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize("text", LEFT_TO_JINJA)
def test_a_text_left_to_jinja_says_what_jinja_says(text, monkeypatch):
    with_shortcut = said(text)
    monkeypatch.setattr(lesson_text, "simple_fill", lambda *args: None)
    assert with_shortcut == said(text)


@pytest.mark.parametrize("text, message", [
    ("{{ ladder.missing | num(2) }}", "'missing'"),
    ("{{ ladder.rungs[9] }}", "has no element 9"),
    ("{{ walk.__class__ }}", "'__class__'"),
])
def test_a_mistake_is_still_said(text, message):
    with pytest.raises(LookupError, match=message):
        lesson_text.fill_text(text, NUMBERS)


def test_a_number_whose_provider_failed_stops_the_text_quietly():
    with pytest.raises(NumbersUnavailable):
        lesson_text.fill_text("{{ gone.loss | num(2) }}", NUMBERS)
