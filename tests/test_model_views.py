"""labkit.model_views: every Module 9 lab's function on the trained model, beside the course's own.

The solution agrees; each known wrong answer either disagrees (or cannot run) with a message
that names what differs, or is listed in INVISIBLE_ON_THE_MODEL with the reason.
"""

import json
from pathlib import Path

import pytest

from labkit import model_views

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
LABS = PROJECT / "labs" / "09-whole-gpt"
HOOKS = {"multi-head": "multi_head", "forward-pass": "forward_letter", "name-loss": "name_loss",
         "adam": "adam_step", "training-step": "update_all"}
NAME = "emma"

# Wrong answers the trained model cannot tell from right ones, and why.
INVISIBLE_ON_THE_MODEL = {
    # The model has 4 heads of 4 numbers: len(q) // n_head and n_head are both 4.
    ("multi-head", "head_dim_is_n_head.py"),
    # Right numbers, also written into the lists it was given: the model hands it copies.
    ("training-step", "changes_lists_in_place.py"),
}
# What a reply that disagrees must name, per lab: the part of the model that differs.
NAMES_THE_DIFFERENCE = {
    "multi-head": "The biggest gap is in",
    "forward-pass": "The biggest gap is after reading",
    "name-loss": "where the course's document_loss() gives",
    "adam": "The biggest difference is in",
    "training-step": "The biggest difference is in",
}


def compare(lab, code, name=NAME):
    result = model_views.compare(f"09-whole-gpt/{lab}", code, name, CHECKPOINT, hook=HOOKS[lab])
    json.dumps(result, allow_nan=False)  # what the page receives must be plain JSON
    return result


def code(lab, name="solution.py"):
    return (LABS / lab / name).read_text(encoding="utf-8")


def wrong_answers():
    return [(lab, path.name) for lab in HOOKS for path in sorted((LABS / lab / "wrong").glob("*.py"))]


@pytest.mark.parametrize("lab", HOOKS)
def test_the_solution_agrees_with_the_course(lab):
    result = compare(lab, code(lab))
    assert result["status"] == "ok" and result["match"] is True, result["summary"]
    assert "decimal places" in result["summary"] or "to the last digit" in result["summary"]


@pytest.mark.parametrize(("lab", "wrong"), wrong_answers())
def test_a_wrong_answer_disagrees_and_says_what_differs(lab, wrong):
    result = compare(lab, code(lab, f"wrong/{wrong}"))
    if (lab, wrong) in INVISIBLE_ON_THE_MODEL:
        assert result["match"] is True
        return
    if result["status"] == "error":  # it could not run on the model: the reply says where or what came back
        assert "line" in result["summary"] or "returned" in result["summary"] or "far off" in result["summary"], result["summary"]
        return
    assert result["status"] == "ok" and result["match"] is False
    assert NAMES_THE_DIFFERENCE[lab] in result["summary"]
    assert "decimal place" in result["summary"] or "off by" in result["summary"]


def test_the_table_shows_both_sides_with_the_same_digits():
    result = compare("name-loss", code("name-loss"), "ava")
    [[label, yours, course]] = result["table"]["rows"]
    assert label == "Loss of \u201cava\u201d" and yours == course
    assert result["loss"]["learner"] == pytest.approx(result["loss"]["reference"], abs=1e-12)


def test_training_shows_the_losses_and_the_largest_weight_difference():
    result = compare("adam", code("adam", "wrong/no_bias_correction.py"))
    labels = [row[0] for row in result["table"]["rows"]]
    assert labels == ["Loss before training", "Loss after step 1", "Loss after step 2", "Loss after step 3", "Largest weight difference"]
    # The same starting weights: the loss before training is the same both ways; afterwards it is not.
    assert result["losses"]["learner"][0] == result["losses"]["reference"][0]
    assert result["losses"]["learner"][-1] != result["losses"]["reference"][-1]
    assert result["max_difference"] > 0.001


def test_training_leaves_the_trained_model_as_it_was():
    before = compare("name-loss", code("name-loss"))["loss"]["reference"]
    compare("training-step", code("training-step"))
    assert compare("name-loss", code("name-loss"))["loss"]["reference"] == before


def test_the_forward_pass_reads_a_blank_prefix_as_the_start_of_a_name():
    result = compare("forward-pass", code("forward-pass"), "")
    assert result["match"] is True and "at the start of a name" in result["summary"]


@pytest.mark.parametrize("lab", ["name-loss", "adam"])
def test_a_name_the_model_cannot_read_is_refused_in_words(lab):
    result = compare(lab, code(lab), "Zoë")
    assert result["status"] == "error" and "only knows the letters a to z" in result["summary"]


def test_the_blocks_are_the_courses_own_code_called_the_learners_way():
    assert set(model_views.TABLE_BLOCKS) == set(model_views.TABLE_VIEWS)
    p, m, v = model_views.TABLE_BLOCKS["adam_step"](0.5, 0.2, 0.0, 0.0, 1, 0.01)
    assert p == pytest.approx(0.49) and m == pytest.approx(0.03) and v == pytest.approx(0.0004)
