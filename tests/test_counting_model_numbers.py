"""Module 3's numbers, recomputed here another way: plain loops over names.txt and `math`.

Nothing here calls the providers' helpers: the counts come from walking each line of the
file letter by letter, with ord() for the token of a letter and 26 for BOS, so a slip in
course/numbers/counting_model.py or ladder.py (a swapped index, a missing BOS pair, the
smoothing added once) shows up as a difference.
"""

import math
import random
from pathlib import Path

import pytest

from site_builder.names_data import names_path
from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
BOS = 26


@pytest.fixture(scope="module")
def names():
    return [line.strip() for line in names_path(PROJECT).read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def counts(names):
    table = {}
    for name in names:
        previous = BOS
        for letter in name + "\n":
            token = BOS if letter == "\n" else ord(letter) - ord("a")
            table[previous, token] = table.get((previous, token), 0) + 1
            previous = token
    return table


@pytest.fixture(scope="module")
def providers():
    return Providers(PROJECT)


def numbers(providers, target):
    return providers.compute(f"counting_model:{target}")


def prob(counts, a, b):
    total = sum(counts.get((a, j), 0) for j in range(27)) + 27
    return (counts.get((a, b), 0) + 1) / total


def test_the_count_table(providers, counts, names):
    shown = numbers(providers, "counting_pairs")
    a, n, m = 0, ord("n") - ord("a"), ord("m") - ord("a")
    assert shown["bos_a"] == counts[BOS, a] == 4410  # the syllabus's figure, measured by hand
    assert shown["a_n"] == counts[a, n] == 5438
    assert shown["n_a"] == counts[n, a]
    assert shown["m_m"] == counts[m, m]
    assert shown["total"] == sum(counts.values()) == sum(len(name) + 1 for name in names)
    assert shown["names"] == len(names)
    assert shown["bos_row_total"] == shown["bos_column_total"] == len(names)
    assert shown["bos_bos"] == counts.get((BOS, BOS), 0) == 0
    assert shown["zeros"] == 27 * 27 - len(counts)
    top = max(counts, key=counts.get)
    assert shown["top_count"] == counts[top]
    for i in range(27):
        for j in range(27):
            assert shown["grid"]["values"][i][j] == counts.get((i, j), 0)
    starts = sorted(range(27), key=lambda j: -counts.get((BOS, j), 0))[:5]
    assert shown["top_start_counts"] == [counts.get((BOS, j), 0) for j in starts]


def test_the_small_worked_case():
    shown = Providers(PROJECT).compute("counting_model:counting_pairs")
    by_hand = {}
    for name in shown["worked_names"]:
        tokens = [BOS] + [ord(c) - 97 for c in name] + [BOS]
        for x, y in zip(tokens, tokens[1:]):
            by_hand[x, y] = by_hand.get((x, y), 0) + 1
    assert shown["worked_total"] == sum(by_hand.values())
    assert shown["worked_a_bos"] == by_hand[0, BOS]
    assert shown["worked_bos_a"] == by_hand[BOS, 0]
    assert shown["worked_n_n"] == by_hand[13, 13]


def test_the_row_of_a(providers, counts):
    shown = numbers(providers, "counts_to_probabilities")
    row = [counts.get((0, j), 0) for j in range(27)]
    assert shown["row_total"] == sum(row)
    assert shown["smoothed_total"] == sum(row) + 27
    for j in range(27):
        assert shown["probs"][j] == pytest.approx((row[j] + 1) / (sum(row) + 27), rel=1e-12)
    assert math.fsum(shown["probs"]) == pytest.approx(1)
    best = max(range(27), key=lambda j: row[j])
    assert shown["top_count"] == row[best]
    assert shown["top_prob"] == pytest.approx(prob(counts, 0, best))
    assert shown["top_raw"] == pytest.approx(row[best] / sum(row))
    assert shown["rarest_count"] == min(row)
    q, u = ord("q") - 97, ord("u") - 97
    assert shown["q_total"] == sum(counts.get((q, j), 0) for j in range(27))
    assert shown["q_u"] == counts[q, u]
    assert shown["q_zero_count"] == sum(1 for j in range(27) if (q, j) not in counts)
    assert shown["toy_probs"] == pytest.approx([4 / 7, 1 / 7, 2 / 7])


def test_the_sampled_names(providers, counts, names):
    shown = numbers(providers, "sampling_names")
    table = [[prob(counts, a, b) for b in range(27)] for a in range(27)]
    rng = random.Random(shown["seed"])
    drawn = []
    for _ in range(shown["count"]):
        token, letters = BOS, ""
        while True:
            token = rng.choices(range(27), weights=table[token])[0]
            if token == BOS:
                break
            letters += chr(97 + token)
        drawn.append(letters)
    assert shown["names"] == drawn
    assert shown["real"] == [name for name in drawn if name in set(names)]
    first = max(range(27), key=lambda j: counts.get((BOS, j), 0))
    after = max(range(27), key=lambda j: counts.get((first, j), 0))
    assert shown["greedy"] == (chr(97 + first) if after == BOS else shown["greedy"])
    assert after == BOS  # greedy picking stops after one letter: the lesson says so
    assert shown["bos_top_prob"] == pytest.approx(table[BOS][first])
    for step in shown["walk"]:
        a = BOS if step["from"] == "BOS" else ord(step["from"]) - 97
        b = BOS if step["to"] == "BOS" else ord(step["to"]) - 97
        assert step["p"] == pytest.approx(table[a][b])


def test_the_loss(providers, counts, names):
    shown = numbers(providers, "how_good")
    surprise, pairs = 0.0, 0
    for (a, b), count in counts.items():
        surprise += -math.log(prob(counts, a, b)) * count
        pairs += count
    assert shown["pairs"] == pairs
    assert shown["loss"] == pytest.approx(surprise / pairs, rel=1e-9)
    assert round(shown["loss"], 3) == 2.455  # "about 2.454", the syllabus's figure, to the digit it rounds to
    assert shown["uniform"] == pytest.approx(math.log(27))
    assert shown["log10_loss"] == pytest.approx(surprise / pairs / math.log(10))
    assert shown["log2_loss"] == pytest.approx(surprise / pairs / math.log(2))
    emma = [BOS, 4, 12, 12, 0, BOS]
    emma_surprises = [-math.log(prob(counts, a, b)) for a, b in zip(emma, emma[1:])]
    assert [step["surprise"] for step in shown["emma_steps"]] == pytest.approx(emma_surprises)
    assert shown["emma_loss"] == pytest.approx(sum(emma_surprises) / len(emma_surprises))
    per_name = []
    for name in names:
        tokens = [BOS] + [ord(c) - 97 for c in name] + [BOS]
        per_name.append(sum(-math.log(prob(counts, a, b)) for a, b in zip(tokens, tokens[1:])) / (len(tokens) - 1))
    assert shown["per_name_mean"] == pytest.approx(sum(per_name) / len(per_name))


def test_the_ladder(providers, counts, names):
    ladder = providers.compute("ladder:loss_ladder")
    assert ladder["uniform"] == pytest.approx(math.log(27))
    assert ladder["counting"] == pytest.approx(numbers(providers, "how_good")["loss"])
    subset = names[:: ladder["every"]]
    assert ladder["subset_names"] == len(subset)
    assert ladder["subset_pairs"] == sum(len(name) + 1 for name in subset)
    surprise = sum(
        -math.log(prob(counts, a, b))
        for name in subset
        for a, b in zip([BOS] + [ord(c) - 97 for c in name], [ord(c) - 97 for c in name] + [BOS])
    )
    assert ladder["counting_subset"] == pytest.approx(surprise / ladder["subset_pairs"])
    assert ladder["chart"]["y"] == [ladder["uniform"], ladder["counting"], ladder["microgpt"]]


def test_microgpt_rung_from_the_autograd_model(providers):
    """microgpt's rung, for a few names of the subset, recomputed with the course's Value-based loss."""
    from microgpt import document_loss, read_checkpoint

    ladder = providers.compute("ladder:loss_ladder")
    model = read_checkpoint(PROJECT / "course" / "checkpoint.json").model
    from course_numbers import ladder as module  # the package the build imported

    few = module.subset()[:20]
    by_value = [document_loss(model, list(tokens)).data * (len(tokens) - 1) for tokens in few]
    assert module.surprise_per_name([list(t) for t in few]) == pytest.approx(by_value, rel=1e-9)
    assert 2 < ladder["microgpt"] < ladder["uniform"]


def test_what_the_films_and_pages_say_in_words(providers, counts):
    """Sentences with no number in them still rest on the data: check them here."""
    m, a, e = 12, 0, 4
    emma = {"BOS → e": (BOS, e), "e → m": (e, m), "m → m": (m, m), "m → a": (m, a), "a → BOS": (a, BOS)}
    surprise = {pair: -math.log(prob(counts, *cell)) for pair, cell in emma.items()}
    assert max(surprise, key=surprise.get) == "m → m"  # "the unlikely m → m costs most"
    assert min(surprise, key=surprise.get) == "m → a"  # "the likely pair m → a costs little"
    row_a = [counts.get((a, j), 0) for j in range(27)]
    assert max(range(27), key=lambda j: row_a[j]) == BOS  # "BOS is the tallest bar" of row a
    assert 0.15 < row_a[BOS] / sum(row_a) < 0.25  # "about one time in five"
    film = numbers(providers, "counts_film")
    corner = [e, m, a, BOS]
    assert film["whole_corner"] == [[counts.get((x, y), 0) for y in corner] for x in corner]
    assert film["steps"][-1]["grid"] == [[0, 1, 0, 0], [0, 1, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0]]
    ladder = providers.compute("ladder:loss_ladder")
    assert ladder["microgpt"] < ladder["counting_subset"]  # "microgpt does better"
