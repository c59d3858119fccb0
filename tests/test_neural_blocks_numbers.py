"""Module 7's numbers, recomputed another way: from checkpoint.json's raw JSON, names.txt and plain loops.

The provider leans on microgpt (its shapes, layers and inference); these tests read the
checkpoint as JSON and run their own small forward pass, count pairs from the text with
a Counter, and check the training step's slopes by nudging each logit.
"""

import importlib
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from site_builder.names_data import names_path
from site_builder.numbers import fresh_package

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = json.loads((PROJECT / "course" / "checkpoint.json").read_text(encoding="utf-8"))
WEIGHTS = CHECKPOINT["weights"]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
BOS = 26


@pytest.fixture(scope="module")
def numbers():
    fresh_package(PROJECT / "course" / "numbers")
    return importlib.import_module("course_numbers.neural_blocks")


@pytest.fixture(scope="module")
def names():
    return names_path(PROJECT).read_text(encoding="utf-8").split()


def softmax(scores):
    exps = [math.exp(s) for s in scores]  # small scores: no need to subtract the largest here
    return [e / sum(exps) for e in exps]


def matvec(w, x):
    return [math.fsum(a * b for a, b in zip(row, x)) for row in w]


def norm(x):
    scale = 1 / math.sqrt(math.fsum(v * v for v in x) / len(x) + 1e-5)
    return [v * scale for v in x]


def forward(text):
    """microgpt's forward pass, written out again from its description: (MLP inputs, last logits)."""
    w = WEIGHTS
    tokens = [BOS] + [LETTERS.index(ch) for ch in text]
    keys, values, mlp_inputs = [], [], []
    for pos, token in enumerate(tokens):
        x = norm([a + b for a, b in zip(w["wte"][token], w["wpe"][pos])])
        h = norm(x)
        q, k, v = (matvec(w[f"layer0.attn_w{part}"], h) for part in "qkv")
        keys.append(k)
        values.append(v)
        joined = []
        for head in range(4):
            cut = slice(4 * head, 4 * head + 4)
            scores = [math.fsum(a * b for a, b in zip(q[cut], key[cut])) / 2 for key in keys]
            weights = softmax(scores)
            joined += [math.fsum(weight * value[cut][j] for weight, value in zip(weights, values)) for j in range(4)]
        x = [a + b for a, b in zip(matvec(w["layer0.attn_wo"], joined), x)]
        m = norm(x)
        mlp_inputs.append(m)
        hidden = [max(0.0, value) for value in matvec(w["layer0.mlp_fc1"], m)]
        x = [a + b for a, b in zip(matvec(w["layer0.mlp_fc2"], hidden), x)]
    return mlp_inputs, matvec(w["lm_head"], x)


def test_the_parameter_count_is_every_number_in_the_checkpoint(numbers):
    found = numbers.parameters()
    counted = sum(len(row) for table in WEIGHTS.values() for row in table)
    assert found["total"] == counted == 4192  # the course's headline number, said in course.toml
    for table in found["tables"]:
        stored = next(value for key, value in WEIGHTS.items() if key.endswith(table["name"]))
        assert [table["rows"], table["cols"]] == [len(stored), len(stored[0])]
        assert table["count"] == sum(len(row) for row in stored)
    assert found["mlp"] == sum(len(row) for key in WEIGHTS if "mlp" in key for row in WEIGHTS[key])
    assert found["toy"]["total"] == 3 * 4 + 2 * 5 and found["toy"]["rows_plus_cols"] == 3 + 4 + 2 + 5


