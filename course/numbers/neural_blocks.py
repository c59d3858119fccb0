"""Numbers for Module 7, "Neural building blocks", from microgpt, its checkpoint and the names.

Each lesson starts from a toy case small enough to check by hand, then shows the same
step inside the trained model (course/checkpoint.json, read once through `model.py`).
The last lesson trains a 27 x 27 table of logits on the letter-pair counts of the names
and compares its loss with the counting model's.
"""

import functools
import math

from microgpt.layers import linear, relu, rmsnorm, softmax
from microgpt.model import GPTConfig, parameter_shapes

from . import counting_model, text_as_numbers
from .disk_cache import on_disk
from . import model as trained

# --- lesson 1: parameters ----------------------------------------------------------

# Two small tables of made-up weights, 3 rows of 4 and 2 rows of 5, to count by hand.
TOY_TABLES = [
    [[0.2, -0.1, 0.4, 0.0], [-0.3, 0.5, 0.1, 0.2], [0.1, 0.0, -0.2, 0.3]],
    [[0.1, 0.3, -0.4, 0.2, 0.0], [0.2, -0.1, 0.0, 0.5, -0.3]],
]
TOY_SHAPES = [[len(table), len(table[0])] for table in TOY_TABLES]


def table_label(name):
    """ "layer0.mlp_fc1" -> "mlp_fc1": microgpt has one layer, so the prefix says nothing."""
    return name.split(".", 1)[-1]


def parameters():
    """microgpt's weight tables: their shapes, how many numbers each holds, and the total."""
    tables = [
        {"name": table_label(name), "rows": rows, "cols": cols, "count": rows * cols}
        for name, rows, cols in parameter_shapes(GPTConfig())
    ]
    total = sum(table["count"] for table in tables)
    by_name = {table["name"]: table for table in tables}
    toy_counts = [rows * cols for rows, cols in TOY_SHAPES]
    mlp = by_name["mlp_fc1"]["count"] + by_name["mlp_fc2"]["count"]
    attention = sum(by_name[f"attn_w{part}"]["count"] for part in "qkvo")
    return {
        "tables": tables,
        "table_count": len(tables),
        "by_name": by_name,
        "shapes": [[table["rows"], table["cols"]] for table in tables],
        "total": total,
        "checkpoint_total": trained.model().num_params,
        "mlp": mlp,
        "mlp_share": mlp / total,
        "attention": attention,
        "embeddings": by_name["wte"]["count"] + by_name["wpe"]["count"],
        "chart": {"x": [table["name"] for table in tables], "y": [table["count"] for table in tables]},
        "toy": {
            "tables": TOY_TABLES,
            "shapes": TOY_SHAPES,
            "counts": toy_counts,
            "total": sum(toy_counts),
            "rows_plus_cols": sum(rows + cols for rows, cols in TOY_SHAPES),
        },
    }


def parameters_worked():
    """The lab's worked examples: the toy tables and microgpt's whole list."""
    numbers = parameters()
    return {"toy": numbers["toy"]["total"], "microgpt": numbers["total"]}


# --- lesson 2: token embeddings ----------------------------------------------------

TOY_LETTERS = ["a", "b", "c", "BOS"]
TOY_WTE = [
    [0.5, -1.0, 2.0],  # a
    [1.5, 0.0, -0.5],  # b
    [-2.0, 1.0, 0.5],  # c
    [0.0, 0.5, 1.0],  # BOS
]
TOY_TOKEN = 2  # "c"
VOWELS = "aeiou"
SIMILAR_TO = "a"  # the letter whose similarities the bars show


def cosine(a, b):
    """How alike two vectors point: their dot product over the product of their lengths (-1 to 1)."""
    dot = sum(x * y for x, y in zip(a, b))
    return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


def token_labels():
    return [*trained.model().tokenizer.chars, "BOS"]


@functools.cache
def similarity_table():
    wte = trained.model().plain_weights()["wte"]
    return [[cosine(a, b) for b in wte] for a in wte]


def mean(values):
    values = list(values)
    return sum(values) / len(values)


