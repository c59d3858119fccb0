"""Numbers for Module 3, "The counting model", computed from the real names at build time.

The counting model is a 27 x 27 table: row a, column b holds how often token b follows
token a in the encoded names (Module 2's tokens: "a" to "z" are 0 to 25, BOS is 26).
Each row, with 1 added to every count and divided by its total, is the model's guess at
the next token. Sampling draws from those rows with `rng.choices`; the loss is the mean
of -log p over every pair of the data.
"""

import functools
import math
import random

from . import text_as_numbers
from .disk_cache import on_disk

SMOOTHING = 1
SEED = 42  # the seed the sampling lesson and its lab use
SAMPLES = 10  # how many names the sampling lesson shows
GREEDY_STEPS = 12  # greedy sampling repeats itself: the lesson shows this many letters of it
WORKED_NAMES = ["emma", "ava", "anna"]  # the lab's small case, small enough to count by hand
ROW_LETTER = "a"  # the row the probabilities lesson draws as bars
FILM_BARS = 8  # a film shows this many bars of a row (the likeliest), so that a scene reads on a phone


def top_tokens(row, must=None):
    """The FILM_BARS tokens with the largest values in `row`, largest first; `must` is always among them."""
    order = sorted(range(len(row)), key=lambda j: (-row[j], j))[:FILM_BARS]
    if must is not None and must not in order:
        order[-1] = must
    return order


def tokenizer():
    return text_as_numbers.tokenizer()


@functools.cache
def token_lists():
    answer_key = tokenizer()
    return tuple(tuple(answer_key.encode(name)) for name in text_as_numbers.names())


def count_pairs(encoded, size):
    counts = [[0] * size for _ in range(size)]
    for tokens in encoded:
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


@functools.cache
def _table():
    return count_pairs(token_lists(), tokenizer().vocab_size)


def table():
    """The counts of the whole data, as a fresh list of lists (callers may not change the cache)."""
    return [list(row) for row in _table()]


def probabilities(row, smoothing=SMOOTHING):
    total = sum(row) + smoothing * len(row)
    return [(count + smoothing) / total for count in row]


def probability_table():
    return [probabilities(row) for row in table()]


def short_labels():
    answer_key = tokenizer()
    return [answer_key.token_text(token).strip("<>") for token in range(answer_key.vocab_size)]


def pair_text(a, b):
    labels = short_labels()
    return f"{labels[a]} → {labels[b]}"


@on_disk()
def counting_pairs():
    """The count table of the whole data and the pairs the lesson points at."""
    answer_key = tokenizer()
    counts = table()
    labels = short_labels()
    bos, a, n = answer_key.bos, answer_key.encode("a")[1], answer_key.encode("n")[1]
    cells = [(counts[i][j], i, j) for i in range(len(counts)) for j in range(len(counts))]
    top_count, top_a, top_b = max(cells)
    zeros = sum(1 for count, _, _ in cells if count == 0)
    emma = list(answer_key.encode(text_as_numbers.EXAMPLE))
    emma_pairs = [[x, y] for x, y in zip(emma, emma[1:])]
    small = count_pairs([answer_key.encode(name) for name in WORKED_NAMES], answer_key.vocab_size)
    start_counts = counts[bos]
    starts = sorted(range(len(start_counts)), key=lambda j: -start_counts[j])[:5]
    return {
        "counts": counts,
        "labels": labels,
        "size": answer_key.vocab_size,
        "cells": answer_key.vocab_size ** 2,
        "bos": bos,
        "bos_a": counts[bos][a],
        "a_n": counts[a][n],
        "n_a": counts[n][a],
        "bos_bos": counts[bos][bos],
        "total": sum(map(sum, counts)),
        "names": len(token_lists()),
        "bos_row_total": sum(counts[bos]),
        "bos_column_total": sum(row[bos] for row in counts),
        "top_pair": pair_text(top_a, top_b),
        "top_count": top_count,
        "zeros": zeros,
        "emma": text_as_numbers.EXAMPLE,
        "emma_tokens": emma,
        "emma_pairs": emma_pairs,
        "emma_pair_texts": [pair_text(x, y) for x, y in emma_pairs],
        "m_m": counts[answer_key.encode("m")[1]][answer_key.encode("m")[1]],
        "top_starts": [labels[j] for j in starts],
        "top_start_counts": [start_counts[j] for j in starts],
        "worked_names": WORKED_NAMES,
        "worked_counts": small,
        "worked_a_bos": small[a][bos],
        "worked_bos_a": small[bos][a],
        "worked_n_n": small[n][n],
        "worked_total": sum(map(sum, small)),
        "grid": {"values": counts, "rows": labels, "columns": labels},
    }


