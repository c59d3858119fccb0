"""Numbers for Module 4, Maths from scratch: small hand-checkable examples, then the trained model.

The small examples use plain loops and `math`, so each lesson's numbers can be checked
by hand. The model's numbers come from the course's own microgpt and its checkpoint
(course/checkpoint.json): its token embeddings `wte`, and its next-letter scores
(logits) after reading the start token and the letters of PREFIX.
"""

import functools
import inspect
import math

from microgpt import run_name, sample_names

from . import model as trained
from . import python

LETTER = "e"  # the letter whose embedding lesson 1 compares with every other
PREFIX = "em"  # the model's next-letter guesses after these letters (lessons 4 and 6)
TEMPERATURES = (0.5, 1, 2)
VOWELS = "aeiou"
SHOWN_LETTERS = 10  # the most likely letters a chart of next letters shows
FILM_LETTERS = 6  # fewer in a film, whose bars must fit a phone's width


def dot(a, b):
    total = 0
    for x, y in zip(a, b, strict=True):
        total += x * y
    return total


def softmax(logits):
    top = max(logits)
    exps = [math.exp(value - top) for value in logits]
    total = sum(exps)
    return [e / total for e in exps]


def letter_of(token):
    """A letter as the pages write it: the start/end token is "end"."""
    text = trained.model().tokenizer.token_text(token)
    return "end" if text == "<BOS>" else text


# --- Lesson 1: vectors and the dot product ------------------------------------------


def dot_product():
    a, b = [1, 2, 3], [4, 5, 6]
    products = [x * y for x, y in zip(a, b)]
    east, north, west = [1, 0], [0, 1], [-1, 0]
    wte = trained.model().plain_weights()["wte"]
    token = trained.model().tokenizer.encode(LETTER)[1]
    others = sorted(
        ((dot(wte[token], wte[other]), letter_of(other)) for other in range(len(wte)) if other != token),
        reverse=True,
    )
    top = [letter for _, letter in others[:4]]
    quiz_a, quiz_b = [2, 0, -1], [3, 5, 4]
    return {
        "a": a, "b": b, "products": products, "dot": sum(products),
        "quiz_a": quiz_a, "quiz_b": quiz_b, "quiz_dot": dot(quiz_a, quiz_b),
        "east": east, "north": north, "west": west,
        "same_way": dot(east, east), "across": dot(east, north), "opposite": dot(east, west),
        "letter": LETTER,
        "letter_vector": wte[token],
        "width": len(wte[token]),
        "with_itself": dot(wte[token], wte[token]),
        "chart": {"x": [letter for _, letter in others], "y": [value for value, _ in others]},
        "top": top,
        "top_values": [value for value, _ in others[:4]],
        # How many of the four are vowels, and whether they are all the other vowels.
        "top_vowels": sum(letter in VOWELS for letter in top),
        "other_vowels": len(VOWELS) - (LETTER in VOWELS),
        "fifth": others[4][1],
        "fifth_value": others[4][0],
        "bottom": others[-1][1],
        "bottom_value": others[-1][0],
        "negative": sum(1 for value, _ in others if value < 0),
        "others": len(others),
    }


# --- Lesson 2: a layer is many dot products -------------------------------------------


def linear_layer():
    x = [1, 2]
    w = [[2, 1], [0, 3], [-1, 1]]
    rows = [[a * b for a, b in zip(row, x)] for row in w]
    shapes = trained.model().config
    weights = trained.model().plain_weights()
    per_letter = [(name, len(weights[name]), len(weights[name][0])) for name in (
        "layer0.attn_wq", "layer0.attn_wk", "layer0.attn_wv", "layer0.attn_wo",
        "layer0.mlp_fc1", "layer0.mlp_fc2", "lm_head",
    )]
    return {
        "x": x, "w": w, "row_products": rows, "out": [sum(r) for r in rows],
        "n_embd": shapes.n_embd, "vocab": shapes.vocab_size,
        "lm_rows": len(weights["lm_head"]), "lm_cols": len(weights["lm_head"][0]),
        "lm_size": len(weights["lm_head"]) * len(weights["lm_head"][0]),
        "layers_per_letter": len(per_letter),
        "multiplications": sum(rows * cols for _, rows, cols in per_letter),
        "fc1_rows": len(weights["layer0.mlp_fc1"]),
    }


# --- Lesson 3: exp and log --------------------------------------------------------------


def exp_and_log():
    xs = [-2, -1, 0, 1, 2]
    ps = [0.5, 0.25, 0.1]
    tiny, many = 0.01, 200
    product = 1.0
    for _ in range(many):
        product *= tiny
    return {
        "xs": xs, "x_labels": [str(x) for x in xs], "exps": [math.exp(x) for x in xs], "e": math.e,
        "ps": ps, "product": math.prod(ps), "log_product": math.log(math.prod(ps)),
        "logs": [math.log(p) for p in ps], "sum_of_logs": sum(math.log(p) for p in ps),
        "log10_half": math.log10(0.5), "log_half": math.log(0.5),
        "tiny": tiny, "many": many, "underflow": product, "log_tiny": math.log(tiny),
        "sum_many": many * math.log(tiny),
        "two_logs": math.log(ps[0]) + math.log(ps[1]), "log_e": math.log(math.e),
        "exp_of_sum": math.exp(1 + 2), "product_of_exps": math.exp(1) * math.exp(2),
    }