def embeddings():
    """A toy table read by row, then the trained wte: one row, and how alike the letters' rows are."""
    weights = trained.model().plain_weights()
    wte = weights["wte"]
    labels = token_labels()
    letter = "e"
    token = labels.index(letter)
    table = similarity_table()
    vowels = [labels.index(v) for v in VOWELS]
    consonants = [i for i, name in enumerate(labels) if name not in VOWELS + "y" and name != "BOS"]
    reference = labels.index(SIMILAR_TO)
    others = [i for i in range(len(labels)) if i != reference]
    ranked = sorted(others, key=lambda i: table[reference][i], reverse=True)
    pairs = sorted(
        ((table[i][j], labels[i], labels[j]) for i in range(len(labels)) for j in range(i + 1, len(labels))),
        reverse=True,
    )
    vowel_pairs = sorted((table[i][j], labels[i], labels[j]) for i in vowels for j in vowels if i < j)
    means = {
        "vowel_mean": mean(table[i][j] for i in vowels for j in vowels if i < j),
        "consonant_mean": mean(table[i][j] for i in consonants for j in consonants if i < j),
        "across_mean": mean(table[i][j] for i in vowels for j in consonants),
    }
    if not means["vowel_mean"] > max(means["consonant_mean"], means["across_mean"]):
        # The lesson says the vowels' rows are the most alike: a checkpoint where they are not needs new text.
        raise ValueError(f"the token-embeddings lesson says two vowels' rows are most alike on average, but this checkpoint gives {means}")
    # The bar nearest 0 (the question's third choice), among the letters the question does not name already.
    named = {*ranked[:3], ranked[-1]}
    near_zero = min((i for i in others if i not in named), key=lambda i: abs(table[reference][i]))
    return {
        "toy": {
            "letters": TOY_LETTERS,
            "wte": TOY_WTE,
            "token": TOY_TOKEN,
            "letter": TOY_LETTERS[TOY_TOKEN],
            "row": TOY_WTE[TOY_TOKEN],
            "column": [row[TOY_TOKEN] for row in TOY_WTE],
            "next_row": TOY_WTE[TOY_TOKEN + 1],
            "rows": len(TOY_WTE),
            "cols": len(TOY_WTE[0]),
        },
        "ids": {name: i for i, name in enumerate(labels)},
        "letter": letter,
        "token": token,
        "row": wte[token],
        "width": len(wte[token]),
        "rows": len(wte),
        "similar_to": SIMILAR_TO,
        "closest": [labels[i] for i in ranked[:3]],
        "closest_values": [table[reference][i] for i in ranked[:3]],
        "farthest": labels[ranked[-1]],
        "farthest_value": table[reference][ranked[-1]],
        **means,
        "closest_vowels": sum(labels[i] in VOWELS for i in ranked[:3]),
        "near_zero": labels[near_zero],
        "near_zero_value": table[reference][near_zero],
        "least_alike_vowels": {"value": vowel_pairs[0][0], "letters": [vowel_pairs[0][1], vowel_pairs[0][2]]},
        "top_pair": {"value": pairs[0][0], "letters": [pairs[0][1], pairs[0][2]]},
        "chart": {"x": [labels[i] for i in others], "y": [table[reference][i] for i in others]},
        # The film's bars: the four rows most like a's, and the four least like it.
        "extremes": {
            "x": [labels[i] for i in ranked[:4] + ranked[-4:]],
            "y": [table[reference][i] for i in ranked[:4] + ranked[-4:]],
        },
        "grid": similarity_grid(labels, table),
    }


def similarity_grid(labels, table):
    """Every token's similarity with every other, vowels first, so a block of alike vowels shows."""
    order = sorted(range(len(labels)), key=lambda i: (labels[i] not in VOWELS, labels[i] == "BOS", labels[i]))
    shown = [labels[i] for i in order]
    return {"values": [[table[i][j] for j in order] for i in order], "rows": shown, "columns": shown}


def embeddings_worked():
    return {"row": TOY_WTE[TOY_TOKEN]}


# --- lesson 3: the MLP ----------------------------------------------------------------

