import pytest

from labkit import grading
from labkit.grading import LabBundle

CHECKS = '''
from labkit import Checks

checks = Checks()
pair = checks.case("add", 2, 3)


@checks.check("Adds two numbers")
def adds(t):
    t.require_close(pair, "Use +.")


@checks.check("Works with negatives")
def negatives(t):
    got = t.call_with("add", -1, -1)
    if got != -2:
        t.fail(f"add(-1, -1) returned {got}; expected -2.")
'''


def bundle(expected=(5,)):
    return LabBundle("m/add", CHECKS, list(expected), ["add"])


def test_solution_passes_with_a_summary_the_page_can_show():
    result = grading.check(bundle(), "def add(a, b):\n    return a + b\n")
    assert result["status"] == "passed"
    assert result["summary"].startswith("All checks passed")
    assert [c["passed"] for c in result["checks"]] == [True, True]


def test_each_failure_has_its_own_message():
    result = grading.check(bundle(), "def add(a, b):\n    return a * b\n")
    assert result["status"] == "failed"
    assert result["summary"] == "2 of 2 checks failed."
    assert result["checks"][0]["message"] == "add(2, 3) returned 6; expected 5. Use +."
    assert result["checks"][1]["message"] == "add(-1, -1) returned 1; expected -2."


def test_missing_function_is_named():
    result = grading.check(bundle(), "def plus(a, b):\n    return a + b\n")
    assert result["status"] == "failed"
    assert "does not define add()" in result["checks"][0]["message"]


def test_syntax_error_shows_the_learner_line_and_a_caret():
    result = grading.check(bundle(), "def add(a, b)\n    return a + b\n")
    assert result["status"] == "error"
    assert result["error"]["line"] == 1
    assert result["error"]["text"].splitlines() == [
        "SyntaxError on line 1: expected ':'",
        "    def add(a, b)",
        "                 ^",
    ]


def test_exception_in_learner_function_points_at_their_line():
    code = "def add(a, b):\n    total = a + b\n    return total / 0\n"
    message = grading.check(bundle(), code)["checks"][0]["message"]
    assert message.startswith("add(2, 3) raised ZeroDivisionError on line 3: division by zero")
    assert "    return total / 0" in message
    assert "labkit" not in message


def test_top_level_error_is_reported_not_raised():
    result = grading.check(bundle(), "x = undefined_name\n")
    assert result["status"] == "error"
    assert result["error"]["type"] == "NameError" and result["error"]["line"] == 1


def test_run_reports_ok_and_errors():
    assert grading.run("x = 1\n")["status"] == "ok"
    failed = grading.run("def f():\n    return 1 / 0\nf()\n")
    assert failed["status"] == "error"
    assert failed["error"]["text"].splitlines()[1:] == [
        "  line 3",
        "    f()",
        "  line 2, in f",
        "    return 1 / 0",
        "ZeroDivisionError: division by zero",
    ]


def test_keyboard_interrupt_becomes_stopped():
    assert grading.run("raise KeyboardInterrupt\n")["status"] == "stopped"


def test_a_crashing_check_is_raised_when_the_caller_asks():
    broken = CHECKS.replace("t.require_close(pair, \"Use +.\")", "1 / 0")
    with pytest.raises(ZeroDivisionError):
        grading.check(LabBundle("m/add", broken, [5], ["add"]), "def add(a, b):\n    return a + b\n", raise_check_errors=True)


def test_a_crashing_check_in_the_browser_says_it_is_not_the_learner():
    broken = CHECKS.replace("t.require_close(pair, \"Use +.\")", "1 / 0")
    result = grading.check(LabBundle("m/add", broken, [5], ["add"]), "def add(a, b):\n    return a + b\n")
    assert "It is our bug, not yours." in result["checks"][0]["message"]


def test_one_error_in_every_check_shows_its_traceback_once():
    code = "def add(a, b):\n    return a + missing\n"
    first, second = (check["message"] for check in grading.check(bundle(), code)["checks"])
    assert first.startswith("add(2, 3) raised NameError on line 2: name 'missing' is not defined\nTraceback")
    assert "    return a + missing" in first
    assert second == "add(-1, -1) raised NameError on line 2: name 'missing' is not defined (the same error as above)."


def test_different_errors_each_show_their_own_traceback():
    code = "def add(a, b):\n    if a < 0:\n        raise ValueError('negative')\n    return a + missing\n"
    first, second = (check["message"] for check in grading.check(bundle(), code)["checks"])
    assert "    return a + missing" in first
    assert "line 3, in add\n    raise ValueError('negative')" in second


def test_a_changed_def_line_is_explained():
    message = grading.check(bundle(), "def add(a):\n    return a\n")["checks"][0]["message"]
    assert message == (
        "add(2, 3) raised TypeError: add() takes 1 positional argument but 2 were given\n"
        "The checks call add() with 2 arguments, as the starter code's def line has it. Keep that line as it was."
    )
