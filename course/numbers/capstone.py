"""Module 10, the capstone: the reference run the learner's own microgpt is measured against.

- `capstone()` returns
  - `first_loss`, `first_name`: the seeded first step's loss and name (Module 9's first step);
  - `runs`: per preset (`quick`, `full`), its steps and the course's loss at every step, to draw
    beside the learner's curve (`full` is the trained checkpoint's own record; `quick` is a
    shorter run of its own, its rate falling to 0 at its last step, which `course train`
    recorded beside the checkpoint in course/quick-run.json: the build trains nothing);
  - `ladder`: the loss ladder's rungs the learner's held-out loss is placed among, and the
    course's trained microgpt on the same held-out names;
  - `held_out`: how many names that is; `checkpoint_every`: how often the page saves a run.
"""

import math
import random

import microgpt
from microgpt import read_checkpoint, read_record
from microgpt.train import TrainingRun

from labkit import capstone as labkit_capstone

from . import ladder, text_as_numbers, whole_gpt
from .disk_cache import on_disk

QUICK_STEPS = labkit_capstone.QUICK_STEPS
QUICK_RECORD = ladder.CHECKPOINT.with_name(labkit_capstone.QUICK_RECORD)
FULL_STEPS = labkit_capstone.MAX_STEPS
WINDOW = labkit_capstone.CHECKPOINT_EVERY  # the curve averages the losses between two checkpoints
SMOOTH_STEPS, SMOOTH_WINDOW = 6, 3  # the train lab's worked example: the first losses, averaged over 3
ORIGINAL_COUNT, ORIGINAL_TEMPERATURE, ORIGINAL_SEED = 10, 0.5, 42  # the lesson's sample of the course's model
# The sample lab's own ten names (its worked example): inputs, fixed, so that the lab's answer
# depends on the names data alone and not on whichever checkpoint the course ships.
LAB_SAMPLES = ("kana", "keelan", "alilan", "ariel", "cairi", "mayan", "kenia", "akalen", "danyli", "man")


def trailing_averages(values, window):
    """At each step, the average of the last `window` values (fewer at the start), as the page draws it."""
    out, total = [], 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def agreement(first_loss):
    """The assemble lab: the first step's loss against the 4-decimal number the page shows."""
    shown = round(first_loss, 4)
    return {
        "shown": shown,
        "at_four": round(first_loss, 4) == round(shown, 4),
        "at_six": round(first_loss, 6) == round(shown, 6),
        "ours_six": round(first_loss, 6),
    }


def smoothing(full, averaged):
    """The train lab: the first losses to 4 decimals and their trailing averages; and the chart's check."""
    trailing = trailing_averages(full, WINDOW)
    if any(not math.isclose(trailing[i - 1], a, rel_tol=1e-12) for i, a in zip(range(WINDOW, FULL_STEPS + 1, WINDOW), averaged)):
        raise ValueError("the trailing averages at every 50th step are not the chart's block averages")
    losses = [round(loss, 4) for loss in full[:SMOOTH_STEPS]]
    averages = trailing_averages(losses, SMOOTH_WINDOW)
    return {"losses": losses, "window": SMOOTH_WINDOW, "averages": averages,
            "rows": [{"step": i, "loss": loss, "average": average} for i, (loss, average) in enumerate(zip(losses, averages))]}


def originality():
    """The sample lab: names the course's model draws, and the share of them not in the data."""
    model = read_checkpoint(ladder.CHECKPOINT).model
    rng = random.Random(ORIGINAL_SEED)
    drawn = [microgpt.sample_name(model, rng, ORIGINAL_TEMPERATURE) for _ in range(ORIGINAL_COUNT)]
    known = set(text_as_numbers.names())
    new = [name for name in drawn if name not in known]
    lab_new = [name for name in LAB_SAMPLES if name not in known]
    return {
        "names": [{"name": name, "new": name not in known} for name in drawn],
        "count": len(drawn), "new": len(new), "share": len(new) / len(drawn),
        "temperature": ORIGINAL_TEMPERATURE, "seed": ORIGINAL_SEED,
        "lab": {"names": list(LAB_SAMPLES), "new_names": lab_new, "new": len(lab_new), "share": len(lab_new) / len(LAB_SAMPLES)},
    }


