"""The loss ladder: how surprised three models are, on average, by the next token of a name.

Module 3 ("How good is it?") draws it and Module 5 builds on it, so these names stay put:

- `loss_ladder()` returns a dict with
  - `uniform`: ln 27, the loss of guessing every token with the same probability 1/27;
  - `counting`: the counting model (Module 3's bigram table, 1 added to every count)
    over every pair of all the names;
  - `counting_subset`: the same model over the pairs of `SUBSET_NOTE`'s names only;
  - `microgpt`: the course's trained microgpt (course/checkpoint.json) over the pairs
    of those same names, `subset_names` names giving `subset_pairs` pairs;
  - `pairs`, `names`: how many pairs and names the whole data has;
  - `every`: the step of the subset (every `every`-th name of the file, from the first);
  - `training_steps`: how many steps (one name each) microgpt was trained for;
  - `chart`: `{"x": [...], "y": [...]}`, the three rungs for the `chart` widget
    (uniform, counting model, microgpt), highest first.

Both models are measured on names they learned from: the counting model counted every
pair of the file, and microgpt was trained on them (1,000 steps of one name each). The
subset is there because microgpt's forward pass is slow in pure Python: one pass over
every twentieth name takes about two seconds, even with the beginnings names share read
once (`microgpt.run_many`), and the whole ladder is kept in .cache/numbers/
by a digest of the checkpoint, the names and course/numbers/ (disk_cache.py), so a warm
build reads it back at once.
"""

import math
from pathlib import Path

from microgpt import mean_surprise, read_checkpoint

from . import counting_model, text_as_numbers
from .disk_cache import on_disk

ROOT = Path(__file__).resolve().parents[2]
CHECKPOINT = ROOT / "course" / "checkpoint.json"
EVERY = 20
BUILD_SECONDS = 2  # about, for microgpt's pass over the subset: the build starts it early
SUBSET_NOTE = f"every {EVERY}th name of the file"
LABELS = ["guessing uniformly", "the counting model", "trained microgpt"]


def subset():
    return counting_model.token_lists()[::EVERY]


@on_disk(with_checkpoint=True, sources=("ladder.py", "counting_model.py", "text_as_numbers.py"))
def microgpt_subset_loss():
    return microgpt_loss(subset())


def microgpt_loss(encoded):
    """microgpt's mean of -log p over every pair of `encoded`, reading each name from BOS."""
    model = read_checkpoint(CHECKPOINT).model
    loss, pairs = mean_surprise(model, encoded)
    return {"loss": loss, "pairs": pairs}


@on_disk(with_checkpoint=True)
def loss_ladder():
    P = counting_model.probability_table()
    counting, pairs = counting_model.average_surprise(P, counting_model.token_lists())
    part = subset()
    counting_subset, subset_pairs = counting_model.average_surprise(P, part)
    model = microgpt_subset_loss()
    if model["pairs"] != subset_pairs:
        raise ValueError(f"microgpt read {model['pairs']} pairs of the subset, the counting model {subset_pairs}")
    uniform = math.log(text_as_numbers.tokenizer().vocab_size)
    return {
        "uniform": uniform,
        "counting": counting,
        "counting_subset": counting_subset,
        "microgpt": model["loss"],
        "pairs": pairs,
        "names": len(counting_model.token_lists()),
        "every": EVERY,
        "subset_note": SUBSET_NOTE,
        "subset_names": len(part),
        "subset_pairs": subset_pairs,
        "labels": LABELS,
        "training_steps": len(read_checkpoint(CHECKPOINT).losses),
        "chart": {"x": LABELS, "y": [uniform, counting, model["loss"]]},
    }
