"""The warm-up that a Python restored from a picture runs before any learner code."""

from labkit import grading
from labkit.warm_up import BUNDLE, RIGHT, WRONG, warm_up


def test_the_warm_up_lab_grades_its_right_answer_right_and_its_wrong_one_wrong():
    # Were either verdict an error, the warm-up would exercise the error path, not the checks.
    assert grading.check(BUNDLE, RIGHT)["status"] == "passed"
    assert grading.check(BUNDLE, WRONG)["status"] == "failed"


def test_the_warm_up_leaves_a_learners_verdict_as_it_was():
    learner = "def mean(xs):\n    return max(xs)\n"
    before = grading.check(BUNDLE, learner)
    warm_up(rounds=2)
    assert grading.check(BUNDLE, learner) == before