# --- Lesson 4: softmax --------------------------------------------------------------------


@functools.cache
def next_letter_logits():
    _maps, logits = run_name(trained.model(), PREFIX)
    return logits[-1]


def next_letters_chart(probs):
    """The SHOWN_LETTERS letters the model likes best at temperature 1, in that order, with `probs`."""
    ranked = sorted(range(len(probs)), key=lambda token: -softmax(next_letter_logits())[token])[:SHOWN_LETTERS]
    return {"x": [letter_of(token) for token in ranked], "y": [probs[token] for token in ranked]}


def film_part(chart):
    return {"x": chart["x"][:FILM_LETTERS], "y": chart["y"][:FILM_LETTERS]}


def softmax_example():
    logits = [2, 1, 0]
    exps = [math.exp(v) for v in logits]
    shifted = [v - max(logits) for v in logits]
    big = [1000, 999]
    model_logits = next_letter_logits()
    probs = softmax(model_logits)
    best = max(range(len(probs)), key=probs.__getitem__)
    return {
        "logits": logits, "exps": exps, "total": sum(exps), "probs": [e / sum(exps) for e in exps],
        "shifted": shifted, "shifted_exps": [math.exp(v) for v in shifted],
        "big": big, "big_shifted": [v - max(big) for v in big], "big_probs": softmax(big),
        "exp_limit": math.log(2**1023 * (2 - 2**-52)),
        "prefix": PREFIX, "vocab": len(model_logits),
        "model_top_logit": max(model_logits), "model_low_logit": min(model_logits),
        "best_letter": letter_of(best), "best_logit": model_logits[best], "best_prob": probs[best],
        # The next two after the favourite, and how many of the likeliest three are vowels.
        "runners_up": next_letters_chart(probs)["x"][1:3], "runners_up_probs": next_letters_chart(probs)["y"][1:3],
        "top3_vowels": sum(letter in VOWELS for letter in next_letters_chart(probs)["x"][:3]),
        "chart": next_letters_chart(probs),
        "film_chart": film_part(next_letters_chart(probs)),
        "shown": SHOWN_LETTERS, "shown_share": sum(next_letters_chart(probs)["y"]),
        **after_prefix_in_data(probs),
    }


def after_prefix_in_data(probs):
    """What follows PREFIX at the start of the real names, beside the model's chance for it."""
    following = {}
    for name in python.names():
        if name.startswith(PREFIX):
            after = name[len(PREFIX)] if len(name) > len(PREFIX) else "end"
            following[after] = following.get(after, 0) + 1
    commonest = max(following, key=following.get)
    token = {letter_of(t): t for t in range(len(probs))}[commonest]
    return {
        "data_names": sum(following.values()), "data_letter": commonest, "data_count": following[commonest],
        "data_share": following[commonest] / sum(following.values()), "model_share_of_data_letter": probs[token],
    }


# --- Lesson 5: weighted averages -------------------------------------------------------


def weighted_average_example():
    scores = [2, 4]
    weights = [0.25, 0.75]
    vectors = [[4, 0], [0, 8], [2, 2]]
    blend_weights = [0.5, 0.25, 0.25]
    parts = [[w * v for v in vector] for w, vector in zip(blend_weights, vectors)]
    return {
        "scores": scores, "plain_mean": sum(scores) / len(scores),
        "weights": weights, "weighted": sum(w * s for w, s in zip(weights, scores)),
        "vectors": vectors, "blend_weights": blend_weights, "parts": parts,
        "blend": [sum(column) for column in zip(*parts)],
        "quiz_weights": [0.1, 0.9], "quiz_numbers": [10, 20],
        "quiz_answer": 0.1 * 10 + 0.9 * 20,
    }


# --- Lesson 6: temperature ---------------------------------------------------------------


def temperature_example():
    logits = [2, 1, 0]
    at = {str(t): softmax([v / t for v in logits]) for t in TEMPERATURES}
    model_logits = next_letter_logits()
    charts = {str(t): next_letters_chart(softmax([v / t for v in model_logits])) for t in TEMPERATURES}
    top = {str(t): charts[str(t)]["y"][0] for t in TEMPERATURES}
    return {
        "logits": logits, "halved": [v / 0.5 for v in logits], "doubled": [v / 2 for v in logits],
        "at_half": at["0.5"], "at_one": at["1"], "at_two": at["2"],
        "prefix": PREFIX, "best_letter": charts["1"]["x"][0], "top3": charts["1"]["x"][:3],
        "chart_half": charts["0.5"], "chart_one": charts["1"], "chart_two": charts["2"],
        "film_half": film_part(charts["0.5"]), "film_one": film_part(charts["1"]), "film_two": film_part(charts["2"]),
        "top_half": top["0.5"], "top_one": top["1"], "top_two": top["2"],
        "top3_half": sum(charts["0.5"]["y"][:3]), "top3_one": sum(charts["1"]["y"][:3]), "top3_two": sum(charts["2"]["y"][:3]),
        "sampling": inspect.signature(sample_names).parameters["temperature"].default,
        "big": [1000, 999], "big_at_half": softmax([v / 0.5 for v in (1000, 999)]),
        "big_halved": [v / 0.5 for v in (1000, 999)],
    }
