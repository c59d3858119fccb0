"""The capstone's quick run is read from course/quick-run.json (`course train` records it), and a
record that is not this course's quick run is refused with what to do about it."""

import json
from pathlib import Path

import pytest

from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
RECORD = PROJECT / "course" / "quick-run.json"


@pytest.fixture(scope="module")
def capstone():
    return Providers(PROJECT).module("capstone")


@pytest.fixture(scope="module")
def first_loss():
    return json.loads((PROJECT / "course" / "checkpoint.json").read_text())["losses"][0]


def test_the_quick_run_is_the_record_course_train_wrote(capstone, first_loss):
    losses = capstone.quick_run(first_loss)
    assert losses == json.loads(RECORD.read_text())["losses"]
    assert len(losses) == 200 == capstone.QUICK_STEPS


def setting(name, value):
    return lambda data: data["training"].update({name: value})


@pytest.mark.parametrize("edit, said", [
    (setting("num_steps", 1000), "its settings {'num_steps': 1000} are not the quick preset's"),
    (setting("seed", 7), "its settings {'seed': 7} are not the quick preset's"),
    (setting("learning_rate", 0.02), "its settings {'learning_rate': 0.02} are not the quick preset's"),
    (setting("num_names", 50), "its settings {'num_names': 50} are not the quick preset's"),
    (lambda data: data["training"].pop("seed"), "its settings {'seed': None} are not the quick preset's"),
    (lambda data: data["losses"].pop(), "its losses are not this course's quick run"),
    (lambda data: data["losses"].__setitem__(0, 3.0), "its losses are not this course's quick run"),
])
def test_a_record_of_another_run_says_to_record_it_again(capstone, first_loss, monkeypatch, tmp_path, edit, said):
    data = json.loads(RECORD.read_text())
    edit(data)
    record = tmp_path / "quick-run.json"
    record.write_text(json.dumps(data))
    monkeypatch.setattr(capstone, "QUICK_RECORD", record)
    with pytest.raises(ValueError) as raised:
        capstone.quick_run(first_loss)
    assert str(raised.value) == f"quick-run.json: {said}: run `course train` to record it again"
