"""labkit/realnames.py under CPython: the learner's counting model sampling the real names.

The page runs the same function under Pyodide (tests/test_browser_names_sampler.py); here
the names come from names.txt instead of the wheel's copy.
"""

from pathlib import Path

import pytest

from labkit import realnames
from site_builder.names_data import names_path
from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
LABS = PROJECT / "labs" / "03-counting-model"


@pytest.fixture(autouse=True)
def the_real_names(monkeypatch):
    monkeypatch.setattr(realnames, "NAMES", names_path(PROJECT))
    realnames.names.cache_clear()
    realnames.course_table.cache_clear()
    yield
    realnames.names.cache_clear()
    realnames.course_table.cache_clear()


def code(slug, name="solution.py"):
    return (LABS / slug / name).read_text(encoding="utf-8")


def earlier():
    import json

    return json.dumps([{"title": "the lab “Count every pair”", "code": code("counting-pairs")}, {"title": "the lab “Counts to probabilities”", "code": code("counts-to-probabilities")}])


def test_the_solutions_draw_the_names_the_lesson_shows(capsys):
    result = realnames.sample("03-counting-model/sampling-names", code("sampling-names"), earlier(), "42")
    assert result["status"] == "ok", result
    assert result["names"] == Providers(PROJECT).compute("counting_model:sampling_names")["names"]
    assert result["same"] is True and result["data_names"] == 32033
    assert result["known"] == [name in set(realnames.names()) for name in result["names"]]


def test_another_seed_draws_other_names(capsys):
    first = realnames.sample("x", code("sampling-names"), earlier(), "42")["names"]
    assert realnames.sample("x", code("sampling-names"), earlier(), "43")["names"] != first


def test_a_sampler_that_differs_is_said_not_to_match(capsys):
    result = realnames.sample("x", code("sampling-names", "wrong/greedy.py"), earlier(), "42")
    assert result["status"] == "ok" and result["same"] is False
    assert len(set(result["names"])) == 1


def test_a_missing_function_is_named(capsys):
    result = realnames.sample("x", code("sampling-names"), "[]", "42")
    assert result["status"] == "error"
    assert "bigram_counts()" in result["summary"] and "row_probs()" in result["summary"]


def test_an_error_in_an_earlier_labs_code_says_which_lab(capsys):
    import json

    broken = json.dumps([{"title": "the lab “Count every pair”", "code": "def bigram_counts(names:\n"}])
    result = realnames.sample("x", code("sampling-names"), broken, "42")
    assert result["status"] == "error" and "Count every pair" in result["summary"]
