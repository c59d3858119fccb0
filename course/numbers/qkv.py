"""Numbers the queries-keys-values lesson shows: one letter's vector times three matrices.

The worked example is tiny and made of whole numbers: a vector x of 4 numbers and three
matrices of 2 rows by 4 columns, so q, k and v have 2 numbers each (like the vectors in
the scaled dot-product lesson) and every product can be checked by hand. The sizes at the
end are read from the trained checkpoint.
"""

import json
from pathlib import Path

CHECKPOINT = Path(__file__).resolve().parent.parent / "checkpoint.json"

X = [2, 1, 0, -1]
WQ = [[1, 0, 1, 0], [0, 1, -1, 1]]
WK = [[0, 2, 0, 1], [1, 0, 1, 0]]
WV = [[1, 1, 0, 0], [0, 0, 2, -1]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def linear(x, w):
    """One dot product per row of w."""
    return [dot(row, x) for row in w]


def worked_rows(x, w):
    """Each row of w, its products with x number by number, and their sum."""
    return [{"row": row, "products": [a * b for a, b in zip(row, x)], "sum": dot(row, x)} for row in w]


def worked_example():
    """x times wq, wk and wv, keeping every product."""
    q, k, v = linear(X, WQ), linear(X, WK), linear(X, WV)
    return {
        "x": X,
        "wq": WQ,
        "wk": WK,
        "wv": WV,
        "rows": len(WQ),
        "columns": len(WQ[0]),
        "q": q,
        "k": k,
        "v": v,
        "q_rows": worked_rows(X, WQ),
        "k_rows": worked_rows(X, WK),
        "v_rows": worked_rows(X, WV),
    }


def model_sizes():
    """How big wq, wk and wv are in the real microgpt, and how q splits into heads."""
    checkpoint = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
    config = checkpoint["config"]
    weights = checkpoint["weights"]
    wq = weights["layer0.attn_wq"]
    head_dim = config["n_embd"] // config["n_head"]
    return {
        "width": config["n_embd"],
        "heads": config["n_head"],
        "head_dim": head_dim,
        "wq_rows": len(wq),
        "wq_columns": len(wq[0]),
        "matrix_count": len(wq) * len(wq[0]),
        "qkv_count": sum(len(weights[f"layer0.attn_w{name}"]) * len(wq[0]) for name in "qkv"),
        "multiplications": len(wq) * len(wq[0]),
        "num_params": checkpoint["num_params"],
        "head_starts": [head * head_dim for head in range(config["n_head"])],
    }
