"""The tester a lab's checks use: what it calls, what it reports, and how it words a verdict."""

from labkit import CheckFailed, grading
from labkit.grading import LabBundle

THREE_CHECKS_ON_ONE_CASE = '''
from labkit import Checks

checks = Checks()
numbers = checks.case("total", [1, 2, 3])


@checks.check("Adds them up")
def adds(t):
    t.require_close(numbers, "Add every number.")


@checks.check("Adds them up again")
def adds_again(t):
    t.require_close(numbers, "Add every number.")


@checks.check("Leaves the case alone")
def same_case(t):
    if numbers.args != ([1, 2, 3],):
        t.fail(f"the case is now {numbers.args}")
'''


def grade(checks, code, expected):
    return grading.check(LabBundle("m/total", checks, expected, ["total"]), code)


def test_a_function_that_changes_its_input_gets_the_same_input_every_time():
    """Each call gets a copy: a learner who appends to the list fails for that, not for earlier calls."""
    result = grade(THREE_CHECKS_ON_ONE_CASE, "def total(xs):\n    xs.append(100)\n    return sum(xs)\n", [6])
    first, second, third = result["checks"]
    assert first["message"] == second["message"] == (
        "total([1, 2, 3]) returned 106; expected 6. It changed its argument xs while it ran: "
        "xs went in as [1, 2, 3] and came out as [1, 2, 3, 100]. Add every number."
    )
    assert third["passed"]


def test_the_line_blamed_is_the_innermost_line_of_the_learners_code():
    code = "def total(xs):\n    return halve(sum(xs))\n\n\ndef halve(x):\n    return x / 0\n"
    message = grade(THREE_CHECKS_ON_ONE_CASE, code, [6])["checks"][0]["message"]
    assert message.startswith("total([1, 2, 3]) raised ZeroDivisionError on line 6: division by zero")


def test_a_failed_call_carries_the_learners_line_as_a_field():
    """The builder reads the line from the failure, not from its wording."""
    from labkit.checks import Tester

    code = "def total(xs):\n    return halve(sum(xs))\n\n\ndef halve(x):\n    return x / 0\n"
    namespace = {}
    exec(compile(code, "<your code>", "exec"), namespace)
    try:
        Tester(namespace, expected=[6], code=code).call_with("total", [1, 2, 3])
    except CheckFailed as failure:
        assert failure.line == 6
    else:
        raise AssertionError("total() raised, so the call must fail")


ADVICE_ON_ERROR = '''
from labkit import Checks

checks = Checks()
big = checks.case("grow", 1000)


@checks.check("Large numbers")
def large(t):
    t.require_close(big, on_error={"OverflowError": "Subtract the largest score first."})
'''


def test_on_error_advice_is_a_paragraph_of_its_own():
    code = "import math\n\n\ndef grow(x):\n    return math.exp(x)\n"
    message = grading.check(LabBundle("m/grow", ADVICE_ON_ERROR, [1.0], ["grow"]), code)["checks"][0]["message"]
    error, advice = message.split("\n\n")
    assert error.endswith("OverflowError: math range error")
    assert advice == "Subtract the largest score first."


def test_on_error_advice_only_for_its_own_error():
    code = "def grow(x):\n    return x / 0\n"
    message = grading.check(LabBundle("m/grow", ADVICE_ON_ERROR, [1.0], ["grow"]), code)["checks"][0]["message"]
    assert "Subtract" not in message and "\n\n" not in message


def test_the_summary_counts_the_checks_in_the_plural_unless_there_is_one():
    right_twice_wrong_case = "def total(xs):\n    return 6\n"
    assert grade(THREE_CHECKS_ON_ONE_CASE, right_twice_wrong_case, [7])["summary"] == "2 of 3 checks failed."
    one_of_three = THREE_CHECKS_ON_ONE_CASE.replace('t.require_close(numbers, "Add every number.")\n\n\n@checks.check("Adds them up again")', 'pass\n\n\n@checks.check("Adds them up again")')
    assert grade(one_of_three, right_twice_wrong_case, [7])["summary"] == "1 of 3 checks failed."
    only_check = THREE_CHECKS_ON_ONE_CASE.split('@checks.check("Adds them up again")')[0]
    assert grade(only_check, right_twice_wrong_case, [7])["summary"] == "1 of 1 check failed."
