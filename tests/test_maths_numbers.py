"""Module 4's numbers, recomputed another way.

The provider (course/numbers/maths.py) is checked against sums written out here with
`math.fsum` and plain loops, and against the trained model read straight from
course/checkpoint.json (its JSON, not the provider's helpers), so a slip in a provider
cannot hide behind itself.
"""

import importlib
import json
import math
from pathlib import Path

import pytest

import microgpt
from site_builder.names_data import names_path
from site_builder.numbers import fresh_package

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def maths():
    fresh_package(PROJECT / "course" / "numbers")
    return importlib.import_module("course_numbers.maths")


@pytest.fixture(scope="module")
def names():
    return names_path(PROJECT).read_text(encoding="utf-8").split()


@pytest.fixture(scope="module")
def wte():
    """The token embeddings as the checkpoint file stores them, one row per token (BOS last)."""
    data = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
    assert data["vocabulary"] == {"chars": LETTERS, "bos": 26}
    return data["weights"]["wte"]


def test_the_dot_product_by_hand(maths):
    d = maths.dot_product()
    assert d["products"] == [1 * 4, 2 * 5, 3 * 6]
    assert d["dot"] == 4 + 10 + 18
    assert d["quiz_dot"] == 2 * 3 + 0 * 5 + (-1) * 4
    assert (d["same_way"], d["across"], d["opposite"]) == (1, 0, -1)


def test_letters_against_e_are_the_checkpoints_dot_products(maths, wte):
    d = maths.dot_product()
    e = wte[LETTERS.index(d["letter"])]
    expected = {}
    for token, row in enumerate(wte):
        name = LETTERS[token] if token < 26 else "end"
        if name != d["letter"]:
            expected[name] = math.fsum(x * y for x, y in zip(e, row))
    assert len(d["chart"]["x"]) == len(expected) == 26
    for name, value in zip(d["chart"]["x"], d["chart"]["y"]):
        assert value == pytest.approx(expected[name], abs=1e-12)
    assert d["chart"]["y"] == sorted(d["chart"]["y"], reverse=True)
    ranked = sorted(expected, key=expected.get, reverse=True)
    # What the lesson names: the first four, how many of them are vowels (all four others, for e?), the fifth.
    assert d["top"] == ranked[:4] and d["fifth"] == ranked[4] and d["fifth_value"] == pytest.approx(expected[ranked[4]], abs=1e-12)
    assert d["top_vowels"] == sum(letter in "aeiou" for letter in ranked[:4]) and d["other_vowels"] == 4
    assert d["with_itself"] == pytest.approx(math.fsum(x * x for x in e), abs=1e-12)
    assert d["negative"] == sum(1 for v in expected.values() if v < 0)
    assert d["bottom"] == min(expected, key=expected.get)


def test_the_linear_layer_by_hand(maths):
    l = maths.linear_layer()
    assert l["out"] == [2 * 1 + 1 * 2, 0 * 1 + 3 * 2, -1 * 1 + 1 * 2]
    assert l["row_products"] == [[2, 2], [0, 6], [-1, 2]]
    data = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
    weights, config = data["weights"], data["config"]
    assert (l["lm_rows"], l["lm_cols"]) == (config["vocab_size"], config["n_embd"]) == (len(weights["lm_head"]), len(weights["lm_head"][0]))
    assert l["lm_size"] == l["lm_rows"] * l["lm_cols"]
    # Per letter: q, k, v and attn_wo (16 x 16 each), fc1 (64 x 16), fc2 (16 x 64), lm_head (27 x 16).
    d, hidden, vocab = config["n_embd"], 4 * config["n_embd"], config["vocab_size"]
    assert l["multiplications"] == 4 * d * d + 2 * hidden * d + vocab * d
    assert l["layers_per_letter"] == 7


def test_exp_and_log_by_hand(maths):
    x = maths.exp_and_log()
    assert x["exps"] == pytest.approx([math.e**v for v in x["xs"]], rel=1e-14)
    assert all(value > 0 for value in x["exps"])
    assert x["log_product"] == pytest.approx(math.log(0.5 * 0.25 * 0.1), abs=1e-14)
    assert x["sum_of_logs"] == pytest.approx(math.fsum(math.log(p) for p in (0.5, 0.25, 0.1)), abs=1e-14)
    assert x["two_logs"] == pytest.approx(math.log(0.125), abs=1e-14)
    assert x["log10_half"] == pytest.approx(math.log(0.5) / math.log(10), abs=1e-15)
    assert x["underflow"] == 0.0 and 0.01**200 == 0.0
    assert x["sum_many"] == pytest.approx(-200 * math.log(100), abs=1e-9)
    assert x["exp_of_sum"] == pytest.approx(x["product_of_exps"], rel=1e-14)
    assert x["x_labels"] == ["-2", "-1", "0", "1", "2"]


