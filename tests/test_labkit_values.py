import math

import pytest

from labkit.values import READ_CAREFULLY, NotPlainData, close, is_number, plain, plain_if_builtin, shape_of, show


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


# --- a learner's value beside the expected one: never written alike -------------------------

import random  # noqa: E402

from labkit.values import first_difference, shown_apart  # noqa: E402


@pytest.mark.parametrize(
    "got, expected, shown",
    [
        # 1e-5 added after the square root instead of inside it: equal to 4 digits.
        ([1.599997, -0.799998, 0.799998, 0.399999], [1.59999968, -0.79999984, 0.79999984, 0.39999992], ("[1.599997, -0.799998, 0.799998, 0.399999]", "[1.6, -0.8, 0.8, 0.4]")),
        # Divided by len(q) instead of its square root, on scores 3,200 apart from nothing.
        ([0.9999546, 0.0000454], [0.999999998, 2e-9], ("[0.99995, 0.00005]", "[1.0, 0.0]")),
        (1.0000031, 1.0, ("1.000003", "1")),
        ([7.1797, 2.8203], [7.1797, 2.8203 + 1e-3], ("[7.1797, 2.8203]", "[7.1797, 2.8213]")),
    ],
)
def test_shown_apart_uses_the_fewest_digits_that_differ(got, expected, shown):
    assert shown_apart(got, expected)[:2] == shown


def test_shown_apart_points_at_a_difference_the_cut_list_hides():
    got, expected = [1.0] * 16, [1.0] * 12 + [1.5] + [1.0] * 3
    got_text, expected_text, where = shown_apart(got, expected)
    assert got_text == expected_text  # both cut after 8 items...
    assert where == "They first differ at [12]: 1 here, 1.5 expected."  # ...so the place is named


def test_shown_apart_points_into_a_list_of_lists():
    assert shown_apart([[4, 0], [4, 0]], [[4, 0], [2.679, 1.321]])[2] == "They first differ at [1][0]: 4 here, 2.679 expected."


def test_first_difference_is_none_within_tolerance_and_a_path_otherwise():
    assert first_difference([1, 2.0000000001], [1, 2]) is None
    assert first_difference([[1], [2, 3]], [[1], [2, 4]]) == (1, 1)
    assert first_difference([1, 2], [1, 2, 3]) == ()


def test_a_failing_value_is_never_written_like_the_expected_one():
    """Pairs of lists that differ by a hair somewhere: the texts (or the pointer) always tell them apart."""
    rng = random.Random(8)
    for _ in range(2000):
        size = rng.randint(1, 20)
        expected = [rng.uniform(-100, 100) for _ in range(size)]
        got = list(expected)
        spot = rng.randrange(size)
        got[spot] = expected[spot] * (1 + rng.choice([-1, 1]) * 10 ** rng.uniform(-5.9, -2)) + rng.choice([0, 2e-6])
        if first_difference(got, expected) is None:
            continue
        got_text, expected_text, where = shown_apart(got, expected)
        assert got_text != expected_text or where, (got, expected)
        if where:
            here, there = where.split(": ", 1)[1].rstrip(".").split(" here, ")
            assert here != there.removesuffix(" expected")


def test_a_long_string_is_shown_cut_with_its_length():
    shown = show("x" * 100_000)
    assert len(shown) < 120
    assert shown.startswith("'xxx") and "(100,000 characters in all)" in shown


def test_a_whole_number_too_long_to_read_is_shown_by_its_length():
    assert show(12345) == "12345"
    assert show(10**400) == "a whole number about 401 digits long"
    assert show(-(10**5000)) == "-a whole number about 5,001 digits long"  # past Python's own str() limit


def test_a_big_dict_is_cut_like_a_list():
    shown = show({str(i): i for i in range(100)})
    assert shown.endswith("... 92 more}")


def test_an_int_too_large_for_a_float_is_not_close_to_anything_but_itself():
    assert not close(10**400, 1.0)
    assert not close([10**400, 0], [7.2, 2.8])
    assert close(10**400, 10**400)


