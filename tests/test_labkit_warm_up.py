"""The warm-up that a Python restored from a picture runs before any learner code."""

import json
import re
import subprocess
import sys

import pytest

from labkit import grading
from labkit.entry import LATER, later
from labkit.warm_up import BUNDLE, RIGHT, WRONG, warm_up
from tests.conftest import PROJECT


def test_the_warm_up_lab_grades_its_right_answer_right_and_its_wrong_one_wrong():
    # Were either verdict an error, the warm-up would exercise the error path, not the checks.
    assert grading.check(BUNDLE, RIGHT)["status"] == "passed"
    assert grading.check(BUNDLE, WRONG)["status"] == "failed"


def test_the_warm_up_leaves_a_learners_verdict_as_it_was():
    learner = "def mean(xs):\n    return max(xs)\n"
    before = grading.check(BUNDLE, learner)
    warm_up(rounds=2)
    assert grading.check(BUNDLE, learner) == before


# Imports labkit.entry in a new Python; prints the later modules it brought in, then those
# brought in once the warm-up has run.
IMPORTED = """
import json, sys
import labkit.entry
from labkit.entry import LATER
def brought():
    return [name for name in LATER if f"labkit.{name}" in sys.modules]
before = brought()
import labkit.warm_up
labkit.warm_up.warm_up(rounds=1)
print(json.dumps({"before": before, "after": brought()}))
"""


def test_the_entry_leaves_the_later_modules_until_asked_and_the_warm_up_brings_them_all():
    done = subprocess.run([sys.executable, "-c", IMPORTED], capture_output=True, text=True, check=True, cwd=PROJECT)
    imported = json.loads(done.stdout)
    assert imported == {"before": [], "after": list(LATER)}


def test_every_action_answers_from_modules_the_entry_knows():
    # An action naming a module not in LATER would fail only when a learner first asked for it.
    source = (PROJECT / "labkit" / "entry.py").read_text()
    named = set(re.findall(r'later\("(\w+)"\)', source))
    assert named and named <= set(LATER)
    for module in LATER:
        assert (PROJECT / "labkit" / f"{module}.py").is_file()


def test_asking_for_a_module_the_entry_does_not_leave_until_later_is_refused():
    with pytest.raises(ValueError, match="not one of the modules"):
        later("os")
