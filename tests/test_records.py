"""The slowest numbers are recorded with the course (course/records/, `course record`), and a build
reads a record only when it was made from the same inputs and its part read again agrees.
That every record is what `course record` writes now is tested with the command (tests/test_cli.py)."""

import json
import math
from pathlib import Path

import pytest

from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
RECORDS = PROJECT / "course" / "records"


@pytest.fixture
def numbers(tmp_path, monkeypatch):
    """The numbers package, imported afresh, keeping its results in an empty cache of its own."""
    providers = Providers(PROJECT)
    modules = {name: providers.module(name) for name in ("disk_cache", "ladder", "neural_blocks", "capstone")}
    monkeypatch.setattr(modules["disk_cache"], "CACHE", tmp_path / "cache")
    return modules


def committed(name):
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def counting(module, name, monkeypatch, instead=None):
    """Counts the calls of module.name from here on; each is answered by `instead(original, *args)` if given."""
    calls = []
    original = getattr(module, name)
    answer = instead or (lambda original, *args, **options: original(*args, **options))
    monkeypatch.setattr(module, name, lambda *args, **options: calls.append(args) or answer(original, *args, **options))
    return calls


def test_a_build_with_no_cache_reads_the_records_and_reads_a_part_again(numbers, monkeypatch):
    ladder, blocks = numbers["ladder"], numbers["neural_blocks"]
    read = counting(ladder, "surprise_per_name", monkeypatch)
    walked = counting(blocks, "walk_from_zeros", monkeypatch)
    assert ladder.microgpt_subset_surprise() == committed("microgpt_subset_surprise")["result"]
    assert blocks.training_runs.__wrapped__() == committed("training_runs")["result"]
    # Every CHECK_EVERY-th name of the subset read again, and the first steps of the two walks: not the whole.
    assert [len(names) for (names,) in read] == [math.ceil(len(ladder.subset()) / ladder.CHECK_EVERY)]
    assert [args[2] for args in walked] == [blocks.CHECKED_STEPS, blocks.CHECKED_STEPS]


def test_the_loss_ladder_is_the_mean_of_the_recorded_sums(numbers):
    ladder = numbers["ladder"]
    sums = committed("microgpt_subset_surprise")["result"]
    pairs = sum(len(tokens) - 1 for tokens in ladder.subset())
    assert ladder.microgpt_subset_loss() == {"loss": sum(sums) / pairs, "pairs": pairs}


def rewrite(tmp_path, monkeypatch, disk_cache, name, change):
    record = committed(name)
    change(record)
    folder = tmp_path / "records"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(disk_cache, "RECORDS", folder)


def nudge(record, index):
    record["result"][index] += 1e-9


@pytest.mark.parametrize("change", [
    lambda record, ladder: record.update(key="0" * 24),  # made from other inputs (another checkpoint, names or code)
    lambda record, ladder: record.update(format="something else"),
    lambda record, ladder: nudge(record, 0),  # a sum the build reads again
    lambda record, ladder: nudge(record, ladder.CHECK_EVERY),  # the next one it reads again
    lambda record, ladder: record["result"].pop(),  # a name too few
], ids=["another key", "another format", "first sum", "a checked sum", "one sum missing"])
def test_a_record_that_is_not_right_is_not_read_and_the_sums_are_computed(numbers, tmp_path, monkeypatch, change):
    ladder = numbers["ladder"]
    rewrite(tmp_path, monkeypatch, numbers["disk_cache"], "microgpt_subset_surprise", lambda record: change(record, ladder))
    read = every_name_answered_from_the_record(ladder, monkeypatch)
    assert ladder.microgpt_subset_surprise() == committed("microgpt_subset_surprise")["result"]
    assert len(read[-1][0]) == len(ladder.subset())  # every name of the subset, read as if there were no record