def quick_run(first_loss):
    """The quick preset's loss at every step, as `course train` recorded them.

    Its first step is the full run's first step (the same seed, the same starting weights, the
    same name): a record from other settings, other names or an older model says so here.
    """
    training, losses = read_record(QUICK_RECORD)
    settings = {"num_steps": QUICK_STEPS, "seed": labkit_capstone.SEED, "learning_rate": labkit_capstone.LR0,
                "num_names": len(text_as_numbers.names())}
    wrong = {name: training.get(name) for name, value in settings.items() if training.get(name) != value}
    if wrong or len(losses) != QUICK_STEPS or losses[0] != first_loss:
        why = f"its settings {wrong} are not the quick preset's" if wrong else "its losses are not this course's quick run"
        raise ValueError(f"{QUICK_RECORD.name}: {why}: run `course train` to record it again")
    return losses


CHECK_EVERY = 16  # of the held-out names, read again before their record is believed


def held_out_lists():
    """The held-out names' tokens as labkit's held_out_loss reads them, from the capstone run's
    shuffled list (its own seed)."""
    model = read_checkpoint(ladder.CHECKPOINT).model
    docs = TrainingRun(text_as_numbers.names(), num_steps=1, seed=labkit_capstone.SEED).docs
    return labkit_capstone.held_out_lists(model, docs)


def surprise_per_pair(token_lists):
    """The course's microgpt's -log p of each next token of each list, list by list (microgpt.surprise_per_pair)."""
    return microgpt.surprise_per_pair(read_checkpoint(ladder.CHECKPOINT).model, token_lists)


def check_held_out(surprises):
    """Raises ValueError unless `surprises` are the held-out names', as every CHECK_EVERY-th name read again says."""
    lists = held_out_lists()
    if not isinstance(surprises, list) or [len(each) for each in surprises] != [len(tokens) - 1 for tokens in lists]:
        raise ValueError(f"the record is not one surprise for each pair of the {len(lists)} held-out names")
    if surprise_per_pair(lists[::CHECK_EVERY]) != surprises[::CHECK_EVERY]:
        raise ValueError("microgpt reads the held-out names differently now")


@on_disk(with_checkpoint=True, sources=("capstone.py", "ladder.py", "text_as_numbers.py"), check=check_held_out)
def held_out_surprises():
    """What course_held_out() adds up; recorded with the course (course/records/), as a pass over
    the held-out names takes the course's pure-Python microgpt most of a second."""
    return surprise_per_pair(held_out_lists())


def course_held_out():
    """The course's microgpt's held-out loss, as labkit's held_out_loss works it out on the page:
    the same surprises added in the same order, to the last bit."""
    return microgpt.mean_of_pairs(held_out_surprises())[0]


def capstone():
    first = whole_gpt.training_step()
    quick = quick_run(first["loss"])
    full = read_checkpoint(ladder.CHECKPOINT).losses
    if len(full) != FULL_STEPS or not math.isclose(full[0], first["loss"], rel_tol=0, abs_tol=1e-12):
        raise ValueError(f"course/checkpoint.json's losses do not start the seeded run of {FULL_STEPS} steps")
    rungs = ladder.loss_ladder()
    held_out = course_held_out()
    averaged = [sum(full[i - WINDOW:i]) / WINDOW for i in range(WINDOW, FULL_STEPS + 1, WINDOW)]
    return {
        "agree": agreement(first["loss"]),
        "smooth": smoothing(full, averaged),
        "original": originality(),
        "curve": {"x": list(range(WINDOW, FULL_STEPS + 1, WINDOW)), "y": averaged},
        "first_average": averaged[0],
        "first_bars": {"x": ["the course's model"], "y": [first["loss"]]},
        "ends": {"x": ["first 50 steps", "last 50 steps"], "y": [averaged[0], averaged[-1]]},
        "names": len(text_as_numbers.names()),
        "last_average": averaged[-1],
        "ladder_chart": {
            "x": ["guessing uniformly", "the counting model", "the course's microgpt"],
            "y": [rungs["uniform"], rungs["counting"], held_out],
        },
        "first_loss": first["loss"],
        "first_name": first["name"],
        "runs": {
            "quick": {"steps": QUICK_STEPS, "losses": quick},
            "full": {"steps": FULL_STEPS, "losses": list(full)},
        },
        "ladder": {"uniform": rungs["uniform"], "counting": rungs["counting"], "course": held_out},
        "held_out": labkit_capstone.HELD_OUT,
        "checkpoint_every": labkit_capstone.CHECKPOINT_EVERY,
        "quick_steps": QUICK_STEPS,
        "full_steps": FULL_STEPS,
        "last_full_loss": full[-1],
        "pieces": [{"piece": piece, "lab": lab, "what": what} for piece, lab, what in labkit_capstone.PIECES],
    }