TOY_X = [1.0, -2.0]
TOY_FC1 = [[1.0, 1.0], [2.0, 0.5], [-1.0, 0.0]]  # 3 hidden numbers, each from 2 inputs
TOY_FC2 = [[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]]  # 2 outputs, each from 3 hidden numbers
MLP_NAME = "emma"


def mlp(x, fc1, fc2):
    return linear([relu(h) for h in linear(x, fc1)], fc2)


def mlp_inputs(name):
    """What the MLP reads at each position of `name` in the trained model.

    microgpt normalises three times per position (the embedding, before attention,
    before the MLP), so every third normalised vector is the MLP's input.
    """
    normalised = []

    def recording_norm(x):
        result = rmsnorm(x)
        normalised.append(result)
        return result

    model = trained.model()
    token_ids = model.tokenizer.encode(name)[:-1]
    from microgpt.inference import run_tokens

    run_tokens(model, token_ids, norm=recording_norm)
    return normalised[2::3]


def sampled(hidden, each=4):
    kept = [i for i, h in enumerate(hidden) if h > 0][:each]
    zeroed = [i for i, h in enumerate(hidden) if h <= 0][:each]
    return sorted(kept + zeroed)


def mlp_block():
    """A toy MLP worked by hand, then the trained model's MLP at the last letter of "emma"."""
    hidden = linear(TOY_X, TOY_FC1)
    weights = trained.model().plain_weights()
    fc1, fc2 = weights["layer0.mlp_fc1"], weights["layer0.mlp_fc2"]
    inputs = mlp_inputs(MLP_NAME)
    x = inputs[-1]
    real_hidden = linear(x, fc1)
    zeroed = sum(1 for h in real_hidden if h <= 0)
    # After each letter of the name (position 0 is the start marker): which hidden numbers get through.
    kept = [{i for i, h in enumerate(linear(x_at, fc1)) if h > 0} for x_at in inputs[1:]]
    if all(k == kept[-1] for k in kept):
        raise ValueError(f"the MLP lesson says different letters let through different hidden numbers, but every letter of {MLP_NAME!r} lets through the same")
    shown = sampled(real_hidden)
    return {
        "toy": {
            "x": TOY_X,
            "fc1": TOY_FC1,
            "fc2": TOY_FC2,
            "hidden": hidden,
            "relu": [relu(h) for h in hidden],
            "output": mlp(TOY_X, TOY_FC1, TOY_FC2),
            "no_relu": linear(hidden, TOY_FC2),
            "hidden_size": len(TOY_FC1),
        },
        "name": MLP_NAME,
        "letter": MLP_NAME[-1],
        "width": len(x),
        "hidden_size": len(fc1),
        "fc1_shape": [len(fc1), len(fc1[0])],
        "fc2_shape": [len(fc2), len(fc2[0])],
        "zeroed": zeroed,
        "kept": len(real_hidden) - zeroed,
        "x_first": x[:4],
        "hidden_first": real_hidden[:8],
        # Eight hidden numbers for the film: the first four that ReLU keeps and the first four it zeroes.
        "sample_labels": [f"h{i}" for i in shown],
        "sample_before": [real_hidden[i] for i in shown],
        "sample_after": [relu(real_hidden[i]) for i in shown],
        "sample_kept": sum(real_hidden[i] > 0 for i in shown),
        "sample_zeroed": sum(real_hidden[i] <= 0 for i in shown),
        "by_letter": [
            {"read": MLP_NAME[: i + 1], "kept": len(k), "shared": len(k & kept[-1])} for i, k in enumerate(kept)
        ],
        "output_first": mlp(x, fc1, fc2)[:4],
    }


def mlp_worked():
    return {"output": mlp(TOY_X, TOY_FC1, TOY_FC2)}


# --- lesson 4: next-letter probabilities ---------------------------------------------

TOY_LM_X = [1.0, 0.5]
TOY_LM_HEAD = [[2.0, 0.0], [0.0, 2.0], [-1.0, 1.0]]  # 3 tokens, each scored from 2 numbers
TOY_LM_LETTERS = ["a", "b", "BOS"]
PREFIX = "em"


@functools.cache
def prefix_probs(prefix):
    """The trained model's probabilities for the token after `prefix` (read after BOS)."""
    from microgpt import run_name

    _maps, logits = run_name(trained.model(), prefix)
    return softmax(logits[-1])


