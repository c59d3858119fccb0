"""Numbers for Module 1, "Python from zero", computed from makemore's names at build time.

Each lesson reads one provider; each lab's worked example reads the same one, so the
page and the lab's expected answer cannot drift apart.
"""

from collections import Counter
from pathlib import Path

from microgpt.model import GPTConfig
from site_builder.names_data import course_names

ROOT = Path(__file__).resolve().parents[2]

# microgpt's own shapes: a letter's vector of n_embd numbers, split into heads of head_dim.
CONFIG = GPTConfig()
EMBEDDING_WIDTH = CONFIG.n_embd
HEAD_DIM = CONFIG.head_dim


def names():
    return list(course_names(ROOT))


def values_and_variables():
    """Lesson 1: one name, its length, and the longest name in the data."""
    every = names()
    first = every[0]
    longest = max(every, key=len)
    return {
        "count": len(every),
        "first": first,
        "first_length": len(first),
        "second": every[1],
        "second_length": len(every[1]),
        "longest": longest,
        "longest_length": len(longest),
        "shortest_length": min(len(name) for name in every),
        "block_size": CONFIG.block_size,
        # len counting the letters of the first name, one letter at a time, for the film
        "counting": [list(range(1, stop + 1)) for stop in range(1, len(first) + 1)],
    }


def lists_and_slices():
    """Lesson 2: indexing the names, and slicing a 16-number vector into heads of 4."""
    every = names()
    vector = [round(0.1 * i, 1) for i in range(EMBEDDING_WIDTH)]
    heads = [
        {"h": h, "start": h * HEAD_DIM, "stop": (h + 1) * HEAD_DIM, "slice": vector[h * HEAD_DIM:(h + 1) * HEAD_DIM]}
        for h in range(EMBEDDING_WIDTH // HEAD_DIM)
    ]
    small = [3, 1, 4, 1, 5, 9]
    return {
        "count": len(every),
        "first_three": every[:3],
        "first": every[0],
        "third": every[2],
        "last": every[-1],
        "small": small,
        "small_index2": small[2],
        "small_last": small[-1],
        "small_slice_0_2": small[0:2],
        "small_slice_1_4": small[1:4],
        "small_positions": [str(i) for i in range(len(small))],
        "small_slice_len": len(small[1:4]),
        "width": EMBEDDING_WIDTH,
        "head_dim": HEAD_DIM,
        "head_count": EMBEDDING_WIDTH // HEAD_DIM,
        "vector": vector,
        "positions": [str(i) for i in range(EMBEDDING_WIDTH)],
        "vector_row": [vector],
        "small_row": [small],
        "heads": heads,
        "worked_head": 2,
        "worked_slice": heads[2]["slice"],
    }


def loops_and_totals():
    """Lesson 3: a running total, counting one letter in one name, then in every name."""
    every = names()
    small = [3, 5, 2]
    running = []
    total = 0
    for x in small:
        total = total + x
        running.append(total)
    example = ["emma", "ava", "mia"]
    example_as = sum(name.count("a") for name in example)
    letters = sorted(set("".join(every)))
    in_all = Counter("".join(every))  # a letter's count in every name at once: the same as name by name, added up
    per_letter = {letter: in_all[letter] for letter in letters}
    rarest = min(letters, key=lambda letter: per_letter[letter])
    return {
        "small": small,
        "running": running,
        "total": total,
        "emma_ms": "emma".count("m"),
        "emma_steps": [[1 if letter == "m" else 0 for letter in "emma"]],
        "emma_letters": list("emma"),
        "emma_running": [sum(1 for seen in "emma"[: i + 1] if seen == "m") for i in range(len("emma"))],
        # the film's running total, one more item each scene
        "small_row": [small],
        "small_labels": [f"x = {x}" for x in small],
        "running_steps": [running[: i + 1] for i in range(len(running))],
        "totals_so_far": [[t] for t in [0, *running]],
        "example": example,
        "example_as": example_as,
        "example_per_name": [name.count("a") for name in example],
        "count": len(every),
        "all_as": per_letter["a"],
        "first_ten": every[:10],
        "first_ten_es": sum(name.count("e") for name in every[:10]),
        "all_zs": per_letter["z"],
        "rarest": rarest,
        "rarest_count": per_letter[rarest],
        "letters_total": sum(len(name) for name in every),
    }


def functions_that_return():
    """Lesson 4: the mean of a few numbers, then of the first names' lengths, then of every name's."""
    every = names()
    small = [3, 5, 2]
    first_five = every[:5]
    lengths = [len(name) for name in first_five]
    all_lengths = [len(name) for name in every]
    return {
        "double_five": 5 * 2,
        "small": small,
        "small_sum": sum(small),
        "small_len": len(small),
        "small_mean": sum(small) / len(small),
        "pair_mean": (1 + 2) / 2,
        "pair_floor": (1 + 2) // 2,
        "first_five": first_five,
        "lengths": lengths,
        "lengths_sum": sum(lengths),
        "lengths_running": [sum(lengths[: i + 1]) for i in range(len(lengths))],
        "lengths_mean": sum(lengths) / len(lengths),
        "count": len(every),
        "all_letters": sum(all_lengths),
        "all_mean": sum(all_lengths) / len(all_lengths),
    }


def comprehensions_and_zip():
    """Lesson 5: a letter's vector plus its position's vector, and a vector scaled by a weight."""
    token = [0.5, -1.0, 2.0, 0.25]
    position = [0.1, 0.2, -0.5, 1.0]
    weight = 0.5
    lengths = [len(name) for name in names()[:5]]
    return {
        "small": [1, 2, 3],
        "doubled": [x * 2 for x in [1, 2, 3]],
        "first_five": names()[:5],
        "lengths": lengths,
        "token": token,
        "position": position,
        "pairs": [[t, p] for t, p in zip(token, position)],
        "sum": [t + p for t, p in zip(token, position)],
        "sum_steps": [[t + p for t, p in zip(token[: i + 1], position)] for i in range(len(token))],
        "positions": [str(i) for i in range(len(token))],
        "width": EMBEDDING_WIDTH,
        "weight": weight,
        "scaled": [x * weight for x in token],
    }


def dicts_sets_sorted():
    """Lesson 6: counting letters in a dict, the set of letters, and every letter of the data sorted."""
    every = names()
    counts = {}
    growing = []  # the counts after each letter of "emma", in the order the keys arrive
    for letter in "emma":
        counts[letter] = counts.get(letter, 0) + 1
        growing.append(list(counts.values()))
    first_five = every[:5]
    all_counts = {}
    for name in every:
        for letter in name:
            all_counts[letter] = all_counts.get(letter, 0) + 1
    by_count = sorted(all_counts, key=lambda letter: all_counts[letter], reverse=True)
    return {
        "emma_counts": counts,
        "emma_m": counts["m"],
        "emma_growing": growing,
        "emma_keys_in_order": list(counts),
        "emma_letters": list("emma"),
        "emma_positions": [list(range(len("emma")))],
        "emma_set": sorted(set("emma")),
        "emma_keys": len(counts),
        "first_five": first_five,
        "first_five_letters": sorted(set("".join(first_five))),
        "first_five_letter_count": len(set("".join(first_five))),
        "count": len(every),
        "letter_total": sum(len(name) for name in every),
        "alphabet": sorted(set("".join(every))),
        "alphabet_size": len(set("".join(every))),
        "top_three": by_count[:3],
        "top_three_counts": [all_counts[letter] for letter in by_count[:3]],
    }
