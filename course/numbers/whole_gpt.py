"""Numbers Module 9 shows: four heads at once, the whole forward pass, a name's loss, Adam.

Everything about the trained model is computed with the course's own microgpt
(course/microgpt/) from course/checkpoint.json: the model's own `attention_head`,
`linear`, `rmsnorm` and `forward`, so a page can never disagree with the answer key.
The toy examples are small whole numbers, run through the same functions.
"""

import functools

from microgpt.layers import linear
from microgpt.model import attention_head
from microgpt.inference import run_tokens

from . import model as trained

NAME = "emma"  # the name the module follows; its last letter is read at position 4

# The lab's worked example: 8 numbers split into 2 heads of 4, and two positions seen.
TOY_Q = [1, 0, 0, 0, 0, 0, 2, 0]
TOY_KEYS = [[1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 2, 0]]
TOY_VALUES = [[4, 0, 0, 0, 8, 0, 0, 0], [0, 4, 0, 0, 0, 0, 8, 0]]
TOY_HEADS = 2


def split(vector, n_head):
    """The vector cut into n_head slices of equal length, in order."""
    size = len(vector) // n_head
    return [vector[h * size:(h + 1) * size] for h in range(n_head)]


def toy_heads():
    """The toy query, keys and values through microgpt's own attention_head, head by head."""
    heads = []
    for h in range(TOY_HEADS):
        q = split(TOY_Q, TOY_HEADS)[h]
        keys = [split(key, TOY_HEADS)[h] for key in TOY_KEYS]
        values = [split(value, TOY_HEADS)[h] for value in TOY_VALUES]
        output, scores, weights = attention_head(q, keys, values)
        heads.append({"q": q, "keys": keys, "values": values, "scores": scores, "weights": weights, "blend": output})
    joined = [number for head in heads for number in head["blend"]]
    return {"q": TOY_Q, "keys": TOY_KEYS, "values": TOY_VALUES, "n_head": TOY_HEADS,
            "head_dim": len(TOY_Q) // TOY_HEADS, "heads": heads, "joined": joined}


class Recorder:
    """An attention block for microgpt's forward that notes what every head was given and gave back."""

    def __init__(self):
        self.calls = []  # one (q, keys, values, output, weights) per head per position, in order

    def __call__(self, q, keys, values):
        output, scores, weights = attention_head(q, keys, values)
        self.calls.append({"q": q, "keys": keys, "values": values, "blend": output, "weights": weights})
        return output, scores, weights


@functools.cache
def emma_inside():
    """What each head of the trained model sees and makes at the last letter of "emma"."""
    m = trained.model()
    tokens = m.tokenizer.encode(NAME)[:-1]  # BOS e m m a: the final BOS is never read
    recorder = Recorder()
    logits, _ = run_tokens(m, tokens, attention=recorder)
    n_head = m.config.n_head
    last = recorder.calls[-n_head:]  # the heads at the last position read
    return m, tokens, last, logits


def multi_head():
    """Lesson 1: the toy example, and the real model's four heads at emma's final "a"."""
    m, tokens, heads, _ = emma_inside()
    weights = m.plain_weights()
    n_head, head_dim, width = m.config.n_head, m.config.head_dim, m.config.n_embd
    joined = [number for head in heads for number in head["blend"]]
    q = joined_of(head["q"] for head in heads)
    wo = weights["layer0.attn_wo"]
    mixed = linear(joined, wo)
    return {
        "toy": toy_heads(),
        "name": NAME,
        "positions": len(tokens),
        "width": width,
        "n_head": n_head,
        "head_dim": head_dim,
        "q": q,
        "q_slices": [head["q"] for head in heads],
        "weights": [head["weights"] for head in heads],
        "blends": [head["blend"] for head in heads],
        "strongest": [max(range(len(head["weights"])), key=head["weights"].__getitem__) for head in heads],
        "joined": joined,
        "wo_rows": len(wo),
        "wo_cols": len(wo[0]),
        "wo_params": len(wo) * len(wo[0]),
        "attention_params": 4 * len(wo) * len(wo[0]),
        "wo_row0": wo[0],
        "mixed": mixed,
        "mixed0_from_head": [sum(wo[0][j] * joined[j] for j in range(h * head_dim, (h + 1) * head_dim)) for h in range(n_head)],
        "token_labels": ["BOS", *NAME],
    }


def joined_of(parts):
    return [number for part in parts for number in part]