def test_a_number_shown_past_four_digits_keeps_its_last_zeros():
    """0.5508 beside 0.55077 reads like a rounding of the same number; 0.55080 does not."""
    assert shown_apart(0.5508, 0.550771)[:2] == ("0.55080", "0.55077")
    assert shown_apart(1.500002, 1.5)[:2] == ("1.500002", "1.5")
    assert shown_apart(0.00003, 0)[:2] == ("0.00003", "0")


def test_two_long_strings_alike_in_their_first_characters_are_written_whole():
    got, expected = "a" * 70 + "b", "a" * 70 + "c"
    got_text, expected_text, _ = shown_apart(got, expected)
    assert got_text != expected_text and got_text.endswith("b'")
    where = shown_apart(["x", got], ["x", expected])[2]
    assert where.startswith("They first differ at [1]: ") and "b' here" in where


def test_shape_of_a_string_and_a_bool_in_plain_words():
    assert shape_of("emma") == "a string"
    assert shape_of(True) == "True or False"


class Asked(type):
    """A metaclass that notes each time its classes are compared or hashed: learner code that plain() must not run."""

    asked = []

    def __eq__(cls, other):
        Asked.asked.append("==")
        return True

    def __hash__(cls):
        Asked.asked.append("hash")
        return hash(float)


class LooksLikeAFloat(float, metaclass=Asked):
    def __eq__(self, other):
        return True


@pytest.mark.parametrize("row", [
    [1.5, LooksLikeAFloat(2.5)],
    [LooksLikeAFloat(2.5), 1.5],
    (1.5, 2.5, LooksLikeAFloat(3.5)),
    [1, 2.5],  # two plain types in one row: read item by item
    [True, 1],
])
def test_a_row_with_anything_but_one_plain_type_is_read_item_by_item(row):
    own_types = all(any(type(item) is kind for kind in (int, float, bool)) for item in row)  # by identity, as plain() must
    Asked.asked.clear()
    value = plain(row)
    read = plain_if_builtin(row)
    assert Asked.asked == [], "a learner's type was compared or hashed"
    assert all(type(got) is type(item) or type(got) is float for got, item in zip(value, row))
    assert value == [float(item) if isinstance(item, float) else item for item in row]
    assert (read is not READ_CAREFULLY) is own_types
    if own_types:
        assert read == value and [type(item) for item in read] == [type(item) for item in value]


@pytest.mark.parametrize("row", [[0.5, -1.25, 3.0], [1, 2, 3], ["a", "b"], [], (0.5, 2.0), [[0.5, 1.5], [2.5]]])
def test_a_row_of_one_plain_type_reads_as_the_same_list(row):
    value = plain(row)
    assert type(value) is list and value == list(plain(item) for item in row)
    assert value is not row
    read = plain_if_builtin(row)
    assert read == value and type(read) is list and read is not row


def test_a_row_is_too_deep_where_its_numbers_would_be():
    deep = [0.5]
    for _ in range(20):
        deep = [deep]
    with pytest.raises(NotPlainData, match="nested too deeply"):
        plain(deep)
    assert plain(deep[0]) == deep[0]
    assert plain_if_builtin(deep) is READ_CAREFULLY
    assert plain_if_builtin(deep[0]) == deep[0]


def test_a_number_of_a_learners_type_is_read_without_asking_its_type():
    Asked.asked.clear()
    value = plain(LooksLikeAFloat(2.5))
    assert type(value) is float and value == 2.5
    assert not is_number(LooksLikeAFloat(2.5))
    assert Asked.asked == [], "a learner's type was compared or hashed"


def close_item_by_item(got, expected, tolerance):
    """close() as it reads a list without its shortcut for rows of floats: one item at a time."""
    return isinstance(got, list) and len(got) == len(expected) and all(close(g, e, tolerance) for g, e in zip(got, expected))


SPECIAL = [0.0, -0.0, 1.0, -1.0, 1e-300, 1e300, float("inf"), float("-inf"), float("nan"), 3.0000001, 2.9999999]


