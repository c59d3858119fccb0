"""Turning learner results into plain data, comparing numbers, showing values."""

import math
from itertools import repeat
from operator import is_

DEFAULT_TOLERANCE = 1e-6
_SHOWN_DIGITS = 4
_SHOWN_ITEMS = 8
_LONGEST_STR = 60  # characters of a string shown in a message
_LONGEST_INT = 30  # digits of a whole number shown in full


class NotPlainData(ValueError):
    """A result that is not made of numbers, strings and lists.

    `what` says what the odd value is ("a generator, not a list"); `path` where it sits
    in the result ([0] is its first item); str() puts the two together for a message.
    """

    def __init__(self, what, path=(), note=""):
        self.what = what
        self.path = tuple(path)
        self.note = note
        super().__init__(self.describe())

    def describe(self):
        spot = "".join(f"[{index!r}]" for index in self.path)
        what = self.what
        if what == GENERATOR_KIND:  # where a list is wanted at the top, and numbers inside it
            what += ", not a number" if self.path else ", not a list"
        said = f"the item at {spot} is {what}" if self.path else f"it is {what}"
        return f"{said}. {self.note}" if self.note else said


# What a generator is, in words that do not guess how the learner made one.
GENERATOR_KIND = "a generator"
GENERATOR = "A generator hands out its values one at a time to a loop; it does not hold them the way a list does."


def all_one_plain_type(items):
    """True when every item of the list or tuple `items` is a float, or every one an int, or a
    str: a row that plain() would give back as it is. Checked in C, by identity of the exact
    type (a learner's type could answer == or hash(), so it is never put in a set)."""
    if not items:
        return True
    first = type(items[0])
    return (first is float or first is int or first is str) and all(map(is_, map(type, items), repeat(first)))


DEEPEST = 20  # levels of lists and dicts plain() reads; a value nested deeper is refused


def plain(value, _depth=0):
    """Copy a learner's result into plain lists, floats, ints, strings and bools.

    Grading compares only plain data, so an object that pretends to be equal to
    everything, or a subclass with a doctored `__eq__`, cannot pass a check.
    """
    if _depth > DEEPEST:
        raise NotPlainData("nested too deeply")
    kind = type(value)  # compared by identity: a learner's metaclass could answer ==
    if value is None or kind is bool or kind is str:
        return value
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if (kind is list or kind is tuple) and _depth < DEEPEST and all_one_plain_type(value):
        return list(value)  # a row of numbers, the usual answer: what the loop below would make
    if isinstance(value, (list, tuple)):
        return [_plain_item(item, index, _depth) for index, item in enumerate(list.__iter__(list(value)))]
    if isinstance(value, dict):
        return {str(key): _plain_item(item, str(key), _depth) for key, item in dict(value).items()}
    kind = type(value).__name__
    if kind == "generator":
        raise NotPlainData(GENERATOR_KIND, note=GENERATOR)
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    raise NotPlainData(f"{article} {kind}, not a number or a list of numbers")


# What plain_if_builtin() gives for a value it leaves to plain() under the guard.
READ_CAREFULLY = object()


class _Careful(Exception):
    """Raised inside plain_if_builtin() on meeting anything but Python's own data."""


def plain_if_builtin(value, most=10_000):
    """plain(value), when `value` is made of Python's own ints, floats, strings, bools, None,
    lists, tuples and dicts (with such keys) alone, no subclass among them: reading it then runs
    no code of the learner's, and it is read and copied in one walk. READ_CAREFULLY for anything
    else, or deeper than plain() reads, or bigger than `most` items: plain() reads those under
    the guard, and says what is wrong with them."""
    budget = [most]

    def copy(item, depth):
        kind = type(item)  # compared by identity: a learner's metaclass could answer == or hash()
        if kind is float or kind is int or kind is str or kind is bool or item is None:
            return item
        if not (kind is list or kind is tuple or kind is dict) or depth >= DEEPEST:
            raise _Careful
        budget[0] -= len(item)
        if budget[0] < 0:
            raise _Careful
        if kind is dict:
            copied = {}
            for key, part in item.items():
                key_kind = type(key)
                if not (key_kind is str or key_kind is int or key_kind is float or key_kind is bool or key is None):
                    raise _Careful
                copied[str(key)] = copy(part, depth + 1)  # as plain() names a key
            return copied
        if all_one_plain_type(item):
            return list(item)  # a row of numbers, the usual answer: nothing in it to look into
        return [copy(part, depth + 1) for part in item]

    try:
        return copy(value, 0)
    except _Careful:
        return READ_CAREFULLY


