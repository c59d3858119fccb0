"""Numbers the position-embeddings lesson shows: a letter's vector is its token row plus its position row.

The worked example uses toy tables with 4 numbers per row (microgpt's have 16) and a toy
vocabulary of five tokens, so every sum can be checked by hand. The token rows are whole
numbers and the position rows have one decimal, so each sum is easy to read off. The last
part reads the real trained tables from the checkpoint.
"""

import json
from pathlib import Path

CHECKPOINT = Path(__file__).resolve().parent.parent / "checkpoint.json"

# Toy vocabulary: token id i is TOY_TOKENS[i].
TOY_TOKENS = ["a", "e", "m", "y", "BOS"]
TOY_WTE = [
    [1, 0, -1, 2],  # a
    [0, 2, 1, -1],  # e
    [-1, 1, 2, 0],  # m
    [2, -1, 0, 1],  # y
    [0, 0, 0, 1],  # BOS
]
TOY_WPE = [
    [0.1, 0.0, 0.0, 0.2],  # position 0
    [0.0, 0.3, -0.1, 0.0],  # position 1
    [0.2, -0.2, 0.1, 0.0],  # position 2
    [-0.1, 0.0, 0.3, 0.1],  # position 3
    [0.0, 0.1, 0.0, -0.3],  # position 4
]


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def embed(token_id, position, wte, wpe):
    """What microgpt does first: the token's row plus the position's row, number by number."""
    return add(wte[token_id], wpe[position])


def read_word(word, wte, wpe, token_ids):
    """BOS then the letters of `word`: for each position, its token, both rows and their sum."""
    tokens = ["BOS", *word]
    rows = []
    for position, token in enumerate(tokens):
        token_id = token_ids[token]
        rows.append(
            {
                "position": position,
                "token": token,
                "token_id": token_id,
                "token_row": wte[token_id],
                "position_row": wpe[position],
                "vector": embed(token_id, position, wte, wpe),
            }
        )
    return rows


def worked_example():
    """The toy tables, "emma" read through them, and "amy" against "may"."""
    ids = {token: i for i, token in enumerate(TOY_TOKENS)}
    emma = read_word("emma", TOY_WTE, TOY_WPE, ids)
    amy = read_word("amy", TOY_WTE, TOY_WPE, ids)
    may = read_word("may", TOY_WTE, TOY_WPE, ids)
    first_m, second_m = emma[2], emma[3]
    if first_m["token_row"] != second_m["token_row"] or first_m["vector"] == second_m["vector"]:
        raise AssertionError("the two m's of emma should share a token row and differ in the sum")
    a_in_amy, a_in_may = amy[1], may[2]
    return {
        "tokens": TOY_TOKENS,
        "ids": ids,
        "wte": TOY_WTE,
        "wpe": TOY_WPE,
        "width": len(TOY_WTE[0]),
        "vocab_size": len(TOY_WTE),
        "context": len(TOY_WPE),
        "emma": emma,
        "first_m": first_m,
        "second_m": second_m,
        # The same three letters in two orders: without positions both are the bag {a, m, y}.
        "amy": amy,
        "may": may,
        "a_in_amy": a_in_amy,
        "a_in_may": a_in_may,
    }


def trained_tables():
    """The real microgpt: the sizes of wte and wpe, and "emma"'s two m's in the trained model."""
    checkpoint = json.loads(CHECKPOINT.read_text(encoding="utf-8"))
    config = checkpoint["config"]
    wte = checkpoint["weights"]["wte"]
    wpe = checkpoint["weights"]["wpe"]
    chars = checkpoint["vocabulary"]["chars"]
    bos = checkpoint["vocabulary"]["bos"]
    ids = {ch: i for i, ch in enumerate(chars)}
    ids["BOS"] = bos
    emma = read_word("emma", wte, wpe, ids)
    shown = 4  # the lesson shows only the first few of the 16 numbers
    first_m, second_m = emma[2], emma[3]
    return {
        "vocab_size": config["vocab_size"],
        "width": config["n_embd"],
        "context": config["block_size"],
        "wte_rows": len(wte),
        "wpe_rows": len(wpe),
        "wte_count": len(wte) * len(wte[0]),
        "wpe_count": len(wpe) * len(wpe[0]),
        "table_count": len(wte) * len(wte[0]) + len(wpe) * len(wpe[0]),
        "num_params": checkpoint["num_params"],
        "a_id": ids["a"],
        "m_id": ids["m"],
        "bos_id": bos,
        "shown": shown,
        "m_row": first_m["token_row"][:shown],
        "first_m_position_row": first_m["position_row"][:shown],
        "second_m_position_row": second_m["position_row"][:shown],
        "first_m": first_m["vector"][:shown],
        "second_m": second_m["vector"][:shown],
        "emma_ids": [row["token_id"] for row in emma],
    }
