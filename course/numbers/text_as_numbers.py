"""Numbers for Module 2, "Text as numbers", computed from the real names at build time.

The names come from makemore's names.txt (site_builder.names_data). Token ids are taken
from the course's own microgpt tokenizer, the answer key, and every list this module
builds by hand is checked against it, so a lesson can never teach a numbering the model
does not use.
"""

import functools
from collections import Counter
from pathlib import Path

from microgpt.model import GPTConfig
from microgpt.tokenizer import Tokenizer

from site_builder.names_data import course_names

ROOT = Path(__file__).resolve().parents[2]
FIRST = 5  # how many names the lessons show from the top of the file
EXAMPLE = "emma"
COMMON_SHARE = 0.05  # the name every lesson of the module follows


def names():
    return list(course_names(ROOT))


def tokenizer():
    return tokenizer_of(course_names(ROOT))


@functools.lru_cache(maxsize=2)
def tokenizer_of(every):
    """The tokenizer of a tuple of names, made once: most providers ask for it, and reading every name takes a while."""
    return Tokenizer.from_names(every)


def the_data():
    """What the file holds: how many names, the first few, the shortest and the longest."""
    every = names()
    lengths = [len(name) for name in every]
    longest = max(lengths)
    shortest = min(lengths)
    counts = Counter(lengths)
    most_common_length, most_common_count = counts.most_common(1)[0]
    head = every[:FIRST]
    # The lengths that each hold at least COMMON_SHARE of the names: "most names are 4 to 8 letters".
    common = [length for length in sorted(counts) if counts[length] >= COMMON_SHARE * len(every)]
    return {
        "count": len(every),
        "head": head,
        "head_text": "\n".join(head) + "\n",
        "head_lengths": [len(name) for name in head],
        # The text as a film shows it, each newline drawn as a visible mark.
        "head_shown": "⏎".join(head) + "⏎",
        "first": every[0],
        "longest_length": longest,
        "longest": [name for name in every if len(name) == longest],
        "shortest_length": shortest,
        "shortest_count": counts[shortest],
        "shortest_some": [name for name in every if len(name) == shortest][:3],
        "last_alphabetically": max(every),
        "letters": sum(lengths),
        "mean_length": sum(lengths) / len(every),
        "most_common_length": most_common_length,
        "most_common_count": most_common_count,
        "common_from": common[0],
        "common_to": common[-1],
        "common_share": sum(counts[length] for length in range(common[0], common[-1] + 1)) / len(every),
        "context_size": GPTConfig().block_size,
        "histogram": {"x": sorted(counts), "y": [counts[length] for length in sorted(counts)]},
    }


def the_data_worked():
    """The lab's worked example: the top of the file as text, and the names load_names must find in it."""
    data = the_data()
    return {"text": data["head_text"], "names": data["head"]}


def vocabulary():
    """The vocabulary: every distinct character of every name, sorted, then BOS after the last."""
    every = names()
    chars = sorted(set("".join(every)))
    answer_key = tokenizer()
    if chars != answer_key.chars or len(chars) != answer_key.bos:
        raise ValueError(f"the vocabulary {chars} disagrees with microgpt's tokenizer {answer_key.chars} (BOS {answer_key.bos})")
    small_names = every[:3]
    small_chars = sorted(set("".join(small_names)))
    counts = Counter("".join(every))
    rarest, rarest_count = min(counts.items(), key=lambda item: item[1])
    commonest, commonest_count = counts.most_common(1)[0]
    return {
        "chars": chars,
        "letter_count": len(chars),
        "bos": answer_key.bos,
        "vocab_size": answer_key.vocab_size,
        "ids": list(range(answer_key.vocab_size)),
        "letter_ids": list(range(len(chars))),
        "labels": [answer_key.token_text(token).strip("<>") for token in range(answer_key.vocab_size)],
        "small_names": small_names,
        "small_joined": "".join(small_names),
        "small_joined_length": len("".join(small_names)),
        "small_chars": small_chars,
        "small_ids": list(range(len(small_chars))),
        "small_count": len(small_chars),
        "first_appearance": list(dict.fromkeys("".join(small_names))),
        "rarest": rarest,
        "rarest_count": rarest_count,
        "commonest": commonest,
        "commonest_count": commonest_count,
        "id_of": {char: answer_key.encode(char)[1] for char in chars},
    }