def test_embeddings_are_rows_and_the_vowels_point_alike(numbers):
    found = numbers.embeddings()
    wte = WEIGHTS["wte"]
    assert found["row"] == wte[LETTERS.index("e")]
    assert found["toy"]["row"] == found["toy"]["wte"][2] and found["toy"]["column"][0] == found["toy"]["wte"][0][2]
    unit = [[v / math.sqrt(sum(u * u for u in row)) for v in row] for row in wte]
    alike = [[sum(a * b for a, b in zip(r, s)) for s in unit] for r in unit]
    a = LETTERS.index("a")
    order = sorted((i for i in range(27) if i != a), key=lambda i: -alike[a][i])
    assert found["closest"] == [LETTERS[i] for i in order[:3]]
    assert found["closest_values"] == pytest.approx([alike[a][i] for i in order[:3]], abs=1e-12)
    assert found["farthest"] == LETTERS[order[-1]] and found["farthest_value"] == pytest.approx(alike[a][order[-1]])
    vowels = [LETTERS.index(v) for v in "aeiou"]
    pairs = [alike[i][j] for n, i in enumerate(vowels) for j in vowels[n + 1:]]
    assert found["vowel_mean"] == pytest.approx(sum(pairs) / 10)
    assert found["chart"]["y"] == pytest.approx([alike[a][i] for i in range(27) if i != a])
    ends = order[:4] + order[-4:]
    assert found["extremes"]["x"] == [[*LETTERS, "BOS"][i] for i in ends]
    # What the lesson names: the least alike two vowels, the bar nearest 0 (of the letters the question does
    # not name already), and how many of the three closest are vowels.
    vowel_pairs = sorted((alike[i][j], LETTERS[i], LETTERS[j]) for n, i in enumerate(vowels) for j in vowels[n + 1:])
    assert found["least_alike_vowels"] == {"value": pytest.approx(vowel_pairs[0][0]), "letters": list(vowel_pairs[0][1:])}
    rest = [i for i in order if i not in (*order[:3], order[-1])]
    near = min(rest, key=lambda i: abs(alike[a][i]))
    assert found["near_zero"] == [*LETTERS, "BOS"][near] and found["near_zero_value"] == pytest.approx(alike[a][near])
    assert found["closest_vowels"] == sum(LETTERS[i] in "aeiou" for i in order[:3])


def test_the_mlp_numbers_follow_a_forward_pass_written_here(numbers):
    found = numbers.mlp_block()
    assert found["toy"]["hidden"] == [1 - 2, 2 - 1, -1]
    assert found["toy"]["output"] == [0 - 1 + 0, 0 + 2 * 1 + 0]
    inputs, _ = forward("emma")
    x = inputs[-1]
    hidden = matvec(WEIGHTS["layer0.mlp_fc1"], x)
    assert found["x_first"] == pytest.approx(x[:4], abs=1e-12)
    assert found["zeroed"] == sum(h <= 0 for h in hidden)
    kept = [i for i in range(len(hidden)) if hidden[i] > 0]
    cut = [i for i in range(len(hidden)) if hidden[i] <= 0]
    shown = sorted(kept[:4] + cut[:4])
    assert found["sample_labels"] == [f"h{i}" for i in shown]
    assert found["sample_before"] == pytest.approx([hidden[i] for i in shown], abs=1e-12)
    assert found["sample_after"] == pytest.approx([max(0.0, hidden[i]) for i in shown], abs=1e-12)
    output = matvec(WEIGHTS["layer0.mlp_fc2"], [max(0.0, h) for h in hidden])
    assert found["output_first"] == pytest.approx(output[:4], abs=1e-12)
    assert (found["sample_kept"], found["sample_zeroed"]) == (len(kept[:4]), len(cut[:4]))
    # The table of letters: after each letter of "emma", which hidden numbers get through, and how many
    # of them also get through at the last "a". (inputs[0] is the start marker's.)
    through = [{i for i, h in enumerate(matvec(WEIGHTS["layer0.mlp_fc1"], m)) if h > 0} for m in inputs[1:]]
    assert found["by_letter"] == [
        {"read": "emma"[: n + 1], "kept": len(t), "shared": len(t & through[-1])} for n, t in enumerate(through)
    ]


