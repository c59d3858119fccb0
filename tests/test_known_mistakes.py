"""The build works each of a lab's known mistakes out once for all the programs it grades,
and every verdict is the one a Check of its own gives."""

import pytest

import labkit.mistakes
from labkit import grading
from site_builder.errors import Problems
from site_builder.known_mistakes import KnownMistakes, same_value
from site_builder.loader import load_course
from site_builder.verify import VerifiedLab, expected_answers, grade, quiet
from tests.conftest import PROJECT

OFF_BY_ONE = "You added one more than a and b."
MULTIPLIES = "You multiplied a and b; add them."

CHECKS = f'''from labkit import Checks

checks = Checks()
{{cases}}


@checks.check("Adds")
def adds(t):
    for case in checks.cases:
        t.require_close(case)


@checks.mistake("add", {OFF_BY_ONE!r})
def off_by_one(a, b):
    return sum([a, b, 1])


@checks.mistake("add", {MULTIPLIES!r})
def multiplies(a, b):
    return a * b
'''
STEADY_CASES = 'checks.case("add", 2, 3)\nchecks.case("add", -4, 1)'
# Each load of this checks.py registers other arguments: a case of the clean copy is not the Check's.
SHIFTING_CASES = 'import string\nloads = string.__dict__.setdefault("loads_of_this_lab", [])\nloads.append(1)\nchecks.case("add", len(loads), 3)'

OFF_BY_ONE_CODE = "def add(a, b):\n    return a + b + 1\n"
MULTIPLIES_CODE = "def add(a, b):\n    return a * b\n"
# Under the one guard, sum() stays broken for the rest of this trial: what the trial works out is not kept.
BREAKS_SUM = "def add(a, b):\n    import builtins\n    builtins.sum = lambda values: 0\n    return a + b + 1\n"


def lab_with(mini_course, cases):
    folder = mini_course / "labs" / "01-basics" / "add"
    (folder / "checks.py").write_text(CHECKS.format(cases=cases), encoding="utf-8")
    (folder / "wrong" / "multiplies.py").write_text(f"# expect: {MULTIPLIES}\n{MULTIPLIES_CODE}", encoding="utf-8")
    lab = next(lab for lab in load_course(mini_course).labs if lab.id == "01-basics/add")
    problems = Problems(mini_course)
    with quiet():
        bundle = VerifiedLab(lab, expected_answers(lab, problems)).bundle()
    assert problems.found == []
    return lab, bundle


def graded_alone(bundle, code):
    """The verdict of a Check of its own, as in the browser."""
    with quiet():
        return grading.check(bundle, code, raise_check_errors=True)


def graded_with(lab, bundle, code, known):
    with quiet():
        return grade(lab, bundle, lab.src_dir / "wrong" / "program.py", code, Problems(lab.src_dir), known)


@pytest.fixture
def counted_mistakes(monkeypatch):
    """How many times a mistake was worked out, by what it says."""
    counts = {}
    real = labkit.mistakes.Mistake.outcome

    def counting(mistake, args, learner_functions):
        counts[mistake.says] = counts.get(mistake.says, 0) + 1
        return real(mistake, args, learner_functions)

    monkeypatch.setattr(labkit.mistakes.Mistake, "outcome", counting)
    return counts


def test_each_mistake_is_worked_out_once_on_each_case_for_every_program_of_the_lab(mini_course, counted_mistakes):
    lab, bundle = lab_with(mini_course, STEADY_CASES)
    programs = [OFF_BY_ONE_CODE, MULTIPLIES_CODE, "def add(a, b):\n    return b * a\n", "def add(a, b):\n    return a - b\n"]
    alone = [graded_alone(bundle, code) for code in programs]
    counted_mistakes.clear()
    known = KnownMistakes.of(lab)
    assert [graded_with(lab, bundle, code, known) for code in programs] == alone
    assert counted_mistakes == {OFF_BY_ONE: 2, MULTIPLIES: 2}  # two cases each, for all four programs
    assert OFF_BY_ONE in alone[0]["checks"][0]["message"] and MULTIPLIES in alone[1]["checks"][0]["message"]


@pytest.fixture
def shifting_loads():
    import string

    yield
    string.__dict__.pop("loads_of_this_lab", None)


def test_a_case_the_clean_copy_registers_otherwise_is_worked_out_by_the_check_itself(mini_course, shifting_loads):
    lab, bundle = lab_with(mini_course, SHIFTING_CASES)
    known = KnownMistakes.of(lab)
    for _ in range(2):
        verdict = graded_with(lab, bundle, MULTIPLIES_CODE, known)
        # Worked out on the clean copy's arguments, the mistake would not reproduce this Check's.
        assert MULTIPLIES in verdict["checks"][0]["message"]
    assert known.places and known.kept == {}  # asked, and it worked nothing out


def test_what_a_trial_worked_out_in_a_changed_world_is_not_kept(mini_course):
    lab, bundle = lab_with(mini_course, STEADY_CASES)
    known = KnownMistakes.of(lab)
    assert graded_with(lab, bundle, BREAKS_SUM, known) == graded_alone(bundle, BREAKS_SUM)
    assert known.kept == {}
    verdict = graded_with(lab, bundle, OFF_BY_ONE_CODE, known)
    assert verdict == graded_alone(bundle, OFF_BY_ONE_CODE)
    assert OFF_BY_ONE in verdict["checks"][0]["message"]
    assert len(known.kept) == 4  # both mistakes on both cases, kept now


def test_a_course_lab_gets_the_same_verdicts_with_its_mistakes_known():
    lab = next(lab for lab in load_course(PROJECT).labs if lab.id == "08-attention/scaled-dot-product")
    problems = Problems(PROJECT)
    with quiet():
        bundle = VerifiedLab(lab, expected_answers(lab, problems)).bundle()
    known = KnownMistakes.of(lab)
    for code in [lab.starter, *(wrong.code for wrong in lab.wrong_answers)]:
        assert graded_with(lab, bundle, code, known) == graded_alone(bundle, code)
    assert known.kept


@pytest.mark.parametrize("one, other, same", [
    ((1, [2.0, {"a": 3}]), (1, [2.0, {"a": 3}]), True),
    ((1, [2.0]), (1, [2]), False),  # equal, but not of the same type
    ([1, 2], [1, 2, 3], False),
    ({"a": 1}, {"b": 1}, False),
    ([[0.5, 1.5]] * 3, [[0.5, 1.5]] * 3, True),  # rows of numbers, compared whole
    ([[0.5, 1.5]], [[0.5, 2.5]], False),
    (["a", "b"], ["a", "c"], False),
    ([1.0, 2], [1.0, 2.0], False),  # not one type: compared item by item
])
def test_arguments_are_the_same_only_when_equal_all_the_way_down(one, other, same):
    assert same_value(one, other) is same


def test_two_random_generators_are_the_same_when_in_the_same_state():
    import random

    assert same_value(random.Random(3), random.Random(3))
    assert not same_value(random.Random(3), random.Random(4))
