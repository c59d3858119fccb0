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


# --- the learner's top-level code failing does not stop the checks -------------------------


def test_an_error_after_the_functions_are_defined_still_runs_every_check():
    code = "def add(a, b):\n    return a + b\n\n\nprint(add(1, undefined))\n"
    result = grading.check(bundle(), code)
    assert result["status"] == "failed"
    assert [c["passed"] for c in result["checks"]] == [True, True, False]
    top_level = result["checks"][-1]
    assert top_level["name"] == "Your code runs from top to bottom"
    assert top_level["message"] == (
        "Your code stopped on line 5 with NameError: name 'undefined' is not defined. The checks above ran on "
        "the functions defined before that line; the traceback is shown with your program's output."
    )
    assert result["error"]["line"] == 5 and "Traceback" in result["error"]["text"]  # for the output, as before
    assert result["summary"] == "1 of 3 checks failed."


def test_an_error_inside_a_function_the_top_level_called_names_both_lines():
    code = "def add(a, b):\n    return a + b + (1 if a == 7 else 0) / (a - 7)\n\n\nadd(7, 0)\n"
    message = grading.check(bundle(), code)["checks"][-1]["message"]
    assert message.startswith("Your code stopped on line 5 with ZeroDivisionError: division by zero (raised on line 2, inside a function that line called).")


def test_an_error_before_a_function_is_defined_stops_the_checks_and_says_why():
    code = "print(undefined)\n\n\ndef add(a, b):\n    return a + b\n"
    result = grading.check(bundle(), code)
    assert result["status"] == "error" and result["checks"] == []
    assert result["summary"] == "Your code raised NameError on line 1. It stopped before defining add(), so the checks could not run."


# --- prints made while the checks call the learner's functions -------------------------------


def test_a_function_that_prints_instead_of_returning_is_told_so(capsys):
    code = "def add(a, b):\n    print(a + b)\n"
    first, second = (c["message"] for c in grading.check(bundle(), code)["checks"])
    assert first == (
        "add(2, 3) printed 5, but returned None. print only shows a value on the screen; "
        "the checks read what your function gives back with return."
    )
    assert capsys.readouterr().out == ""  # the checker's calls print nothing of their own


def test_prints_of_passing_calls_become_one_note_not_output(capsys):
    result = grading.check(bundle(), "def add(a, b):\n    print('adding', a, b)\n    return a + b\n\n\nprint('top level')\n")
    assert result["status"] == "passed"
    assert capsys.readouterr().out == "top level\n"  # the program's own print, not the checks' calls
    assert result["notes"] == [
        "Your functions printed 2 lines while the checks called them. Those lines are not in the output; the ones your own code prints are."
    ]


def test_a_failing_call_quotes_the_first_lines_it_printed():
    code = "def add(a, b):\n    for i in range(5):\n        print('step', i)\n    return a * b\n"
    message = grading.check(bundle(), code)["checks"][0]["message"]
    assert message == (
        "add(2, 3) returned 6; expected 5. Use +.\n"
        "While the checker called it, it printed:\n    step 0\n    step 1\n    step 2\n    ... and 2 more lines"
    )


def test_returning_nothing_is_said_plainly():
    checks = CHECKS.replace('t.require_close(pair, "Use +.")', 't.require_shape(t.call(pair), [5], pair.call_text())')
    message = grading.check(LabBundle("m/add", checks, [[5]], ["add"]), "def add(a, b):\n    a + b\n")["checks"][0]["message"]
    assert message == (
        "add(2, 3) returned None; expected a list of 1 number, like [5]. "
        "A function gives back None when it ends without reaching a return line that has a value."
    )


def test_a_function_that_prints_without_end_keeps_only_the_first_lines():
    code = "def add(a, b):\n    for i in range(200_000):\n        print('line', i)\n    return a * b\n"
    result = grading.check(bundle(), code)
    first = result["checks"][0]["message"]
    assert first.endswith("    line 0\n    line 1\n    line 2\n    ... and 199997 more lines")
    assert result["notes"][0].startswith("Your functions printed 400000 lines")


# --- values and errors of the learner's own making are the learner's, and stay short ----------

RAISES_IN_STR = """
class Odd(Exception):
    def __str__(self):
        raise {what}

def add(a, b):
    raise Odd()
"""


@pytest.mark.parametrize("what", ["RuntimeError('no')", "SystemExit(3)", "KeyError('k')"])
def test_an_exception_whose_str_fails_is_the_learners_error_not_ours(what):
    result = grading.check(bundle(), RAISES_IN_STR.format(what=what))
    messages = " ".join(check["message"] for check in result["checks"])
    assert result["status"] == "failed"
    assert "our bug" not in messages
    assert "add(2, 3) raised Odd on line 7" in messages
    assert "its message could not be shown" in messages


def test_a_value_whose_method_fails_while_a_check_reads_it_is_blamed_on_the_learner():
    # list() inside the checker calls the learner's own __iter__, which raises.
    code = "class Bad(list):\n    def __iter__(self):\n        raise ValueError('mine')\n\ndef add(a, b):\n    return Bad([a + b])\n"
    result = grading.check(bundle(), code)
    messages = " ".join(check["message"] for check in result["checks"])
    assert "our bug" not in messages
    assert "raised ValueError on line 3" in messages


def test_a_huge_error_message_is_cut_to_a_readable_length():
    result = grading.check(bundle(), "def add(a, b):\n    raise ValueError('y' * 5_000_000)\n")
    first = result["checks"][0]["message"]
    assert len(first) < 5_000
    assert "5,000,000 characters" in first


def test_a_result_too_large_for_a_float_is_compared_and_shown_not_crashed_on():
    result = grading.check(bundle(), "def add(a, b):\n    return 10 ** 400\n")
    first = result["checks"][0]["message"]
    assert "our bug" not in first
    assert "a whole number about 401 digits long" in first