@on_disk()
def counts_film():
    """'emma''s five pairs dropped one by one into a small corner of the table, then the whole data."""
    answer_key = tokenizer()
    letters = ["e", "m", "a"]
    shown = [answer_key.encode(letter)[1] for letter in letters] + [answer_key.bos]
    labels = letters + ["BOS"]
    index = {token: place for place, token in enumerate(shown)}
    emma = answer_key.encode(text_as_numbers.EXAMPLE)
    grid = [[0] * len(shown) for _ in shown]
    steps = []
    for position, (a, b) in enumerate(zip(emma, emma[1:])):
        grid[index[a]][index[b]] += 1
        steps.append({"grid": [list(row) for row in grid], "cell": [[index[a], index[b]]], "highlight": [position, position + 1]})
    whole = table()
    return {
        "tokens": emma,
        "labels": [answer_key.token_text(token).strip("<>") for token in emma],
        "corner_labels": labels,
        "zeros": [[0] * len(shown) for _ in shown],
        "steps": steps,
        "whole_corner": [[whole[a][b] for b in shown] for a in shown],
    }


@on_disk()
def counts_to_probabilities():
    """One row (what follows "a") as counts and as probabilities, and the smoothing that keeps zeros away."""
    answer_key = tokenizer()
    counts = table()
    labels = short_labels()
    a = answer_key.encode(ROW_LETTER)[1]
    row = counts[a]
    probs = probabilities(row)
    raw = [count / sum(row) for count in row]
    top = max(range(len(row)), key=lambda j: row[j])
    rarest = min(range(len(row)), key=lambda j: (row[j], j))
    q = answer_key.encode("q")[1]
    q_row = counts[q]
    q_zero = [labels[j] for j in range(len(q_row)) if q_row[j] == 0]
    toy = [3, 0, 1]
    toy_probs = probabilities(toy)
    return {
        "letter": ROW_LETTER,
        "row": row,
        "row_total": sum(row),
        "smoothed_total": sum(row) + SMOOTHING * len(row),
        "probs": probs,
        "probs_sum": sum(probs),
        "raw": raw,
        "top": labels[top],
        "top_count": row[top],
        "top_prob": probs[top],
        "top_raw": raw[top],
        "rarest": labels[rarest],
        "rarest_count": row[rarest],
        "rarest_prob": probs[rarest],
        "q_total": sum(q_row),
        "q_u": q_row[answer_key.encode("u")[1]],
        "q_zero_count": len(q_zero),
        "q_zero_some": q_zero[:3],
        "toy": toy,
        "toy_total": sum(toy),
        "toy_smoothed_total": sum(toy) + SMOOTHING * len(toy),
        "toy_probs": toy_probs,
        "toy_once": [count / (sum(toy) + SMOOTHING) for count in toy],
        "bars": {"x": labels, "y": probs},
        "film_counts": [row[j] for j in top_tokens(row)],
        "film_smoothed": [row[j] + SMOOTHING for j in top_tokens(row)],
        "film_probs": [probs[j] for j in top_tokens(row)],
        "film_labels": [labels[j] for j in top_tokens(row)],
        "film_bars": FILM_BARS,
        "every_row": {labels[i]: {"x": labels, "y": probabilities(counts[i])} for i in range(len(counts))},
    }


def draw(P, rng, bos, limit=None):
    """A name from the table P: the reference sampler, the one call the lesson teaches."""
    token = bos
    letters = []
    while True:
        token = rng.choices(range(len(P)), weights=P[token])[0]
        if token == bos or (limit is not None and len(letters) >= limit):
            return letters
        letters.append(token)