def next_letter():
    """A toy lm_head by hand, then the trained model's next-letter bars after "em"."""
    logits = linear(TOY_LM_X, TOY_LM_HEAD)
    probs = prefix_probs(PREFIX)
    labels = token_labels()
    ranked = sorted(range(len(probs)), key=lambda i: probs[i], reverse=True)
    lm_head = trained.model().plain_weights()["lm_head"]
    return {
        "toy": {
            "x": TOY_LM_X,
            "lm_head": TOY_LM_HEAD,
            "letters": TOY_LM_LETTERS,
            "logits": logits,
            "exps": [math.exp(v) for v in logits],
            "exp_total": sum(math.exp(v) for v in logits),
            "probs": softmax(logits),
        },
        "prefix": PREFIX,
        "lm_head_shape": [len(lm_head), len(lm_head[0])],
        "top": [labels[i] for i in ranked[:3]],
        "top_probs": [probs[i] for i in ranked[:3]],
        # For each favourite letter, the first name in the data (the file lists the commonest first) that goes on so.
        "examples": [example for example in (first_name_with(PREFIX + labels[i]) for i in ranked[:3] if labels[i] != "BOS") if example],
        "end_prob": probs[labels.index("BOS")],
        "chart": {"x": labels, "y": probs},
        "uniform": 1 / len(probs),
    }


def first_name_with(start):
    return next((name for name in text_as_numbers.names() if name.startswith(start) and name != start), None)


def next_letter_worked():
    return {"probs": softmax(linear(TOY_LM_X, TOY_LM_HEAD))}


# --- lesson 5: a neural bigram model, trained --------------------------------------

LR_ROUNDING = 10  # the lesson's learning rate: the largest multiple of this that does not overshoot
STEPS_ROUNDING = 500  # the page's run may take up to the steps the lesson needs, rounded up to this
FILM_STEPS = (0, 1, 2, 5, 10, 100, 1000)  # the film's bars (and the step that reaches the target): at most 8, for a phone
TOY_COUNTS = [[0, 3, 1], [2, 0, 2], [4, 0, 0]]
TOY_LR = 1.0


def bigram_counts():
    """counts[a][b]: how often token b follows token a over every name (Module 3's table)."""
    return counting_model.table()


def average_nll(W, counts):
    """The average of -log p(b | a) over every counted pair, p being the softmax of row a of W."""
    total, pairs = 0.0, 0
    for row, row_counts in zip(W, counts):
        largest = max(row)
        log_total = largest + math.log(sum(math.exp(w - largest) for w in row))
        for w, count in zip(row, row_counts):
            if count:
                total -= count * (w - log_total)
                pairs += count
    return total / pairs


def train_step(W, counts, lr):
    """One step downhill on the average NLL; every cell's slope is (row total x p - count) / pairs."""
    pairs = sum(map(sum, counts))
    new = []
    for row, row_counts in zip(W, counts):
        probs = softmax(row)
        row_total = sum(row_counts)
        new.append([w - lr * (row_total * p - c) / pairs for w, p, c in zip(row, probs, row_counts)])
    return new


def counting_loss(counts, smoothing=0):
    """The counting model's average NLL: each row's counts (plus `smoothing`) over their total."""
    total, pairs = 0.0, 0
    for row in counts:
        row_total = sum(row) + smoothing * len(row)
        for count in row:
            if count:
                total -= count * math.log((count + smoothing) / row_total)
                pairs += count
    return total / pairs


def curvature(p, rounds=200):
    """The largest eigenvalue of diag(p) - p p^T (how fast a row's slopes change as its logits move), by power iteration."""
    v = [1.0 + (i % 3) for i in range(len(p))]  # any start not orthogonal to the answer
    v = [x / math.sqrt(sum(y * y for y in v)) for x in v]
    value = 0.0
    for _ in range(rounds):
        mean = sum(pi * vi for pi, vi in zip(p, v))
        w = [pi * (vi - mean) for pi, vi in zip(p, v)]
        value = math.sqrt(sum(x * x for x in w))  # v has length 1, so this is how much H stretches it
        v = [x / value for x in w]
    return value


