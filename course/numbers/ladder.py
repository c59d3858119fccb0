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
  - `chart`: `{"x": [...], "y": [...]}`, the three rungs for the `chart` widget
    (uniform, counting model, microgpt), highest first.

Both models are measured on names they learned from: the counting model counted every
pair of the file, and microgpt was trained on them (1,000 steps of one name each). The
subset is there because microgpt's forward pass is slow in pure Python: one pass over
every tenth name takes several seconds, and its result is kept in .cache/ by a digest
of the checkpoint and the names, so a warm build reads it back at once.
"""

import hashlib
import json
import math
from pathlib import Path

from microgpt import read_checkpoint, run_tokens

from . import counting_model, text_as_numbers

ROOT = Path(__file__).resolve().parents[2]
CHECKPOINT = ROOT / "course" / "checkpoint.json"
CACHE = ROOT / ".cache" / "numbers" / "ladder"
EVERY = 10
SUBSET_NOTE = f"every {EVERY}th name of the file"
LABELS = ["guessing uniformly", "the counting model", "trained microgpt"]


def subset():
    return counting_model.token_lists()[::EVERY]


def microgpt_loss(encoded):
    """microgpt's mean of -log p over every pair of `encoded`, reading each name from BOS."""
    model = read_checkpoint(CHECKPOINT).model
    weights = model.plain_weights()
    total, pairs = 0.0, 0
    for tokens in encoded:
        logits, _trace = run_tokens(model, tokens[:-1], weights)
        for scores, target in zip(logits, tokens[1:]):
            top = max(scores)
            log_total = math.log(sum(math.exp(s - top) for s in scores)) + top
            total += log_total - scores[target]
            pairs += 1
    return {"loss": total / pairs, "pairs": pairs}


def cached_microgpt_loss(encoded):
    """microgpt_loss, kept on disk by a digest of the checkpoint, the names and this file."""
    digest = hashlib.sha256()
    for part in (CHECKPOINT.read_bytes(), json.dumps(encoded).encode(), Path(__file__).read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    file = CACHE / f"{digest.hexdigest()[:24]}.json"
    if file.is_file():
        return json.loads(file.read_text(encoding="utf-8"))
    result = microgpt_loss(encoded)
    file.parent.mkdir(parents=True, exist_ok=True)
    temporary = file.with_suffix(".tmp")
    temporary.write_text(json.dumps(result), encoding="utf-8")
    temporary.replace(file)
    return result


def loss_ladder():
    P = counting_model.probability_table()
    counting, pairs = counting_model.average_surprise(P, counting_model.token_lists())
    part = subset()
    counting_subset, subset_pairs = counting_model.average_surprise(P, part)
    model = cached_microgpt_loss([list(tokens) for tokens in part])
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
        "chart": {"x": LABELS, "y": [uniform, counting, model["loss"]]},
    }
