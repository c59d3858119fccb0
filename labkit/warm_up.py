"""A Python that has only imported the checker has run almost none of its code: its first
Check pays for everything done once (lookups cached, bytecode specialised, the browser
compiling hot paths). `warm_up()` grades a small lab of its own, right and wrong, before the
picture of Python's memory is taken (static/js/python-worker.js), so every Python restored
from that picture starts with that cost already paid. It imports, too, the modules that
labkit.entry leaves until an action asks for them.

It grades only code written here; no learner code runs, and nothing it leaves behind
(the guard's list of what it watches, say) is anything a learner's run could not have made."""

from labkit import entry, grading
from labkit.grading import LabBundle

CHECKS = '''
from labkit import Checks

checks = Checks()
pair = checks.case("mean", [2.0, 4.0, 9.0])
empty_ish = checks.case("mean", [5.0])


@checks.check("Averages a list")
def averages(t):
    t.require_close(pair, "Add them up, then divide by how many there are.")
    t.require_close(empty_ish, "One number is its own average.")
'''
BUNDLE = LabBundle("warm-up/mean", CHECKS, [5.0, 5.0], ["mean"])
RIGHT = "def mean(xs):\n    total = 0.0\n    for x in xs:\n        total += x\n    return total / len(xs)\n"
WRONG = "def mean(xs):\n    return sum(xs) / 2\n"


def warm_up(rounds=10):
    entry.import_all()
    for _ in range(rounds):
        grading.check(BUNDLE, RIGHT)
        grading.check(BUNDLE, WRONG)