def learning_rate_limit(counts):
    """Above 2 / (the narrowest row's curvature at the bottom) a step overshoots that row's bottom
    by more than it started from it, and the walk there never settles (Module 5's zigzag).

    Row a's curvature is its share of the pairs times diag(p) - p p^T, p its counted fractions:
    the shape of the valley where the walk ends. Returns the limit and the row that sets it.
    """
    pairs = sum(map(sum, counts))
    steepest = max(
        (sum(row) / pairs * curvature([c / sum(row) for c in row]), a) for a, row in enumerate(counts) if sum(row)
    )
    return 2 / steepest[0], steepest[1]


def learning_rate(counts):
    limit, _row = learning_rate_limit(counts)
    return math.floor(limit / LR_ROUNDING) * LR_ROUNDING


def loss_and_step(W, counts, lr):
    """(average_nll(W, counts), train_step(W, counts, lr)), to the last bit, each row's exps taken once.

    The loss and the step both need every row's softmax. The walks below take some 3,000 steps
    between them, so computing the exps once (and on floats only) takes a third off a cold
    build's time here; the arithmetic is the two functions' own, in their order.
    """
    pairs = sum(map(sum, counts))
    total, counted, new = 0.0, 0, []
    for row, row_counts in zip(W, counts):
        largest = max(row)
        exps = [math.exp(w - largest) for w in row]
        log_total = largest + math.log(sum(exps))  # average_nll's sum: the built-in one
        for w, count in zip(row, row_counts):
            if count:
                total -= count * (w - log_total)
                counted += count
        row_sum = 0  # softmax's sum: left to right, then a product with its inverse (microgpt's division)
        for e in exps:
            row_sum = row_sum + e
        inverse = row_sum**-1
        row_total = sum(row_counts)
        new.append([w - lr * (row_total * (e * inverse) - c) / pairs for w, e, c in zip(row, exps, row_counts)])
    return total / counted, new


def walk_from_zeros(counts, lr, steps, stop_below=None):
    """The loss before each step from a table of zeros, up to `steps` steps or until it is at most `stop_below`."""
    loss, W = loss_and_step([[0.0] * len(counts) for _ in counts], counts, lr)
    losses = [loss]
    while len(losses) <= steps and not (stop_below is not None and losses[-1] <= stop_below):
        loss, W = loss_and_step(W, counts, lr)
        losses.append(loss)
    return losses


LONGEST_WALK = 20_000  # a bug guard: the walk at the chosen rate ends long before this
BUILD_SECONDS = 1.5  # about, for the two walks when they are not recorded: the build starts them early
CHECKED_STEPS = 50  # of each recorded walk, taken again before the record is believed


def check_training_runs(runs):
    """Raises ValueError unless `runs` are the walks training_runs() makes: the same rate, the same
    first CHECKED_STEPS losses to the last bit, and an end where the lesson says each walk ends."""
    counts = bigram_counts()
    lr, losses, too_big = runs["lr"], runs["losses"], runs["too_big"]
    target = counting_loss(counts, smoothing=counting_model.SMOOTHING)
    if lr != learning_rate(counts) or len(too_big) != len(losses):
        raise ValueError("the recorded walks are not at the lesson's rate, or not as long as each other")
    if walk_from_zeros(counts, lr, CHECKED_STEPS) != losses[: CHECKED_STEPS + 1]:
        raise ValueError(f"the walk at lr {lr} takes other steps now")
    if walk_from_zeros(counts, lr + LR_ROUNDING, CHECKED_STEPS) != too_big[: CHECKED_STEPS + 1]:
        raise ValueError(f"the walk at lr {lr + LR_ROUNDING} takes other steps now")
    if not losses[-1] <= target < min(losses[:-1]) or min(too_big) <= target:
        raise ValueError("the recorded walks do not end where the lesson says they do")