def every_name_answered_from_the_record(ladder, monkeypatch):
    """Counts the calls of ladder.surprise_per_name; a call for the whole subset is answered with the
    committed sums rather than worked out (some 10 s each time): that they are what microgpt works
    out now is for tests/test_cli.py's test of `course record` to prove. The part a build reads again
    is still worked out, as that is how a changed sum is found."""
    def answer(original, names):
        return list(committed("microgpt_subset_surprise")["result"]) if len(names) == len(ladder.subset()) else original(names)

    return counting(ladder, "surprise_per_name", monkeypatch, instead=answer)


def step(walk, at, by=1e-9):
    def change(record):
        record["result"][walk][at] += by
    return change


@pytest.mark.parametrize("change", [
    lambda record: record["result"].update(lr=record["result"]["lr"] + 10),
    step("losses", 3),
    step("too_big", 50),
    lambda record: record["result"]["losses"].pop(),  # ends a step early: above the counting model's loss
    lambda record: record["result"]["losses"].append(record["result"]["losses"][-1]),  # a step after it was reached
    lambda record: record["result"]["too_big"].pop(),
], ids=["rate", "an early step", "the last step checked", "ends early", "ends late", "too big a rate's walk cut short"])
def test_recorded_walks_that_are_not_right_are_walked_again(numbers, tmp_path, monkeypatch, change):
    blocks = numbers["neural_blocks"]
    rewrite(tmp_path, monkeypatch, numbers["disk_cache"], "training_runs", change)
    walked = counting(blocks, "walk_from_zeros", monkeypatch)
    assert blocks.training_runs.__wrapped__() == committed("training_runs")["result"]
    assert blocks.LONGEST_WALK in [args[2] for args in walked]  # the whole walk, as if there were no record


def test_a_record_is_kept_by_the_inputs_it_was_made_from(numbers):
    """The key covers microgpt's own code as well as the checkpoint, the names and the providers' files."""
    disk_cache = numbers["disk_cache"]
    with_model = disk_cache.inputs_digest(True, ("ladder.py",), with_microgpt=True)
    assert with_model != disk_cache.inputs_digest(True, ("ladder.py",))
    assert committed("microgpt_subset_surprise")["key"] == disk_cache.RECORDED["microgpt_subset_surprise"][1]()


def test_the_courses_held_out_loss_is_what_labkit_works_out_on_the_page_to_the_last_bit(numbers):
    import labkit.capstone
    from microgpt import TrainingRun, read_checkpoint

    capstone = numbers["capstone"]
    model = read_checkpoint(PROJECT / "course" / "checkpoint.json").model
    docs = TrainingRun(capstone.text_as_numbers.names(), num_steps=1, seed=labkit.capstone.SEED).docs
    assert capstone.course_held_out() == labkit.capstone.held_out_loss(model, model.plain_weights(), docs)


def test_the_held_out_record_is_read_once_a_part_read_again_agrees(numbers, monkeypatch):
    capstone = numbers["capstone"]
    read = counting(capstone, "surprise_per_pair", monkeypatch)
    assert capstone.held_out_surprises() == committed("held_out_surprises")["result"]
    assert [len(lists) for (lists,) in read] == [math.ceil(len(capstone.held_out_lists()) / capstone.CHECK_EVERY)]


def surprise_nudged(name, pair):
    def change(record):
        record["result"][name][pair] += 1e-12
    return change


@pytest.mark.parametrize("change", [
    lambda record: record.update(key="0" * 24),
    surprise_nudged(0, 0),  # in a name read again
    surprise_nudged(16, 2),
    lambda record: record["result"][5].pop(),  # a pair too few in a name not read again
    lambda record: record["result"].pop(),
], ids=["another key", "first name", "a checked name", "a pair missing", "a name missing"])
def test_a_held_out_record_that_is_not_right_is_not_read(numbers, tmp_path, monkeypatch, change):
    capstone = numbers["capstone"]
    rewrite(tmp_path, monkeypatch, numbers["disk_cache"], "held_out_surprises", change)
    read = counting(capstone, "surprise_per_pair", monkeypatch)
    assert capstone.held_out_surprises() == committed("held_out_surprises")["result"]
    assert len(read[-1][0]) == len(capstone.held_out_lists())  # every held-out name, as if there were no record
