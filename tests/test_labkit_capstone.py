"""labkit/capstone.py under CPython: the learner's pieces assembled, trained, paused and sampled."""

import json
from pathlib import Path

import pytest

from labkit import capstone
from microgpt.train import TrainingRun
from site_builder.names_data import names_path

PROJECT = Path(__file__).resolve().parent.parent
WRONG_SOFTMAX = "import math\ndef softmax(logits):\n    exps = [math.exp(s) for s in logits]\n    return [e / len(exps) for e in exps]\n"


@pytest.fixture(autouse=True)
def names(monkeypatch):
    monkeypatch.setattr(capstone, "NAMES", names_path(PROJECT))
    capstone.names.cache_clear()
    yield
    capstone.names.cache_clear()


def solution(lab_id):
    return (PROJECT / "labs" / lab_id / "solution.py").read_text(encoding="utf-8")


def every_solution():
    return {lab_id: solution(lab_id) for _piece, lab_id, _what in capstone.PIECES}


@pytest.fixture(scope="module")
def reference():
    from site_builder.names_data import course_names

    return TrainingRun(course_names(PROJECT), num_steps=3, seed=42).run().losses


def test_the_course_pieces_give_the_reference_first_loss(reference):
    result = capstone.assemble("{}", repr(reference[0]))
    assert result["matches"] and result["difference"] is None
    assert not any(row["yours"] for row in result["pieces"])


def test_every_solution_assembles_to_the_same_first_loss(reference):
    result = capstone.assemble(json.dumps(every_solution()), repr(reference[0]))
    assert result["matches"] and result["difference"] is None
    assert all(row["yours"] for row in result["pieces"])


def test_a_wrong_piece_is_named_with_both_outputs(reference):
    result = capstone.assemble(json.dumps({"04-maths/softmax": WRONG_SOFTMAX}), repr(reference[0]))
    assert not result["matches"]
    assert result["difference"]["piece"] == "softmax"
    assert "your softmax()" in result["summary"]


def test_training_reports_each_step_and_equals_the_course(reference):
    heard = []
    result = capstone.train("{}", "3", "", lambda text: heard.append(json.loads(text)))
    assert result["state"]["losses"] == reference
    assert [update["step"] for update in heard if "step" in update] == [1, 2, 3]
    assert heard[-1]["checkpoint"]["step"] == 3  # the last step is always saved


def test_a_run_resumed_from_its_saved_state_is_the_same_run(reference):
    run = capstone.new_run(3)
    differences = capstone.Differences()
    state = capstone.one_step(run, capstone.fresh_state(run), {}, differences, capstone.blocks({}, differences))
    resumed = capstone.train("{}", "3", json.dumps(state))
    assert resumed["state"]["losses"] == reference


def test_a_state_for_another_run_length_is_refused():
    state = capstone.fresh_state(capstone.new_run(5))
    assert capstone.train("{}", "3", json.dumps(state))["status"] == "error"