def test_next_letter_bars_are_the_softmax_of_the_last_logits(numbers):
    found = numbers.next_letter()
    _, logits = forward("em")
    probs = softmax(logits)
    assert found["chart"]["y"] == pytest.approx(probs, abs=1e-12)
    labels = [*LETTERS, "BOS"]
    assert found["top"] == [labels[i] for i in sorted(range(27), key=lambda i: -probs[i])[:3]]
    names = names_path(PROJECT).read_text(encoding="utf-8").split()
    for example, letter in zip(found["examples"], [t for t in found["top"] if t != "BOS"]):
        # The first name of the file (the commonest first) that goes on from "em" with the favourite letter.
        assert example == next(name for name in names if name.startswith("em" + letter) and name != "em" + letter)
    toy = [math.exp(2.0), math.exp(1.0), math.exp(-0.5)]
    assert found["toy"]["probs"] == pytest.approx([t / sum(toy) for t in toy])


def test_the_bigram_losses_come_from_the_names(numbers, names):
    pairs = Counter()
    for name in names:
        padded = "." + name + "."
        pairs.update(zip(padded, padded[1:]))
    firsts = Counter()
    for (a, _), n in pairs.items():
        firsts[a] += n
    total = sum(pairs.values())
    counting = -math.fsum(n * math.log(n / firsts[a]) for (a, _), n in pairs.items()) / total
    found = numbers.neural_bigram()
    assert found["pairs"] == total == sum(len(name) + 1 for name in names)
    assert found["counting"] == pytest.approx(counting, abs=1e-12)
    smoothed = -math.fsum(n * math.log((n + 1) / (firsts[a] + 27)) for (a, _), n in pairs.items()) / total
    assert found["counting_smoothed"] == pytest.approx(smoothed, abs=1e-12)
    assert found["uniform"] == pytest.approx(math.log(27))
    # From a table of zeros every letter is equally likely: the first loss is the uniform one.
    assert found["start"] == pytest.approx(math.log(27))
    assert found["counting"] < found["end"] < found["after_ten"] < found["after_one"] < found["start"]
    assert found["curve"]["y"][0] == found["start"] and found["curve"]["y"][-1] == found["end"]


def walk(counts, lr, steps, stop_below):
    """Gradient descent from zeros written out again: the losses until one is at most `stop_below`."""
    pairs = sum(map(sum, counts))
    W = [[0.0] * len(counts) for _ in counts]
    losses = []
    for _ in range(steps + 1):
        rows = [[math.exp(w) / math.fsum(math.exp(v) for v in row) for w in row] for row in W]
        losses.append(-math.fsum(c * math.log(p) for r, cs in zip(rows, counts) for p, c in zip(r, cs) if c) / pairs)
        if losses[-1] <= stop_below:
            break
        W = [[w - lr * (sum(cs) * p - c) / pairs for w, p, c in zip(row, r, cs)] for row, r, cs in zip(W, rows, counts)]
    return losses


def letter_counts(names):
    counts = [[0] * 27 for _ in range(27)]
    for name in names:
        tokens = [BOS, *(LETTERS.index(ch) for ch in name), BOS]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


def test_the_lessons_rate_reaches_the_counting_model_and_one_step_more_does_not(numbers, names):
    found = numbers.neural_bigram()
    counts, target = letter_counts(names), found["counting_smoothed"]
    losses = walk(counts, found["lr"], 5000, target)
    # The run stops at the first step whose loss is at or below the counting model's, and that is the one the lesson names.
    assert losses[-1] <= target < losses[-2]
    assert found["reached"] == len(losses) - 1 and found["end"] == pytest.approx(losses[-1], abs=1e-12)
    assert found["reached"] < found["max_steps"] <= 5000
    assert found["after_hundred"] == pytest.approx(losses[100], abs=1e-12)
    assert found["curve"]["x"][-1] == f"step {found['reached']}" and found["curve"]["y"] == pytest.approx(
        [losses[int(x.split()[1])] for x in found["curve"]["x"]], abs=1e-12
    )
    # The rate is the round number below the limit; one round number more zigzags and stays above.
    assert found["lr"] % 10 == 0 and found["lr"] < found["lr_limit"] < found["too_big_lr"] == found["lr"] + 10
    too_big = walk(counts, found["too_big_lr"], found["reached"], -math.inf)
    assert min(too_big) > target
    assert sorted(too_big[-2:]) == pytest.approx(found["too_big_last"], abs=1e-12)
    assert too_big[-3] == pytest.approx(too_big[-1], abs=1e-6)  # flipping between two values, step after step


