"""The build grades its own programs under one guard, and gives the verdict a guard per call gives."""

import contextlib
import sys

import pytest

import labkit.calls
import labkit.guard
from labkit import grading
from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.one_guard import OneGuard
from site_builder.verify import VerifiedLab, expected_answers, grade, quiet
from tests.test_labkit_guard import CHEATS


def test_each_call_is_unguarded_within_and_guarded_again_after():
    with OneGuard():
        assert labkit.calls.protected is contextlib.nullcontext
    assert labkit.calls.protected is labkit.guard.protected
    with pytest.raises(ZeroDivisionError), OneGuard():
        1 / 0
    assert labkit.calls.protected is labkit.guard.protected
    assert all(vars(module).get("protected") is not contextlib.nullcontext for name, module in sys.modules.items() if name.startswith("labkit"))


def test_the_whole_guard_puts_back_what_the_program_changed():
    import builtins
    import math

    real_len, real_exp = builtins.len, math.exp
    with OneGuard() as guard:
        builtins.len = math.exp = None
    assert guard.touched
    assert builtins.len is real_len and math.exp is real_exp
    with OneGuard() as quiet_guard:
        sum(range(3))
    assert not quiet_guard.touched


@pytest.fixture
def add_lab(mini_course):
    lab = next(lab for lab in load_course(mini_course).labs if lab.id == "01-basics/add")
    problems = Problems(mini_course)
    bundle = VerifiedLab(lab, expected_answers(lab, problems)).bundle()
    assert problems.found == []
    return lab, bundle


CHEATING_ADD = [
    *CHEATS,
    # Under one guard, this breaks the checker itself for the rest of the grading (a check
    # would crash): the program is graded again with a guard per call, and fails as a cheat.
    ("checker method taken away", "import labkit.checks\nlabkit.checks.Tester.require_close = None\n\ndef add(a, b):\n    return a * b\n"),
    ("builtins replaced inside the call", "def add(a, b):\n    import builtins\n    builtins.abs = lambda x: 0\n    builtins.len = None\n    return a - b\n"),
]


@pytest.mark.parametrize("name, code", CHEATING_ADD)
def test_a_program_that_changes_the_checkers_world_gets_the_verdict_a_guard_per_call_gives(add_lab, name, code):
    lab, bundle = add_lab
    with quiet():
        per_call = grading.check(bundle, code, raise_check_errors=True)
    problems = Problems(lab.src_dir)
    assert grade(lab, bundle, lab.src_dir / "wrong/cheat.py", code, problems) == per_call
    assert problems.found == []  # what went wrong under the one guard is not the author's problem
    assert per_call["status"] != "passed"


@pytest.mark.parametrize("code", ["def add(a, b):\n    return a + b\n", "def add(a, b):\n    return a * b\n", "def add(a, b):\n    return a + c\n"])
def test_an_honest_program_is_graded_once(add_lab, code, monkeypatch):
    lab, bundle = add_lab
    gradings = []
    real_check = grading.check
    monkeypatch.setattr(grading, "check", lambda *args, **kwargs: gradings.append(1) or real_check(*args, **kwargs))
    with quiet():
        per_call = real_check(bundle, code, raise_check_errors=True)
    assert grade(lab, bundle, lab.src_dir / "solution.py", code, Problems(lab.src_dir)) == per_call
    assert len(gradings) == 1