def _plain_item(item, key, depth):
    try:
        return plain(item, depth + 1)
    except NotPlainData as problem:
        raise NotPlainData(problem.what, (key, *problem.path), problem.note) from None


def find_not_finite(value):
    """'nan', 'inf' or '-inf' if a plain value holds one, else None."""
    if type(value) is float and (math.isnan(value) or math.isinf(value)):
        return repr(value)
    if isinstance(value, list):
        for item in value:
            found = find_not_finite(item)
            if found:
                return found
    if isinstance(value, dict):
        return next(filter(None, map(find_not_finite, value.values())), None)
    return None


def is_number(value):
    """An int or a float of Python's own, told by identity (a learner's metaclass could answer ==)."""
    kind = type(value)
    return kind is int or kind is float


def as_float(value):
    """A plain number as a float; None for an int too large to be one (10**400, say)."""
    try:
        return float(value)
    except OverflowError:
        return None


def is_finite_number(value):
    if not is_number(value):
        return False
    number = as_float(value)
    return number is not None and math.isfinite(number)


def close(got, expected, tolerance=DEFAULT_TOLERANCE):
    """True when two plain values match, numbers within `tolerance`."""
    if is_number(expected):
        if type(got) is int and type(expected) is int and got == expected:
            return True  # exact, however large
        if not is_finite_number(got):
            return False
        return abs(float(got) - expected) <= tolerance * max(1.0, abs(expected))
    if isinstance(expected, list):
        if not (isinstance(got, list) and len(got) == len(expected)):
            return False
        if expected and type(expected[0]) is float and all_one_plain_type(expected) and all_one_plain_type(got) and type(got[0]) is float:
            return floats_close(got, expected, tolerance)  # a row of numbers, the usual answer: no call per item
        return all(close(g, e, tolerance) for g, e in zip(got, expected))
    return type(got) is type(expected) and got == expected


def floats_close(got, expected, tolerance):
    """close() for two equally long lists of floats, item by item, as close() compares two floats."""
    isfinite = math.isfinite
    if got == expected:  # floats alone (the caller made sure): compared in C, no code of anyone's runs
        return all(map(isfinite, got))  # equal, so close, unless one is not a number at all
    for g, e in zip(got, expected):
        if not (isfinite(g) and abs(g - e) <= tolerance * max(1.0, abs(e))):
            return False
    return True


def shape_of(value):
    """A short description of a value's shape, for messages: 'a list of 3 numbers'."""
    if is_number(value):
        return "a number"
    if isinstance(value, list):
        if value and all(is_number(item) for item in value):
            return f"a list of {len(value)} number{'s' if len(value) != 1 else ''}"
        if value and all(isinstance(item, list) for item in value):
            return f"a list of {len(value)} list{'s' if len(value) != 1 else ''}"
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True or False"
    if isinstance(value, str):
        return "a string"
    return f"a {type(value).__name__}"


def same_shape(got, expected):
    if is_number(expected):
        return is_number(got)
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(got) == len(expected)
            and all(same_shape(g, e) for g, e in zip(got, expected))
        )
    return type(got) is type(expected)


