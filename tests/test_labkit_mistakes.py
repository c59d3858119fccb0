"""A diagnosis is said only when the mistake it names reproduces what the learner's code did."""

from labkit import grading
from labkit.grading import LabBundle

SCALE = '''
import math

from labkit import Checks

checks = Checks()
four = checks.case("scale", [1, 1, 1, 1])
two = checks.case("scale", [3, 4])


@checks.mistake("scale", "You divided by len(v) instead of its square root.")
def by_len(v):
    return [x / len(v) for x in v]


@checks.mistake("scale", "You forgot to divide.")
def not_divided(v):
    return list(v)


@checks.check("Four numbers")
def four_numbers(t):
    t.require_close(four, "Each number is divided by the square root of len(v).")


@checks.check("Two numbers")
def two_numbers(t):
    t.require_close(two)
'''
# The solution divides every number by math.sqrt(len(v)).
EXPECTED = [[0.5, 0.5, 0.5, 0.5], [3 / 2**0.5, 4 / 2**0.5]]


def messages(code, checks=SCALE, expected=EXPECTED, functions=("scale",)):
    result = grading.check(LabBundle("m/scale", checks, expected, list(functions)), code, raise_check_errors=True)
    return [c["message"] for c in result["checks"] if not c["passed"]]


def test_the_diagnosis_is_said_when_the_mistake_reproduces_every_case():
    first, second = messages("def scale(v):\n    return [x / len(v) for x in v]\n")
    assert first == "scale([1, 1, 1, 1]) returned [0.25, 0.25, 0.25, 0.25]; expected [0.5, 0.5, 0.5, 0.5]. You divided by len(v) instead of its square root."
    assert second.endswith("That is the same mistake as above.")


def test_a_mistake_that_fits_one_case_but_not_another_is_not_said():
    # Right for four numbers by accident (len 4 -> 0.25 twice over), wrong in another way for two.
    code = "def scale(v):\n    if len(v) == 4:\n        return [x / 4 for x in v]\n    return [x / 3 for x in v]\n"
    first, second = messages(code)
    assert "len(v) instead" not in first + second
    assert first.endswith("Each number is divided by the square root of len(v).")
    assert second == "scale([3, 4]) returned [1, 1.3333]; expected [2.1213, 2.8284]."


def test_a_result_no_mistake_gives_gets_only_what_differs():
    (first, second) = messages("def scale(v):\n    return [x * 2 for x in v]\n")
    assert first == "scale([1, 1, 1, 1]) returned [2, 2, 2, 2]; expected [0.5, 0.5, 0.5, 0.5]. Each number is divided by the square root of len(v)."
    assert second == "scale([3, 4]) returned [6, 8]; expected [2.1213, 2.8284]."


def test_two_different_mistakes_that_both_fit_are_neither_said():
    both = SCALE.replace('"You forgot to divide."', '"Another explanation."').replace(
        "return list(v)", "return [x / len(v) for x in v]"
    )
    said = messages("def scale(v):\n    return [x / len(v) for x in v]\n", checks=both)
    assert not any("len(v) instead" in m or "Another explanation" in m for m in said)


def test_a_mistake_that_raises_the_same_error_is_said_after_the_traceback():
    checks = SCALE.replace(
        "def by_len(v):\n    return [x / len(v) for x in v]",
        "def by_len(v):\n    return [x / (len(v) - 2) for x in v]",
    ).replace("You divided by len(v) instead of its square root.", "len(v) - 2 is 0 for two numbers.")
    code = "def scale(v):\n    return [x / (len(v) - 2) for x in v]\n"
    two_numbers = messages(code, checks=checks)[-1]
    assert two_numbers.startswith("scale([3, 4]) raised ZeroDivisionError on line 2")
    assert two_numbers.endswith("ZeroDivisionError: division by zero\nlen(v) - 2 is 0 for two numbers.")


MUTATION = '''
from labkit import Checks

checks = Checks()
numbers = checks.case("halve", [4, 8])


@checks.mistake("halve", "Halved the list in place.")
def in_place(v):
    for i in range(len(v)):
        v[i] = v[i] / 2
    return v


@checks.mistake("halve", "Returned the halves of a copy.")
def copy(v):
    return [x / 2 for x in v]


@checks.check("Leaves v alone")
def leaves_v(t):
    t.require_unchanged(numbers)
'''


def test_what_a_call_does_to_its_arguments_is_part_of_what_a_mistake_must_reproduce():
    code = "def halve(v):\n    for i in range(len(v)):\n        v[i] = v[i] / 2\n    return v\n"
    (message,) = messages(code, checks=MUTATION, expected=[[2.0, 4.0]], functions=("halve",))
    assert message == "halve([4, 8]) changed its argument v while it ran: v went in as [4, 8] and came out as [2, 4]. Halved the list in place."


USES = '''
from labkit import Checks

checks = Checks()
pair = checks.case("twice", 3)


@checks.mistake("twice", "twice is right; it is your once that is wrong.", uses=["once"])
def with_your_once(n, once):
    return once(n) + once(n)


@checks.check("Twice")
def twice_check(t):
    t.require_close(pair)
'''


def test_a_mistake_can_use_the_learners_own_functions():
    code = "def once(n):\n    return n + 1\n\n\ndef twice(n):\n    return once(n) + once(n)\n"
    (message,) = messages(code, checks=USES, expected=[6], functions=("once", "twice"))
    assert message == "twice(3) returned 8; expected 6. twice is right; it is your once that is wrong."
    without_once = "def twice(n):\n    return 7\n"
    (message,) = messages(without_once, checks=USES, expected=[6], functions=("twice",))
    assert message == "twice(3) returned 7; expected 6."