def test_the_rate_limit_is_where_the_narrowest_row_starts_to_overshoot(numbers, names):
    """Near its bottom a row's loss is a bowl; a step of lr overshoots it for good when lr x (its sharpest bend) > 2.

    The bend is measured here by nudging: the change of the slope of the row's loss along its
    sharpest direction, found by trying many directions' second differences."""
    found = numbers.neural_bigram()
    counts = letter_counts(names)
    pairs = sum(map(sum, counts))
    row = counts[LETTERS.index(found["steepest_row"]) if found["steepest_row"] in LETTERS else BOS]
    total = sum(row)
    bottom = [math.log(c / total) if c else -30.0 for c in row]

    def row_loss(w):
        log_z = math.log(math.fsum(math.exp(v) for v in w))
        return -math.fsum(c * (v - log_z) for v, c in zip(w, row)) / pairs

    def bend(direction, h=1e-3):
        length = math.sqrt(sum(d * d for d in direction))
        d = [x / length for x in direction]
        up = [w + h * x for w, x in zip(bottom, d)]
        down = [w - h * x for w, x in zip(bottom, d)]
        return (row_loss(up) - 2 * row_loss(bottom) + row_loss(down)) / h**2

    # The sharpest direction of diag(p) - p p^T: found by repeatedly applying it (power iteration) from here.
    p = [c / total for c in row]
    v = [1.0] * 27
    v[0] = 2.0
    for _ in range(300):
        mean = sum(a * b for a, b in zip(p, v))
        v = [a * (b - mean) for a, b in zip(p, v)]
        size = math.sqrt(sum(x * x for x in v))
        v = [x / size for x in v]
    assert 2 / bend(v) == pytest.approx(found["lr_limit"], rel=1e-4)


def toy_loss(W, counts):
    total = sum(map(sum, counts))
    loss = 0.0
    for row, row_counts in zip(W, counts):
        log_z = math.log(sum(math.exp(w) for w in row))
        loss -= sum(c * (w - log_z) for w, c in zip(row, row_counts))
    return loss / total


def test_the_training_step_follows_the_slope_found_by_nudging(numbers):
    found = numbers.neural_bigram()["toy"]
    counts, lr, h = found["counts"], found["lr"], 1e-6
    W = [[0.0] * 3 for _ in range(3)]
    for a in range(3):
        for b in range(3):
            up = [row[:] for row in W]
            up[a][b] += h
            down = [row[:] for row in W]
            down[a][b] -= h
            slope = (toy_loss(up, counts) - toy_loss(down, counts)) / (2 * h)
            assert found["next"][a][b] == pytest.approx(W[a][b] - lr * slope, abs=1e-8)
    assert found["after"] == pytest.approx(toy_loss(found["next"], counts))
    assert found["start"] == pytest.approx(math.log(3))


def test_the_walks_step_is_the_loss_and_the_step_written_apart_to_the_last_bit(numbers):
    """The walk takes each row's exps once for both the loss and the step: it must give what
    average_nll and train_step give, float for float, on tables of every kind of row."""
    import random

    rng = random.Random(7)
    size = 5
    counts = [[rng.choice([0, 0, 1, 3, 250]) for _ in range(size)] for _ in range(size)]
    counts[2] = [0] * size  # a letter never seen first: its row still moves
    tables = [[[0.0] * size for _ in range(size)], [[rng.gauss(0, 3) for _ in range(size)] for _ in range(size)]]
    for W in tables:
        for lr in (0.5, 7.25):
            loss, step = numbers.loss_and_step(W, counts, lr)
            assert loss == numbers.average_nll(W, counts)
            assert step == numbers.train_step(W, counts, lr)
    steps = 40
    W, losses = tables[0], []
    for _ in range(steps + 1):
        losses.append(numbers.average_nll(W, counts))
        W = numbers.train_step(W, counts, 2.0)
    assert numbers.walk_from_zeros(counts, 2.0, steps) == losses
