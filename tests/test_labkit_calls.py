"""labkit/calls.py: the copies a call is given."""

import copy
import random

import pytest

from labkit.calls import copied, run


def shape(value, seen=None):
    """`value`'s structure with each list, dict and tuple numbered the first time it is met: two copies alike alias alike."""
    seen = {} if seen is None else seen
    if isinstance(value, (list, tuple, dict, set)):
        if id(value) in seen:
            return ("again", seen[id(value)])
        seen[id(value)] = len(seen)
        items = list(value.items()) if isinstance(value, dict) else list(value)
        return (type(value).__name__, [shape(item, seen) for item in items])
    return (type(value).__name__, value)


def containers(value, found=None):
    found = [] if found is None else found
    if isinstance(value, (list, dict, set)):
        found.append(id(value))
    if isinstance(value, (list, tuple, set)):
        for item in value:
            containers(item, found)
    if isinstance(value, dict):
        for item in value.values():
            containers(item, found)
    return found


ROW = [0.5, 1.5]
MATRIX = [[0.25, -1.0], [3.0, 4.5]]
ARGUMENTS = [
    (),
    (1, "x", None, True, 2.5),
    ([1, 2], [1.5, 2.5], ["a"]),
    ({"wte": MATRIX, "lm_head": MATRIX}, ROW, ROW),  # one matrix under two names, one row passed twice
    ((ROW, ROW), [ROW, (1, 2)]),
    ([[], {}], ({1: [1]},)),
    ({1, 2}, [frozenset({3})]),
    ([1, 2.5, True],),
]


@pytest.mark.parametrize("args", ARGUMENTS)
def test_copied_gives_what_deepcopy_gives(args):
    mine, theirs = copied(args), copy.deepcopy(args)
    assert mine == theirs
    assert shape(mine) == shape(theirs), "aliased otherwise than deepcopy aliases"
    assert not set(containers(mine)) & set(containers(args)), "a list, dict or set of the checker's own handed out"


def test_a_random_generator_is_copied_as_deepcopy_copies_it():
    rng = random.Random(7)
    rng.random()  # a state part-way along, with a pending gauss draw too
    rng.gauss(0, 1)
    args = (rng, [rng], {"rng": rng})
    mine, theirs = copied(args), copy.deepcopy(args)
    assert mine[0] is not rng and mine[1][0] is mine[0] and mine[2]["rng"] is mine[0]  # one copy, met three times
    assert mine[0].getstate() == theirs[0].getstate() == rng.getstate()
    draws = [mine[0].random(), mine[0].gauss(0, 1), mine[0].choices(range(27), k=5)]
    assert draws == [theirs[0].random(), theirs[0].gauss(0, 1), theirs[0].choices(range(27), k=5)]
    assert rng.getstate() != mine[0].getstate(), "drawing from the copy moved the checker's own generator"


def test_copied_follows_a_tuple_that_holds_itself_through_a_list():
    inner = []
    outer = (inner,)
    inner.append(outer)
    copy_ = copied(outer)
    assert copy_[0][0] is copy_ and copy_[0] is not inner


def test_a_call_that_changes_its_arguments_leaves_the_checkers_alone():
    args = ([[1.0, 2.0], [3.0]], {"w": [0.5]})

    def scribbles(rows, weights):
        rows[0][0] = 99.0
        rows.append([7.0])
        weights["w"].clear()

    outcome = run(scribbles, "scribbles", "scribbles(...)", args)
    assert args == ([[1.0, 2.0], [3.0]], {"w": [0.5]})
    assert outcome.args_after == ([[99.0, 2.0], [3.0], [7.0]], {"w": []})
    assert outcome.changed_args() == [0, 1]
