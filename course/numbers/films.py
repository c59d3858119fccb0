"""Numbers only the Module 8 films need, shaped for the film player.

Where a film shows a lesson's example, the numbers come from that lesson's own provider
(imported from this folder), so the film and the lesson always agree. The causal-masking
film reads the trained model instead: its weights are microgpt's own attention maps.
"""

import functools
from pathlib import Path

from microgpt import attention_maps, load_checkpoint

from . import attention, embeddings

HERE = Path(__file__).resolve().parent
CHECKPOINT = HERE.parent / "checkpoint.json"

NAME = "emma"
HEAD = 1  # counted from 1, as the pages and the heatmap count heads


def embedding_sums():
    """The two m's of "emma": token row, position row and their sum, stacked as one table each."""
    toy = embeddings.worked_example()

    def stacked(row):
        return {
            "rows": [row["token_row"], row["position_row"], row["vector"]],
            "labels": [f'row of "{row["token"]}"', f"row of position {row['position']}", "sum"],
            "position": row["position"],
        }

    return {
        "positions": [f"position {p}" for p in range(len(toy["wpe"]))],
        "first_m": stacked(toy["first_m"]),
        "second_m": stacked(toy["second_m"]),
        "name_vectors": [row["vector"] for row in toy["emma"]],
        "name_labels": [f"{row['token']} at {row['position']}" for row in toy["emma"]],
    }


def shelf():
    """The scaled dot-product example seen as a shelf of books: the query checked against each key in turn."""
    worked = attention.worked_example()
    count = len(worked["keys"])
    return {
        "books": [f"book {i + 1}" for i in range(count)],
        # dots_so_far[i]: the matches found once the query has been checked against books 1 to i + 1.
        "dots_so_far": [worked["dots"][: i + 1] for i in range(count)],
        "best": worked["dots"].index(max(worked["dots"])) + 1,
    }


@functools.cache
def _maps():
    return attention_maps(load_checkpoint(CHECKPOINT), NAME)


def emma_reading():
    """The trained microgpt reading "emma": at each step, head 1's weights over the cache so far."""
    maps = _maps()
    letters = ["BOS" if position == 0 else token for position, token in enumerate(maps["tokens"])]
    weights = maps["heads"][HEAD - 1]["weights"]
    steps = []
    for position, row in enumerate(weights):
        top = max(range(len(row)), key=row.__getitem__)
        steps.append(
            {
                "position": position,
                "letter": letters[position],
                "cache_size": len(row),
                "weights": row,
                "top": row[top],
                "top_position": top,
                "rows_so_far": weights[: position + 1],
            }
        )
    return {
        "name": NAME,
        "head": HEAD,
        "letters": letters,
        "positions": [f"{letter} ({position})" for position, letter in enumerate(letters)],
        "weights": weights,
        "steps": steps,
        "row_sums": [sum(row) for row in weights],
    }