def show(value, digits=_SHOWN_DIGITS):
    """Show a value the way a beginner would write it: short, rounded numbers."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if type(value) is int:
        return show_int(value)
    if type(value) is float:
        if math.isnan(value) or math.isinf(value):
            return repr(value)
        rounded = round(value, digits)
        if rounded == int(rounded) and abs(rounded) < 1e15:
            return str(int(rounded)) if value == int(value) else f"{rounded:.1f}"
        return f"{rounded:.{digits}f}".rstrip("0")
    if isinstance(value, (list, tuple)):
        items = [show(item, digits) for item in value[:_SHOWN_ITEMS]]
        if len(value) > _SHOWN_ITEMS:
            items.append(f"... {len(value) - _SHOWN_ITEMS} more")
        return "[" + ", ".join(items) + "]"
    if isinstance(value, str):
        return show_str(value)
    if isinstance(value, dict):
        items = [f"{show_str(str(key))}: {show(item, digits)}" for key, item in list(value.items())[:_SHOWN_ITEMS]]
        if len(value) > _SHOWN_ITEMS:
            items.append(f"... {len(value) - _SHOWN_ITEMS} more")
        return "{" + ", ".join(items) + "}"
    if callable(value) and isinstance(getattr(value, "__name__", None), str):
        return value.__name__  # a function passed to the learner's: called by its name
    return f"<{type(value).__name__}>"


def show_int(value):
    """A whole number as written, or its first digits and its length when it is too long to read."""
    if abs(value) < 10**_LONGEST_INT:
        return str(value)
    # str() of an int of thousands of digits is slow, and past 4,300 digits Python refuses it.
    digits = int(abs(value).bit_length() * math.log10(2)) + 1
    return f"{'-' if value < 0 else ''}a whole number about {digits:,} digits long"


def show_str(value):
    """A string as Python writes it, cut after its first characters when it is long."""
    if len(value) <= _LONGEST_STR:
        return repr(value)
    return f"{repr(value[:_LONGEST_STR])[:-1]}...' ({len(value):,} characters in all)"


# --- a learner's value beside the expected one ------------------------------------------

_MOST_DIGITS = 17  # enough for any float to show as itself


def first_difference(got, expected, tolerance=DEFAULT_TOLERANCE):
    """The path ((1, 0) for [1][0]) to the first place where two plain values differ; None when close.

    () means they differ as a whole: two numbers, or lists of different lengths.
    """
    if close(got, expected, tolerance):
        return None
    if isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected):
        for index, (g, e) in enumerate(zip(got, expected)):
            inner = first_difference(g, e, tolerance)
            if inner is not None:
                return (index, *inner)
    return ()


def at(value, path):
    for index in path:
        value = value[index]
    return value


def rounded(value, digits):
    """What show() writes for a value, as numbers: 1.0 and 1 are the same here, "1.0" and "1" are not."""
    if isinstance(value, list):
        return [rounded(item, digits) for item in value]
    if is_finite_number(value):
        return round(float(value), digits)
    return value


def digits_apart(got, expected):
    """The fewest digits (at least the usual 4) at which two values round to different numbers."""
    for digits in range(_SHOWN_DIGITS, _MOST_DIGITS + 1):
        if rounded(got, digits) != rounded(expected, digits):
            return digits
    return _MOST_DIGITS


def show_kept(value, digits):
    """show(), but a number shown past the usual digits keeps its last zeros: 0.55080 beside 0.55077, not 0.5508."""
    if type(value) is float and digits > _SHOWN_DIGITS and math.isfinite(value) and abs(value) < 1e15:
        return f"{round(value, digits):.{digits}f}"
    return show(value, digits)


def shown_apart(got, expected, tolerance=DEFAULT_TOLERANCE):
    """(got, expected, where) as text, never written alike when the two values differ.

    Both are written with the fewest digits that tell their first difference apart.
    `where` is "" or, for a long or nested list, a sentence pointing at that difference
    ("They first differ at [3][1]: 0.5 here, 0.4999 expected."), because a long list
    is cut after a few items and a nested one is hard to compare by eye.
    """
    path = first_difference(got, expected, tolerance)
    if path is None:
        return show(got), show(expected), ""
    digits = digits_apart(at(got, path), at(expected, path))
    got_text, expected_text = show_kept(got, digits), show(expected, digits)
    where = ""
    hidden = any(index >= _SHOWN_ITEMS for index in path)
    if path and (hidden or len(path) > 1 or len(got) > _SHOWN_ITEMS or got_text == expected_text):
        spot = "".join(f"[{index}]" for index in path)
        here, there = show_kept(at(got, path), digits), show(at(expected, path), digits)
        if here == there:  # two long strings alike in their first characters, say
            here, there = repr(at(got, path)), repr(at(expected, path))
        where = f"They first differ at {spot}: {here} here, {there} expected."
    elif got_text == expected_text:  # no digits tell them apart (two long strings, two dicts): write them whole
        got_text, expected_text = repr(got), repr(expected)
    return got_text, expected_text, where