def test_a_result_of_the_wrong_shape_still_gets_the_mistake_that_gives_it():
    shape = SCALE + '''

@checks.mistake("scale", "You gave back only the first number.")
def first_only(v):
    return [v[0] / len(v) ** 0.5]
'''
    first, second = messages("def scale(v):\n    return [v[0] / len(v) ** 0.5]\n", checks=shape)
    assert first == (
        "scale([1, 1, 1, 1]) returned [0.5], which is a list of 1 number; expected a list of 4 numbers, "
        "like [0.5, 0.5, 0.5, 0.5]. You gave back only the first number."
    )
    assert second.endswith("That is the same mistake as above.")


def test_a_wrong_shape_no_mistake_gives_gets_the_checks_hint():
    first, _ = messages("def scale(v):\n    return []\n")
    assert first.endswith("like [0.5, 0.5, 0.5, 0.5]. Each number is divided by the square root of len(v).")


OVERFLOWS = '''
import math

from labkit import Checks

checks = Checks()
far = checks.case("soft", [1000, 0])
near = checks.case("soft", [1000, 999])  # overflows a plain exp, not one less the smallest: tells the two apart


@checks.mistake("soft", "You subtracted the smallest number.")
def subtracts_min(v):
    return [math.exp(x - min(v)) for x in v]


@checks.check("Far apart")
def far_apart(t):
    t.require_close(far, on_error={"OverflowError": "Subtract the largest number first."})


@checks.check("Near")
def near_each_other(t):
    t.require_close(near)
'''


def test_on_error_advice_gives_way_to_a_mistake_that_explains_the_error():
    named = messages("import math\n\ndef soft(v):\n    return [math.exp(x - min(v)) for x in v]\n", OVERFLOWS, [[1.0, 0.0], [1.0, 0.3679]], ("soft",))
    assert named[0].endswith("You subtracted the smallest number.") and "largest" not in named[0]
    unnamed = messages("import math\n\ndef soft(v):\n    return [math.exp(x) for x in v]\n", OVERFLOWS, [[1.0, 0.0], [1.0, 0.3679]], ("soft",))
    assert unnamed[0].endswith("\n\nSubtract the largest number first.") and "smallest" not in unnamed[0]


def test_the_learners_code_a_mistake_runs_is_protected_like_the_learners_own_call():
    import builtins

    from labkit import values

    close, length = values.close, builtins.len
    # Its first two calls are twice's own; from the third, the mistake is calling it.
    code = (
        "import builtins\nimport labkit.values\n\ncalls = []\n\n\ndef once(n):\n"
        "    calls.append(n)\n"
        "    if len(calls) > 2:\n"
        "        labkit.values.close = lambda *args, **kwargs: True\n"
        "        builtins.len = lambda thing: 0\n"
        "    return n + 1\n\n\ndef twice(n):\n    return once(n) + once(n)\n"
    )
    (message,) = messages(code, checks=USES, expected=[6], functions=("once", "twice"))
    assert message == "twice(3) returned 8; expected 6. twice is right; it is your once that is wrong."
    assert values.close is close and builtins.len is length, "the checker's world was left as the learner's code made it"


# Counts each call of a mistake in a dict of the checks' own module (read back through a mistake's globals).
COUNTED = '''
from labkit import Checks

checks = Checks()
calls = {"pure": 0, "helper": 0}
cases = [checks.case("scale", [1.0, 2.0]), checks.case("scale", [3.0]), checks.case("scale", [4.0, 4.0])]


@checks.mistake("scale", "You doubled.")
def doubled(v):
    calls["pure"] += 1
    return [2 * x for x in v]


@checks.mistake("scale", "Your helper is off.", uses=("helper",))
def through_helper(v, helper):
    calls["helper"] += 1
    return [helper(x) for x in v]


for number, case in enumerate(cases):
    @checks.check(f"Case {number}")
    def one(t, case=case):
        t.require_close(case)
'''


def calls_made(code, monkeypatch):
    """(the verdict, how often each mistake of COUNTED ran) when one Check grades `code`."""
    loaded = []
    real_load = grading.load_checks

    def load(source, lab_id):
        found = real_load(source, lab_id)
        loaded.append(found)
        return found

    monkeypatch.setattr(grading, "load_checks", load)
    result = grading.check(LabBundle("m/counted", COUNTED, [[1.0, 2.0], [3.0], [4.0, 4.0]], ["scale", "helper"]), code, raise_check_errors=True)
    namespace = loaded[0].mistakes[0].computes.__globals__
    return result, dict(namespace["calls"])


def test_within_one_check_a_mistake_of_the_checkers_own_runs_once_on_each_call_but_one_using_learner_code_every_time(monkeypatch):
    # Both mistakes reproduce this code on every call, so each diagnosis tries both on all of them.
    code = "def helper(x):\n    return 2 * x\n\n\ndef scale(v):\n    return [2 * x for x in v]\n"
    result, calls = calls_made(code, monkeypatch)
    assert [check["passed"] for check in result["checks"]] == [False, False, False]
    assert not any("You doubled." in check["message"] for check in result["checks"])  # two fit: neither is said
    # Three failing checks, each trying both mistakes on its own call and on the three cases
    # (the same three calls): the checker's own mistake runs once per call, the other each time.
    assert calls == {"pure": 3, "helper": 3 * 4}