def model_next_letter_chances(prefix, t=1):
    """The trained model's chances after BOS + `prefix`, by microgpt's own forward pass, at temperature t."""
    model = microgpt.load_checkpoint(CHECKPOINT)
    tokens = [26] + [LETTERS.index(c) for c in prefix]
    logits, _ = microgpt.run_tokens(model, tokens)
    scaled = [v / t for v in logits[-1]]
    exps = [math.exp(v - max(scaled)) for v in scaled]
    return {("end" if token == 26 else LETTERS[token]): e / math.fsum(exps) for token, e in enumerate(exps)}, logits[-1]


def test_softmax_by_hand_and_the_models_next_letters(maths):
    s = maths.softmax_example()
    exps = [math.e**2, math.e, 1]
    assert s["probs"] == pytest.approx([e / math.fsum(exps) for e in exps], abs=1e-15)
    assert s["shifted_exps"] == pytest.approx([1, 1 / math.e, 1 / math.e**2], abs=1e-15)
    assert s["big_probs"] == pytest.approx([1 / (1 + math.exp(-1)), math.exp(-1) / (1 + math.exp(-1))], abs=1e-15)
    with pytest.raises(OverflowError):
        math.exp(s["big"][0])
    assert math.exp(709) < float("inf") and s["exp_limit"] == pytest.approx(math.log(2**1023) + math.log(2), abs=1e-9)
    chances, logits = model_next_letter_chances(s["prefix"])
    ranked = sorted(chances, key=chances.get, reverse=True)
    assert s["chart"]["x"] == ranked[: s["shown"]]
    assert s["chart"]["y"] == pytest.approx([chances[c] for c in ranked[: s["shown"]]], abs=1e-12)
    assert (s["model_low_logit"], s["model_top_logit"]) == (min(logits), max(logits))
    assert s["best_letter"] == ranked[0] and s["best_prob"] == pytest.approx(chances[ranked[0]], abs=1e-12)
    assert s["shown_share"] == pytest.approx(math.fsum(chances[c] for c in ranked[: s["shown"]]), abs=1e-12)
    assert s["runners_up"] == ranked[1:3] and s["runners_up_probs"] == pytest.approx([chances[c] for c in ranked[1:3]], abs=1e-12)
    assert s["top3_vowels"] == sum(letter in "aeiou" for letter in ranked[:3])


def test_what_follows_em_in_the_names(maths, names):
    s = maths.softmax_example()
    third = [name[2] if len(name) > 2 else "end" for name in names if name[:2] == s["prefix"]]
    assert s["data_names"] == len(third)
    commonest = max(set(third), key=third.count)
    assert (s["data_letter"], s["data_count"]) == (commonest, third.count(commonest))
    chances, _ = model_next_letter_chances(s["prefix"])
    assert s["model_share_of_data_letter"] == pytest.approx(chances[commonest], abs=1e-12)
    assert s["model_share_of_data_letter"] < 0.05  # the lesson says the model has not learned it


def test_weighted_averages_by_hand(maths):
    w = maths.weighted_average_example()
    assert w["plain_mean"] == (2 + 4) / 2
    assert w["weighted"] == 0.25 * 2 + 0.75 * 4
    assert w["blend"] == [0.5 * 4 + 0.25 * 0 + 0.25 * 2, 0.5 * 0 + 0.25 * 8 + 0.25 * 2]
    assert w["quiz_answer"] == pytest.approx(19)
    assert math.fsum(w["blend_weights"]) == 1 and math.fsum(w["weights"]) == 1


def test_temperature_by_hand_and_on_the_model(maths):
    t = maths.temperature_example()
    for key, temperature in (("at_half", 0.5), ("at_one", 1), ("at_two", 2)):
        exps = [math.exp(v / temperature) for v in (2, 1, 0)]
        assert t[key] == pytest.approx([e / math.fsum(exps) for e in exps], abs=1e-15)
    for key, temperature in (("chart_half", 0.5), ("chart_one", 1), ("chart_two", 2)):
        chances, _ = model_next_letter_chances(t["prefix"], temperature)
        assert t[key]["y"] == pytest.approx([chances[c] for c in t[key]["x"]], abs=1e-12)
        assert t[key]["x"] == t["chart_one"]["x"]
    assert t["top_half"] > t["top_one"] > t["top_two"]
    assert t["top3_half"] > t["top3_one"] > t["top3_two"]
    assert t["top3"] == sorted(model_next_letter_chances(t["prefix"])[0], key=model_next_letter_chances(t["prefix"])[0].get, reverse=True)[:3]
    assert t["sampling"] == 0.5  # design.md: microgpt samples at temperature 0.5
    assert t["big_at_half"] == pytest.approx([1 / (1 + math.exp(-2)), math.exp(-2) / (1 + math.exp(-2))], abs=1e-15)


def test_the_films_show_the_front_of_the_same_charts(maths):
    s, t = maths.softmax_example(), maths.temperature_example()
    for film, chart in ((s["film_chart"], s["chart"]), (t["film_half"], t["chart_half"]), (t["film_two"], t["chart_two"])):
        assert 3 <= len(film["x"]) <= 6
        assert film["x"] == chart["x"][: len(film["x"])] and film["y"] == chart["y"][: len(film["y"])]