@functools.cache
@on_disk(sources=("neural_blocks.py", "counting_model.py", "text_as_numbers.py"), check=check_training_runs)
def training_runs():
    """The walk at the lesson's rate until it reaches the counting model's loss, and the walk at one
    LR_ROUNDING more for as many steps. The two take a second or two: they are recorded with the
    course (course/records/) and kept in .cache/numbers/ (disk_cache.py)."""
    counts = bigram_counts()
    lr = learning_rate(counts)
    target = counting_loss(counts, smoothing=counting_model.SMOOTHING)
    losses = walk_from_zeros(counts, lr, LONGEST_WALK, stop_below=target)
    if losses[-1] > target:
        raise ValueError(f"the neural bigram walk at lr {lr} did not reach the counting model's loss in {LONGEST_WALK} steps")
    runs = {"lr": lr, "losses": losses, "too_big": walk_from_zeros(counts, lr + LR_ROUNDING, len(losses) - 1)}
    if min(runs["too_big"]) <= target:  # the lesson says this rate does not get there
        raise ValueError(f"the neural bigram walk at lr {lr + LR_ROUNDING} reached the counting model's loss too")
    return runs


def toy_slope(a, c):
    """The slope of W[a][c] in the toy, from a table of zeros (every probability 1/size)."""
    return (sum(TOY_COUNTS[a]) / len(TOY_COUNTS) - TOY_COUNTS[a][c]) / sum(map(sum, TOY_COUNTS))


def neural_bigram():
    """The table of logits trained from zeros on every pair of the names, beside the counting model."""
    counts = bigram_counts()
    runs = training_runs()
    losses, too_big = runs["losses"], runs["too_big"]
    reached = len(losses) - 1
    limit, steepest = learning_rate_limit(counts)
    toy_W = [[0.0] * len(TOY_COUNTS) for _ in TOY_COUNTS]
    toy_next = train_step(toy_W, TOY_COUNTS, TOY_LR)
    film_steps = [step for step in FILM_STEPS if step < reached] + [reached]
    bos = len(counts) - 1
    counting = counting_loss(counts)
    return {
        "size": len(counts),
        "cells": len(counts) ** 2,
        "pairs": sum(map(sum, counts)),
        "uniform": math.log(len(counts)),
        "counting": counting,
        # Module 3's counting model adds SMOOTHING to every count (its loss ladder says the same).
        "counting_smoothed": counting_loss(counts, smoothing=counting_model.SMOOTHING),
        "start": losses[0],
        "after_one": losses[1],
        "after_ten": losses[10],
        "after_hundred": losses[100],
        "end": losses[-1],
        "reached": reached,
        # The page's run stops when it reaches the counting model's loss; a learner's step rounds a
        # little differently from this one, so it may take up to this many steps.
        "max_steps": math.ceil((reached + 1) / STEPS_ROUNDING) * STEPS_ROUNDING,
        "lr": runs["lr"],
        "lr_limit": limit,
        "steepest_row": counting_model.short_labels()[steepest],
        "too_big_lr": runs["lr"] + LR_ROUNDING,
        # Too big a rate zigzags across the bottom of one row: its last two losses, low and high.
        "too_big_last": sorted(too_big[-2:]),
        "gap": losses[-1] - counting,
        "curve": {"x": [f"step {step}" for step in film_steps], "y": [losses[step] for step in film_steps]},
        "curve_early": {"x": [f"step {step}" for step in film_steps[:5]], "y": [losses[step] for step in film_steps[:5]]},
        "toy_losses": [average_nll(toy_W, TOY_COUNTS), average_nll(toy_next, TOY_COUNTS)],
        "bos_row_total": sum(counts[bos]),
        "counts": counts,
        "toy": {
            "counts": TOY_COUNTS,
            "lr": TOY_LR,
            "pairs": sum(map(sum, TOY_COUNTS)),
            "row_totals": [sum(row) for row in TOY_COUNTS],
            "start": average_nll(toy_W, TOY_COUNTS),
            "next": toy_next,
            "after": average_nll(toy_next, TOY_COUNTS),
            "first_slope": toy_slope(0, 1),
            "slope_20": toy_slope(2, 0),
        },
    }


def neural_bigram_worked():
    toy_W = [[0.0] * len(TOY_COUNTS) for _ in TOY_COUNTS]
    return {"next": train_step(toy_W, TOY_COUNTS, TOY_LR)}
