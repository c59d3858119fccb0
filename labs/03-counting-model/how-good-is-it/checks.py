import math

from labkit import Checks

checks = Checks()

SIZE = 27
BOS = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def encoded(name):
    return [BOS] + [LETTERS.index(c) for c in name] + [BOS]


def smoothed_table(names):
    """A small counting model: the counts of these names' pairs, plus 1 each, over each row's total."""
    counts = [[1] * SIZE for _ in range(SIZE)]
    for name in names:
        tokens = encoded(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return [[count / sum(row) for count in row] for row in counts]


UNIFORM = [[1 / SIZE] * SIZE for _ in range(SIZE)]
SMALL = smoothed_table(["emma", "ava", "anna", "ben", "zoe"])
SURE = [[1.0 if b == BOS else 0.0 for b in range(SIZE)] for _ in range(SIZE)]
SURE[BOS] = [1.0 if b == 0 else 0.0 for b in range(SIZE)]

uniform = checks.case("average_loss", UNIFORM, ["emma"], shown_as="average_loss(P, [\"emma\"]) with 1/27 for every token")
small = checks.case("average_loss", SMALL, ["emma", "ava"], shown_as="average_loss(P, [\"emma\", \"ava\"]) with a small counting model")
short_and_long = checks.case("average_loss", SMALL, ["a", "anna", "zoe"], shown_as="average_loss(P, [\"a\", \"anna\", \"zoe\"]) with a small counting model")
certain = checks.case("average_loss", SURE, ["a"], shown_as="average_loss(P, [\"a\"]) with a table sure of \"BOS, a, BOS\"")


def pair_surprises(P, names, log=math.log, with_bos=True):
    for name in names:
        tokens = encoded(name) if with_bos else [LETTERS.index(c) for c in name]
        yield [-log(P[a][b]) for a, b in zip(tokens, tokens[1:])]


def average(values):
    return sum(values) / len(values)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


@checks.mistake("average_loss", "That is exactly the average with math.log10, the log to base 10. The loss uses the natural log, plain math.log.")
def base_ten(P, names):
    return average([s for each in pair_surprises(P, names, math.log10) for s in each])


@checks.mistake("average_loss", "That is exactly the average with math.log2, the log to base 2. The loss uses the natural log, plain math.log.")
def base_two(P, names):
    return average([s for each in pair_surprises(P, names, math.log2) for s in each])


@checks.mistake("average_loss", "That is exactly the average of math.log(p) without its minus sign: the log of a probability below 1 is negative, so the surprise is -math.log(p).")
def no_minus(P, names):
    return -average([s for each in pair_surprises(P, names) for s in each])


@checks.mistake("average_loss", "That is exactly the average over names: each name's average surprise, then the average of those. Average over pairs instead: the total surprise of every pair, divided by the number of pairs.")
def over_names(P, names):
    return average([average(each) for each in pair_surprises(P, names)])


@checks.mistake("average_loss", "That is exactly the total surprise, not divided by the number of pairs.")
def total_only(P, names):
    return sum(s for each in pair_surprises(P, names) for s in each)


@checks.mistake("average_loss", "That is exactly the average over the pairs of letters only: the pairs with BOS, how a name starts and how it ends, count too. Walk the pairs of encode(name).")
def without_bos(P, names):
    return average([s for each in pair_surprises(P, names, with_bos=False) for s in each])


@checks.mistake("average_loss", "That is exactly the total divided by the number of names, not by the number of pairs.")
def total_over_names(P, names):
    return sum(s for each in pair_surprises(P, names) for s in each) / len(names)


# --- checks ---


@checks.check("Returns one number")
def returns_a_number(t):
    got = t.call(uniform)
    t.require_shape(got, t.expected(uniform), uniform.call_text())


@checks.check("Guessing uniformly costs ln 27, from the lesson")
def worked_example(t):
    t.require_close(uniform, "Every pair has probability 1/27, so every surprise is -log(1/27) = ln 27, and so is their average.")


@checks.check("A small counting model on two names")
def small_model(t):
    t.require_close(small, "\"emma\" has 5 pairs and \"ava\" 4: add up the 9 surprises -math.log(P[a][b]) and divide by 9.")


@checks.check("Every pair counts the same, in short and long names")
def pairs_not_names(t):
    t.require_close(short_and_long, "The three names have 2, 5 and 4 pairs: the average is over those 11 pairs, not over the 3 names.")


@checks.check("No surprise when the model is sure and right")
def no_surprise(t):
    t.require_close(certain, "Here P[BOS][a] is 1 and P[a][BOS] is 1: both pairs of \"a\" happen for sure, so each surprise is -log(1) = 0.")


@checks.check("The surprise is never below 0")
def positive(t):
    got = t.call(small)
    if isinstance(got, (int, float)) and got < 0:
        t.fail(t.mismatch(t.outcome(small), t.expected(small), "A probability is at most 1, so its log is at most 0, and -log(p) at least 0."))


@checks.check("Leaves the table and the names as they were")
def unchanged(t):
    t.require_unchanged(small, "average_loss only reads P and names.")
