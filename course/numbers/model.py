"""Numbers read straight out of the trained microgpt: what its attention does with a real name.

The model is the course's own microgpt, loaded from the checkpoint that sits beside this
folder (course/checkpoint.json), so a course with a different checkpoint shows different
numbers. Everything comes from microgpt's own `attention_maps`: the scores are the scaled
dot products before softmax and the weights are the softmax of those scores. The worked
position is the final "a" of "emma", the last letter the model reads before it has to
guess what comes next.
"""

import functools
import math
from pathlib import Path

from microgpt import attention_maps, read_checkpoint

CHECKPOINT = Path(__file__).resolve().parent.parent / "checkpoint.json"

NAME = "emma"
HEAD = 1  # counted from 1, as the pages and the heatmap count heads
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


@functools.cache
def checkpoint():
    return read_checkpoint(CHECKPOINT)


def model():
    return checkpoint().model


@functools.cache
def maps(name):
    return attention_maps(model(), name)


def labels(tokens):
    """A reader's name for each position: "start marker", "e", "m (first)", "m (second)", ..."""
    result = []
    for position, token in enumerate(tokens):
        if position == 0:
            result.append("start marker")
            continue
        same = [p for p in range(1, len(tokens)) if tokens[p] == token]
        if len(same) > 1:
            result.append(f"{token} ({ORDINALS[same.index(position)]})")
        else:
            result.append(token)
    return result


def phrases(tokens):
    """The same positions as a sentence names them: 'the start marker', 'the first "m"', 'the "a" itself'."""
    result = []
    last = len(tokens) - 1
    for position, token in enumerate(tokens):
        if position == 0:
            result.append("the start marker")
            continue
        same = [p for p in range(1, len(tokens)) if tokens[p] == token]
        ordinal = f"{ORDINALS[same.index(position)]} " if len(same) > 1 else ""
        result.append(f'the {ordinal}"{token}"' + (" itself" if position == last else ""))
    return result


def sizes():
    """How microgpt's attention is shaped: the vector width, the heads and the scaling."""
    m = model()
    config = m.config
    head_dim = config.n_embd // config.n_head
    return {
        "width": config.n_embd,
        "heads": config.n_head,
        "head_dim": head_dim,
        "sqrt_head_dim": math.sqrt(head_dim),
        "layers": config.n_layer,
        "context": config.block_size,
        "vocab_size": config.vocab_size,
        "letters": config.vocab_size - 1,
        "num_params": m.num_params,
        "steps": len(checkpoint().losses),
    }


def final_position(name, head):
    """One head's attention at the last letter of `name`, with every step kept."""
    found = maps(name)
    tokens = found["tokens"]
    names = labels(tokens)
    spoken = phrases(tokens)
    position = len(tokens) - 1
    scores = found["heads"][head - 1]["scores"][position]
    weights = found["heads"][head - 1]["weights"][position]
    sqrt_head_dim = sizes()["sqrt_head_dim"]
    # Softmax by hand, to show (and check) how the model's weights follow from its scores.
    exps = [math.exp(score) for score in scores]
    total = sum(exps)
    by_hand = [e / total for e in exps]
    difference = max(abs(a - b) for a, b in zip(by_hand, weights))
    if difference > 1e-12:
        raise AssertionError(f"softmax of the model's scores differs from its weights by {difference}")
    rows = [
        {
            "position": p,
            "token": tokens[p],
            "label": names[p],
            "phrase": spoken[p],
            "dot": scores[p] * sqrt_head_dim,
            "score": scores[p],
            "exp": exps[p],
            "weight": weights[p],
            "is_self": p == position,
        }
        for p in range(position + 1)
    ]
    largest = max(rows, key=lambda row: row["weight"])
    smallest = min(rows, key=lambda row: row["weight"])
    return {
        "name": name,
        "tokens": tokens,
        "labels": names,
        "phrases": spoken,
        "letter": tokens[position],
        "position": position,
        "seen": position + 1,
        "head": head,
        "sqrt_head_dim": sqrt_head_dim,
        "rows": rows,
        "dots": [row["dot"] for row in rows],
        "scores": scores,
        "exps": exps,
        "total": total,
        "weights": weights,
        "weight_sum": sum(weights),
        "even_share": 1 / (position + 1),
        "largest": largest,
        "smallest": smallest,
        "largest_score": max(rows, key=lambda row: row["score"]),
    }


def emma_final_a():
    """Head 1 at the final "a" of "emma": its score and weight for every earlier position."""
    return final_position(NAME, HEAD)


def head_summary():
    """Each head at the final "a" of "emma": where it puts most of its attention, and how much."""
    heads = []
    for head in range(1, sizes()["heads"] + 1):
        found = final_position(NAME, head)
        heads.append(
            {
                "head": head,
                "top_label": found["largest"]["label"],
                "top_phrase": found["largest"]["phrase"],
                "top_weight": found["largest"]["weight"],
                "top_is_self": found["largest"]["is_self"],
                "rest": 1 - found["largest"]["weight"],
                "low_label": found["smallest"]["label"],
                "low_phrase": found["smallest"]["phrase"],
                "low_weight": found["smallest"]["weight"],
                "weights": found["weights"],
            }
        )
    most = max(heads, key=lambda h: h["top_weight"])
    least = min(heads, key=lambda h: h["top_weight"])
    return {
        "name": NAME,
        "labels": final_position(NAME, HEAD)["labels"],
        "even_share": 1 / len(heads[0]["weights"]),
        "heads": heads,
        "most_decided": most,
        "least_decided": least,
    }