def vocabulary_worked():
    """The lab's worked example: the vocabulary of the first three names."""
    vocab = vocabulary()
    return {"names": vocab["small_names"], "chars": vocab["small_chars"]}


def labels(tokens, answer_key):
    """A card's text for each token: its letter, or BOS."""
    return [answer_key.token_text(token).strip("<>") for token in tokens]


def encode_decode():
    """'emma' and a second name, as microgpt's tokenizer encodes them, letter by letter."""
    every = names()
    answer_key = tokenizer()
    chars = answer_key.chars
    bos = answer_key.bos
    tokens = answer_key.encode(EXAMPLE)
    by_hand = [bos] + [chars.index(char) for char in EXAMPLE] + [bos]
    if tokens != by_hand:
        raise ValueError(f"encode({EXAMPLE!r}) by hand gives {by_hand}, microgpt's tokenizer {tokens}")
    second = every[1]
    second_tokens = answer_key.encode(second)
    longest = max(every, key=len)
    return {
        "name": EXAMPLE,
        "letters": list(EXAMPLE),
        "letter_ids": tokens[1:-1],
        "letter_labels": labels(tokens[1:-1], answer_key),
        "tokens": tokens,
        "labels": labels(tokens, answer_key),
        "length": len(EXAMPLE),
        "token_count": len(tokens),
        "bos": bos,
        "decoded": answer_key.decode(tokens),
        "second": second,
        "second_tokens": second_tokens,
        "second_labels": labels(second_tokens, answer_key),
        "second_token_count": len(second_tokens),
        "longest": longest,
        "longest_token_count": len(answer_key.encode(longest)),
        "all_tokens": sum(len(answer_key.encode(name)) for name in every),
        "wrong_bos_zero": [0] + tokens[1:-1] + [0],
        "wrong_bos_decoded": "".join(chars[token] for token in [0] + tokens[1:-1] + [0]),
    }


def encode_decode_worked():
    """The lab's worked examples: 'emma' to tokens, and the second name's tokens back to text."""
    coded = encode_decode()
    return {"tokens": coded["tokens"], "second_tokens": coded["second_tokens"], "second": coded["second"]}


def training_pairs():
    """The pairs 'emma' gives: each token with the one that follows it, and how many the whole data gives."""
    every = names()
    answer_key = tokenizer()
    tokens = answer_key.encode(EXAMPLE)
    pairs = [[a, b] for a, b in zip(tokens, tokens[1:])]
    steps = [
        {
            "position": i,
            "highlight": [i, i + 1],
            "pair": [i, i + 1],
            "so_far": pairs[: i + 1],
            "row_labels": [f"{answer_key.token_text(a).strip('<>')} → {answer_key.token_text(b).strip('<>')}" for a, b in pairs[: i + 1]],
        }
        for i in range(len(pairs))
    ]
    return {
        "name": EXAMPLE,
        "tokens": tokens,
        "labels": labels(tokens, answer_key),
        "pairs": pairs,
        "pair_count": len(pairs),
        "token_count": len(tokens),
        "pair_texts": [f"{answer_key.token_text(a).strip('<>')} → {answer_key.token_text(b).strip('<>')}" for a, b in pairs],
        "steps": steps,
        "first_pair": pairs[0],
        "last_pair": pairs[-1],
        "all_pairs": sum(len(answer_key.encode(name)) - 1 for name in every),
        "all_names": len(every),
        "non_overlapping": [[a, b] for a, b in zip(tokens[::2], tokens[1::2])],
    }


def training_pairs_worked():
    """The lab's worked example: the pairs of 'emma''s tokens."""
    return {"pairs": training_pairs()["pairs"]}
