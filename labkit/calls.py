"""One call of a function on copies of its arguments, and everything it did, as plain data.

The checker calls the learner's functions, and the mistakes a lab describes, the same
way: what came back (or what was raised), what the call printed, and what became of
each argument. Two calls that agree on all of it behaved the same, which is what a
diagnosis has to show before it is said.
"""

import contextlib
import copy
import io
import random
from dataclasses import dataclass
from operator import is_

from labkit.guard import keep, protected
from labkit.values import READ_CAREFULLY, NotPlainData, all_one_plain_type, close, plain, plain_if_builtin

# An argument that is not plain data (a function passed in, say) is not compared.
NOT_COMPARED = object()


class KeptPrints(io.TextIOBase):
    """Where a call's prints go: the first KEPT characters are kept, the rest only counted.

    A function that prints in an endless loop must not fill the browser's memory while
    the time limit runs out.
    """

    KEPT = 10_000

    def __init__(self):
        super().__init__()
        self.kept = io.StringIO()
        self.size = 0
        self.lines_ended = 0
        self.ends_a_line = True

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        if self.size < self.KEPT:
            self.kept.write(text[: self.KEPT - self.size])
        self.size += len(text)
        self.lines_ended += text.count("\n")
        if text:
            self.ends_a_line = text.endswith("\n")
        return len(text)

    def line_count(self):
        return self.lines_ended + (0 if self.ends_a_line else 1)


@dataclass(frozen=True)
class Outcome:
    """What one call did. Exactly one of `value`, `error` and `unreadable` tells how it ended."""

    function: str
    text: str  # the call as the learner would write it: rmsnorm([8, -4, 4, 2])
    args: tuple  # what went in (the checker's own, never handed to the call)
    value: object = None  # what came back, as plain data
    error: BaseException | None = None  # what it raised instead
    unreadable: NotPlainData | None = None  # what came back could not be read as plain data
    args_after: tuple = ()  # each argument as the call left it (plain data, or NOT_COMPARED)
    printed: str = ""  # its first KeptPrints.KEPT characters
    printed_count: int = 0  # lines, all of them

    @property
    def raised(self):
        return self.error is not None

    @property
    def returned(self):
        return self.error is None and self.unreadable is None

    def printed_lines(self):
        return self.printed.splitlines()

    def changed_args(self):
        """Indexes of the arguments the call changed."""
        return [
            index
            for index, (before, after) in enumerate(zip(self.args, self.args_after))
            if after is not NOT_COMPARED and plain_or_not_compared(before) != after
        ]


def run(function, name, text, args, learner_code=True):
    """Call `function(*copies of args)` with its prints kept and the checker's world protected.

    `learner_code=False` says that no code of the learner's can run in the call (a mistake a lab
    describes, made of the checker's code alone): it needs no protection, whose cost is most
    of a diagnosis's."""
    copies = copied(args)
    printed = KeptPrints()
    fields = {}
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            with protected() if learner_code else contextlib.nullcontext():
                result = function(*copies)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
            fields["error"] = error
        else:
            keep(result)
            try:
                fields["value"] = _read(result)
            except NotPlainData as problem:
                fields["unreadable"] = problem
            except KeyboardInterrupt:
                raise
            except BaseException as error:
                fields["error"] = error
        after = tuple(_after(copied) for copied in copies)
    keep(copies, fields.get("error"))
    kept = printed.kept.getvalue()
    return Outcome(function=name, text=text, args=args, args_after=after, printed=kept, printed_count=printed.line_count(), **fields)


def copied(value, memo=None):
    """copy.deepcopy(value), made faster for the checker's usual arguments: lists, tuples and
    dicts of numbers. A list or dict met twice is copied once, as deepcopy does (the same memo,
    which deepcopy takes over for any other kind of value)."""
    memo = {} if memo is None else memo
    kind = type(value)
    if kind is float or kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is not list and kind is not tuple and kind is not dict and kind is not random.Random:
        return copy.deepcopy(value, memo)
    # Asked once: id() is an audited call (Python 3.12), so each one runs the guard's audit hook.
    place = id(value)
    if place in memo:
        return memo[place]
    if kind is random.Random:
        # deepcopy would copy its state (625 numbers) one number at a time; the numbers are ints,
        # which copying leaves as they are, so a shallow copy is the same copy, far sooner.
        result = memo[place] = copy.copy(value)
        return result
    if kind is dict:
        result = memo[place] = {}
        for key, item in value.items():
            result[copied(key, memo)] = copied(item, memo)
        return result
    if all_one_plain_type(value):
        result = value if kind is tuple else list(value)
    elif kind is list:
        result = memo[place] = []
        result.extend(copied(item, memo) for item in value)
        return result
    else:
        items = [copied(item, memo) for item in value]
        if place in memo:  # copied meanwhile, through a list inside it that holds it
            return memo[place]
        result = value if all(map(is_, items, value)) else tuple(items)  # as deepcopy: a tuple of nothing copied is itself
    memo[place] = result
    return result


def _read(value):
    """`value` as plain data. Reading a learner's own object can run its code (__iter__,
    __float__, ...), so that is done inside protected(); Python's own lists and numbers, the
    usual answer, need no guard (the guard's cost is most of a Check's)."""
    read = plain_if_builtin(value)
    if read is not READ_CAREFULLY:
        return read
    with protected():
        return plain(value)


def _after(argument):
    try:
        return _read(argument)
    except KeyboardInterrupt:
        raise
    except BaseException:
        return NOT_COMPARED


def plain_or_not_compared(value):
    try:
        return plain(value)
    except NotPlainData:
        return NOT_COMPARED


def same_behaviour(one, other, tolerance):
    """True when two outcomes agree: the same error, or close values and arguments left alike."""
    if one.raised or other.raised:
        return (
            one.raised
            and other.raised
            and type(one.error).__name__ == type(other.error).__name__
            and str(one.error) == str(other.error)
        )
    if one.unreadable or other.unreadable:
        return bool(one.unreadable and other.unreadable) and str(one.unreadable) == str(other.unreadable)
    if not close(one.value, other.value, tolerance):
        return False
    return all(
        a is NOT_COMPARED or b is NOT_COMPARED or close(a, b, tolerance)
        for a, b in zip(one.args_after, other.args_after)
    )