def test_a_row_of_floats_is_compared_exactly_as_item_by_item():
    rng = random.Random(4)
    for _ in range(3000):
        size = rng.randint(1, 5)
        expected = [rng.choice(SPECIAL + [rng.uniform(-5, 5)]) for _ in range(size)]
        got = [e if rng.random() < 0.5 else rng.choice(SPECIAL + [e + rng.choice((1e-7, 1e-5, -1e-9)), e * (1 + 1e-7)]) for e in expected]
        if rng.random() < 0.1:
            got = got[:-1] or [0.0, 0.0]  # another length
        tolerance = rng.choice((1e-6, 1e-9, 0.0))
        assert close(got, expected, tolerance) is close_item_by_item(got, expected, tolerance), (got, expected, tolerance)


@pytest.mark.parametrize(
    "got, expected",
    [([1, 2.0], [1.0, 2.0]), ([1.0, 2.0], [1, 2.0]), ([True, 1.0], [1.0, 1.0]), ([1.0, "2"], [1.0, 2.0]), ([10**400, 1.0], [1.0, 1.0])],
)
def test_a_row_that_is_not_all_floats_on_both_sides_is_compared_item_by_item(got, expected):
    assert close(got, expected) is close_item_by_item(got, expected, 1e-6)


def same_types(a, b):
    """Equal, and of the same types all the way down (1 == 1.0 == True would pass ==)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_types(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_types(a[key], b[key]) for key in a)
    return a == b or (a != a and b != b)  # nan


def random_data(rng, depth=0):
    kind = rng.choice(["float", "int", "str", "bool", "none", "list", "tuple", "dict", "row", "chain"] if depth < 23 else ["float", "int"])
    if kind == "float":
        return rng.choice([0.5, -0.0, float("inf"), float("nan"), rng.uniform(-9, 9)])
    if kind == "int":
        return rng.choice([0, 7, -3, 10**40])
    if kind == "str":
        return rng.choice(["", "a", "emma"])
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "none":
        return None
    if kind == "row":
        return [rng.uniform(-1, 1) for _ in range(rng.randint(0, 30))]
    if kind == "chain":  # about as deep as plain() reads, or deeper
        value = rng.choice([0.5, [0.5, 1.5], "x"])
        for _ in range(rng.randint(17, 22)):
            value = rng.choice([[value], (value,), {"k": value}])
        return value
    items = [random_data(rng, depth + 1) for _ in range(rng.choice([0, 1, 2, 3]))]
    if kind == "dict":
        keys = [rng.choice(["k", 1, 1.5, True, None, "1"]) for _ in items]
        return dict(zip(keys, items))
    return tuple(items) if kind == "tuple" else items


def test_python_s_own_data_is_read_in_one_walk_exactly_as_plain_reads_it():
    rng = random.Random(11)
    deepest = 0  # values too deep to read
    for _ in range(4000):
        value = random_data(rng)
        try:
            expected = plain(value)
        except NotPlainData:
            expected = READ_CAREFULLY  # too deep: plain() says so under the guard
        read = plain_if_builtin(value)
        assert read is expected if expected is READ_CAREFULLY else same_types(read, expected), value
        deepest += read is READ_CAREFULLY
    assert deepest > 50  # some values were too deep to read


class KeyOfItsOwn(str):
    pass


def test_anything_but_python_s_own_data_is_left_to_be_read_under_the_guard():
    shared = [0.5, 1.5]
    cycle = [1.0]
    cycle.append(cycle)
    Asked.asked.clear()
    for value in ([1.5, LooksLikeAFloat(2.5)], {"a": [LooksLikeAFloat(1.0)]}, {KeyOfItsOwn("k"): 2}, (x for x in [1]), cycle, [[0.5] * 5000, [0.5] * 4999]):
        assert plain_if_builtin(value) is READ_CAREFULLY
    assert Asked.asked == [], "a learner's type was compared or hashed"
    read = plain_if_builtin([shared, shared])
    assert read == [shared, shared] and read[0] is not read[1] and read[0] is not shared  # each a copy of its own, as plain() makes
    assert plain_if_builtin([[0.5] * 5000, [0.5] * 4998]) == [[0.5] * 5000, [0.5] * 4998]  # 10,000 items in all: the most read at once
    keys_named_alike = {1: "a", "1": "b", 2.5: "c", None: "d"}
    assert same_types(plain_if_builtin(keys_named_alike), plain(keys_named_alike))
