"""Turning learner results into plain data, comparing numbers, showing values."""

import math

DEFAULT_TOLERANCE = 1e-6
_SHOWN_DIGITS = 4
_SHOWN_ITEMS = 8


class NotPlainData(ValueError):
    """A result that is not made of numbers, strings and lists."""


def plain(value, _depth=0):
    """Copy a learner's result into plain lists, floats, ints, strings and bools.

    Grading compares only plain data, so an object that pretends to be equal to
    everything, or a subclass with a doctored `__eq__`, cannot pass a check.
    """
    if _depth > 20:
        raise NotPlainData("it is nested too deeply")
    if value is None or type(value) in (bool, str):
        return value
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, (list, tuple)):
        return [plain(item, _depth + 1) for item in list.__iter__(list(value))]
    if isinstance(value, dict):
        return {str(key): plain(item, _depth + 1) for key, item in dict(value).items()}
    kind = type(value).__name__
    if kind == "generator":
        raise NotPlainData("it is a generator, not a list: wrap it in list(...) or use [... for ...]")
    raise NotPlainData(f"it is a {kind}, not a number or a list of numbers")


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
    return type(value) in (int, float)


def close(got, expected, tolerance=DEFAULT_TOLERANCE):
    """True when two plain values match, numbers within `tolerance`."""
    if is_number(expected):
        if not is_number(got) or math.isnan(got) or math.isinf(got):
            return False
        return abs(got - expected) <= tolerance * max(1.0, abs(expected))
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(got) == len(expected)
            and all(close(g, e, tolerance) for g, e in zip(got, expected))
        )
    return type(got) is type(expected) and got == expected


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
        return str(value)
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
        return repr(value)
    return f"<{type(value).__name__}>"
