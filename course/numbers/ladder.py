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
once (`microgpt.run_many`). So microgpt's surprise at each name of the subset is recorded
with the checkpoint (course/records/, by `course record` and `course train`), and a build
reads it there once it has read every `CHECK_EVERY`th of those names again and found the
same sums to the last bit (disk_cache.py); the whole ladder is kept in .cache/numbers/ by a
digest of the checkpoint, the names and course/numbers/, so a warm build reads it back at once.
"""

import math
from pathlib import Path

from microgpt import read_checkpoint, surprise_per_list

from . import counting_model, text_as_numbers
from .disk_cache import on_disk

ROOT = Path(__file__).resolve().parents[2]
CHECKPOINT = ROOT / "course" / "checkpoint.json"
EVERY = 20
BUILD_SECONDS = 2  # about, for microgpt's pass over the subset when it is not recorded: the build starts it early
# Of the subset's names, every CHECK_EVERY-th is read again before the record is believed: 26
# names, a sixty-fourth of the work. A change in how microgpt reads names (its code, its
# weights) moves every name's sum, so a few catch it; reading a sixteenth cost a cold build about
# 0.2 s more CPU.
CHECK_EVERY = 64
SUBSET_NOTE = f"every {EVERY}th name of the file"
LABELS = ["guessing uniformly", "the counting model", "trained microgpt"]


def subset():
    return counting_model.token_lists()[::EVERY]


def surprise_per_name(encoded):
    """microgpt's sum of -log p over the pairs of each name of `encoded`, each read from BOS."""
    return surprise_per_list(read_checkpoint(CHECKPOINT).model, encoded)


def check_subset_surprise(sums):
    """Raises ValueError unless `sums` are the subset's, as every CHECK_EVERY-th name read again says."""
    names = subset()
    if not isinstance(sums, list) or len(sums) != len(names):
        raise ValueError(f"the record is not one sum for each of the subset's {len(names)} names")
    if surprise_per_name(names[::CHECK_EVERY]) != sums[::CHECK_EVERY]:
        raise ValueError("microgpt reads the subset's names differently now")


@on_disk(with_checkpoint=True, sources=("ladder.py", "counting_model.py", "text_as_numbers.py"), check=check_subset_surprise)
def microgpt_subset_surprise():
    return surprise_per_name(subset())


def microgpt_subset_loss():
    """microgpt's mean of -log p over every pair of the subset's names, reading each name from BOS."""
    sums = microgpt_subset_surprise()
    pairs = sum(len(tokens) - 1 for tokens in subset())
    return {"loss": sum(sums) / pairs, "pairs": pairs}


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
