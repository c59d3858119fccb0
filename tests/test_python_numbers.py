"""Module 1's numbers are computed from the names, never typed.

The provider is checked against counts made here straight from names.txt, and then fed
other names: every number the lessons show must follow the data it is given.
"""

import importlib.util
from pathlib import Path

import pytest

from microgpt.model import GPTConfig
from site_builder.names_data import names_path

PROJECT = Path(__file__).resolve().parent.parent
PROVIDER = PROJECT / "course" / "numbers" / "python.py"


@pytest.fixture
def python_numbers():
    spec = importlib.util.spec_from_file_location("module1_numbers", PROVIDER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def names():
    return names_path(PROJECT).read_text(encoding="utf-8").split()


def test_lessons_count_what_the_file_holds(python_numbers, names):
    letters = "".join(names)
    values = python_numbers.values_and_variables()
    assert values["count"] == len(names)
    assert values["longest_length"] == max(len(name) for name in names)
    assert python_numbers.loops_and_totals()["all_as"] == letters.count("a")
    assert python_numbers.functions_that_return()["all_mean"] == pytest.approx(len(letters) / len(names))
    assert python_numbers.dicts_sets_sorted()["alphabet"] == sorted(set(letters))


def test_the_heads_tile_the_models_vector(python_numbers):
    config = GPTConfig()
    numbers = python_numbers.lists_and_slices()
    pieces = [head["slice"] for head in numbers["heads"]]
    assert len(pieces) == config.n_head
    assert all(len(piece) == config.head_dim for piece in pieces)
    assert [x for piece in pieces for x in piece] == numbers["vector"]


def test_every_number_follows_the_names_it_is_given(python_numbers, monkeypatch):
    monkeypatch.setattr(python_numbers, "course_names", lambda root: ("bob", "anna", "zoe"))
    values = python_numbers.values_and_variables()
    assert (values["count"], values["first"], values["longest"]) == (3, "bob", "anna")
    assert python_numbers.loops_and_totals()["all_as"] == 2
    assert python_numbers.functions_that_return()["lengths"] == [3, 4, 3]
    counts = python_numbers.dicts_sets_sorted()
    assert counts["alphabet"] == ["a", "b", "e", "n", "o", "z"]
    assert counts["top_three_counts"] == [2, 2, 2]
