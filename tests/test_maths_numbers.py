"""Module 4's numbers, recomputed another way.

The provider (course/numbers/maths.py) is checked against sums written out here with
`math.fsum` and plain loops, and against the trained model read straight from
course/checkpoint.json (its JSON, not the provider's helpers), so a slip in a provider
cannot hide behind itself.
"""

import importlib
import json
import math
from pathlib import Path

import pytest

import microgpt
from site_builder.numbers import fresh_package

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def maths():
    fresh_package(PROJECT / "course" / "numbers")
    return importlib.import_module("course_numbers.maths")


@pytest.fixture(scope="module")
def wte():
    """The token embeddings as the checkpoint file stores them, one row per token (BOS last)."""
    data = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
    assert data["vocabulary"] == {"chars": LETTERS, "bos": 26}
    return data["weights"]["wte"]


def test_the_dot_product_by_hand(maths):
    d = maths.dot_product()
    assert d["products"] == [1 * 4, 2 * 5, 3 * 6]
    assert d["dot"] == 4 + 10 + 18
    assert d["quiz_dot"] == 2 * 3 + 0 * 5 + (-1) * 4
    assert (d["same_way"], d["across"], d["opposite"]) == (1, 0, -1)


def test_letters_against_e_are_the_checkpoints_dot_products(maths, wte):
    d = maths.dot_product()
    e = wte[LETTERS.index(d["letter"])]
    expected = {}
    for token, row in enumerate(wte):
        name = LETTERS[token] if token < 26 else "end"
        if name != d["letter"]:
            expected[name] = math.fsum(x * y for x, y in zip(e, row))
    assert len(d["chart"]["x"]) == len(expected) == 26
    for name, value in zip(d["chart"]["x"], d["chart"]["y"]):
        assert value == pytest.approx(expected[name], abs=1e-12)
    assert d["chart"]["y"] == sorted(d["chart"]["y"], reverse=True)
    assert set(d["top"]) == {"a", "i", "o", "u"}  # what the lesson says to look for
    assert d["with_itself"] == pytest.approx(math.fsum(x * x for x in e), abs=1e-12)
    assert d["negative"] == sum(1 for v in expected.values() if v < 0)
    assert d["bottom"] == min(expected, key=expected.get)