@on_disk()
def sampling_names():
    """Names drawn from the counting model with seed SEED, and greedy picking for contrast."""
    answer_key = tokenizer()
    P = probability_table()
    rng = random.Random(SEED)
    drawn = [answer_key.decode(draw(P, rng, answer_key.bos)) for _ in range(SAMPLES)]
    known = set(text_as_numbers.names())
    # Greedy: always the likeliest next token. From BOS that is the same walk every time.
    token, greedy = answer_key.bos, []
    for _ in range(GREEDY_STEPS):
        token = max(range(len(P)), key=lambda j: P[token][j])
        if token == answer_key.bos:
            break
        greedy.append(token)
    first = drawn[0]
    first_tokens = answer_key.encode(first)
    walk = [
        {"from": answer_key.token_text(x).strip("<>"), "to": answer_key.token_text(y).strip("<>"), "p": P[x][y]}
        for x, y in zip(first_tokens, first_tokens[1:])
    ]
    return {
        "seed": SEED,
        "names": drawn,
        "count": len(drawn),
        "real": [name for name in drawn if name in known],
        "new": [name for name in drawn if name not in known],
        "greedy": answer_key.decode(greedy),
        "greedy_steps": GREEDY_STEPS,
        "greedy_first": answer_key.token_text(greedy[0]),
        "bos_top_prob": max(P[answer_key.bos]),
        "first": first,
        "first_tokens": first_tokens,
        "first_labels": [answer_key.token_text(t).strip("<>") for t in first_tokens],
        "walk": walk,
        "film_bos_row": {"values": P[answer_key.bos], "labels": short_labels()},
        "walk_steps": [
            {
                "tokens": first_tokens[: i + 1],
                "labels": [answer_key.token_text(t).strip("<>") for t in first_tokens[: i + 1]],
                "row": [P[first_tokens[i]][j] for j in top_tokens(P[first_tokens[i]], *first_tokens[i + 1 : i + 2])],
                "row_labels": [short_labels()[j] for j in top_tokens(P[first_tokens[i]], *first_tokens[i + 1 : i + 2])],
                "at": answer_key.token_text(first_tokens[i]).strip("<>"),
            }
            for i in range(len(first_tokens))
        ],
        "labels": short_labels(),
    }


def average_surprise(P, encoded):
    total, pairs = 0.0, 0
    for tokens in encoded:
        for a, b in zip(tokens, tokens[1:]):
            total -= math.log(P[a][b])
            pairs += 1
    return total / pairs, pairs


@on_disk()
def how_good():
    """The counting model's average surprise over every pair, against guessing uniformly."""
    answer_key = tokenizer()
    P = probability_table()
    loss, pairs = average_surprise(P, token_lists())
    emma = answer_key.encode(text_as_numbers.EXAMPLE)
    emma_steps = [
        {"pair": pair_text(a, b), "p": P[a][b], "surprise": -math.log(P[a][b])}
        for a, b in zip(emma, emma[1:])
    ]
    emma_loss = sum(step["surprise"] for step in emma_steps) / len(emma_steps)
    per_name = [average_surprise(P, [tokens])[0] for tokens in token_lists()]
    size = answer_key.vocab_size
    return {
        "loss": loss,
        "pairs": pairs,
        "names": len(token_lists()),
        "uniform": math.log(size),
        "uniform_p": 1 / size,
        "size": size,
        "emma": text_as_numbers.EXAMPLE,
        "emma_steps": emma_steps,
        "emma_loss": emma_loss,
        "emma_product": math.prod(step["p"] for step in emma_steps),
        "per_name_mean": sum(per_name) / len(per_name),
        "log10_loss": loss / math.log(10),
        "log2_loss": loss / math.log(2),
        "sure": 0.0,
        "half": -math.log(0.5),
        "tenth": -math.log(0.1),
        "surprise_curve": {"x": ["1", "0.5", "0.25", "0.1", "0.05", "0.01"], "y": [abs(-math.log(p)) for p in (1, 0.5, 0.25, 0.1, 0.05, 0.01)]},
        "film_steps": [step["surprise"] for step in emma_steps],
        "film_probs": [step["p"] for step in emma_steps],
        "film_labels": [step["pair"] for step in emma_steps],
    }


@on_disk()
def how_good_worked():
    """The lab's worked example: a table that gives every token 1/27 is surprised by ln 27 at every pair."""
    size = tokenizer().vocab_size
    return {"uniform": math.log(size)}


@on_disk()
def sampling_worked():
    """The lab's worked example: a one-hot table that can only give "ben", drawn by the reference sampler."""
    answer_key = tokenizer()
    size, bos = answer_key.vocab_size, answer_key.bos
    path = [bos] + answer_key.encode("ben")[1:-1] + [bos]
    P = [[1 / size] * size for _ in range(size)]
    for a, b in zip(path, path[1:]):
        P[a] = [1.0 if j == b else 0.0 for j in range(size)]
    name = answer_key.decode(draw(P, random.Random(1), bos))
    return {"name": name, "path": [answer_key.token_text(t).strip("<>") for t in path]}
