import math

import pytest

from labkit.values import NotPlainData, close, plain, shape_of, show


def test_plain_copies_lists_and_tuples():
    assert plain((1, [2.5, (3,)])) == [1, [2.5, [3]]]


def test_plain_rejects_generators_with_advice():
    with pytest.raises(NotPlainData, match="generator, not a list"):
        plain(x for x in [1])


def test_plain_strips_float_subclasses():
    class Sneaky(float):
        def __eq__(self, other):
            return True

    value = plain(Sneaky(1.5))
    assert type(value) is float and value == 1.5


def test_plain_rejects_objects_equal_to_everything():
    class AlwaysEqual:
        def __eq__(self, other):
            return True

    with pytest.raises(NotPlainData, match="AlwaysEqual"):
        plain(AlwaysEqual())


@pytest.mark.parametrize(
    "got, expected, result",
    [
        (1.0000001, 1.0, True),
        (1.001, 1.0, False),
        ([1, 2], [1.0, 2.0], True),
        ([1], [1, 2], False),
        (math.nan, 1.0, False),
        (math.inf, math.inf, False),
        (True, 1, False),
        ("1", 1, False),
    ],
)
def test_close(got, expected, result):
    assert close(got, expected) is result


def test_show_rounds_for_beginners():
    assert show([7.17973050085992, 2.82026949914008]) == "[7.1797, 2.8203]"
    assert show([10, 0.5, 2.0]) == "[10, 0.5, 2]"
    assert show(list(range(10))) == "[0, 1, 2, 3, 4, 5, 6, 7, ... 2 more]"


def test_shape_of():
    assert shape_of([1.0, 2.0]) == "a list of 2 numbers"
    assert shape_of([[1], [2]]) == "a list of 2 lists"
    assert shape_of(None) == "None"
