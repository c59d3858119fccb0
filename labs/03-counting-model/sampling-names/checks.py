import random

from labkit import Checks
from labkit.values import shape_of

checks = Checks()

SIZE = 27
BOS = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def token(letter):
    return BOS if letter == "BOS" else LETTERS.index(letter)


def one_hot(path):
    """A table where each token in `path` is followed by the next for sure (a uniform row elsewhere)."""
    P = [[1 / SIZE] * SIZE for _ in range(SIZE)]
    for a, b in zip(path, path[1:]):
        P[token(a)] = [1.0 if j == token(b) else 0.0 for j in range(SIZE)]
    return P


def smoothed_table(names):
    """Counts of these names' pairs, plus 1 each, divided by each row's total: a small counting model."""
    counts = [[1] * SIZE for _ in range(SIZE)]
    for name in names:
        tokens = [BOS] + [LETTERS.index(c) for c in name] + [BOS]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return [[count / sum(row) for count in row] for row in counts]


BEN = one_hot(["BOS", "b", "e", "n", "BOS"])
# From BOS the next token is "z" for sure; from "a" (token 0) it would be "q".
FROM_BOS = one_hot(["BOS", "z", "BOS"])
FROM_BOS[0] = [1.0 if j == token("q") else 0.0 for j in range(SIZE)]
FROM_BOS[token("q")] = [1.0 if j == BOS else 0.0 for j in range(SIZE)]
# Nine names in ten are "a", one in ten is "b": the weights must matter.
MOSTLY_A = one_hot(["BOS", "a", "BOS"])
MOSTLY_A[BOS] = [0.9 if j == 0 else 0.1 if j == 1 else 0.0 for j in range(SIZE)]
MOSTLY_A[1] = [1.0 if j == BOS else 0.0 for j in range(SIZE)]
SMALL_MODEL = smoothed_table(["emma", "ava", "anna", "ben", "zoe"])
DRAWS = 100

worked = checks.case("sample_name", BEN, random.Random(1), shown_as="sample_name(P, rng) with the lesson's one-hot table for \"ben\"")
starts = checks.case("sample_name", FROM_BOS, random.Random(2), shown_as="sample_name(P, rng) with a table where BOS is always followed by \"z\" and \"a\" by \"q\"")
seeded = checks.case("sample_name", SMALL_MODEL, random.Random(42), shown_as="sample_name(P, random.Random(42)) with a small counting model")


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


def draw(P, rng, at):
    return rng.choices(range(SIZE), weights=P[at])[0]


@checks.mistake("sample_name", "That is exactly what greedy picking gives: always the likeliest next token. Draw at random with rng.choices, so that likely tokens come up often and unlikely ones sometimes.")
def greedy(P, rng):
    at, name = BOS, ""
    for _ in range(50):
        at = max(range(SIZE), key=lambda j: P[at][j])
        if at == BOS:
            return name
        name += LETTERS[at]
    return name


@checks.mistake("sample_name", "That is exactly what you get when the function returns after the first letter: keep drawing until BOS comes up, and only then return.")
def one_letter_only(P, rng):
    at = draw(P, rng, BOS)
    return "" if at == BOS else LETTERS[at]


@checks.mistake("sample_name", "That is exactly what you get when the first draw is from row 0, the row of \"a\": a name starts after BOS, so the first token is drawn from P[BOS].")
def starts_at_a(P, rng):
    at, name = 0, ""
    while True:
        at = draw(P, rng, at)
        if at == BOS:
            return name
        name += LETTERS[at]


@checks.mistake("sample_name", "That is exactly what you get when every token is drawn with the same chance: pass the row as the weights, rng.choices(range(27), weights=P[token]).")
def ignores_weights(P, rng):
    at, name = BOS, ""
    while True:
        at = rng.choices(range(SIZE))[0]
        if at == BOS:
            return name
        name += LETTERS[at]


@checks.mistake("sample_name", "That is exactly what you get when every token is drawn with the same chance: rng.choice picks from range(27) without looking at P. Use rng.choices(range(27), weights=P[token])[0].")
def choice_without_weights(P, rng):
    at, name = BOS, ""
    while True:
        at = rng.choice(range(SIZE))
        if at == BOS:
            return name
        name += LETTERS[at]


@checks.mistake("sample_name", "That is exactly what you get when the code draws two tokens at every step: one to see whether it is BOS, and another for the letter. Draw once, keep it in token, and look at that same token.")
def draws_twice(P, rng):
    at, name = BOS, ""
    while draw(P, rng, at) != BOS:
        at = draw(P, rng, at)
        name += list(LETTERS)[at]  # a list, as the learner's chars is: the same IndexError when at is BOS
    return name


# --- checks ---


def sampled(t, case):
    got = t.call(case)
    if not isinstance(got, str):
        t.require_shape(got, t.expected(case), case.call_text(), t.outcome(case), "The name is a string of letters: turn each token into its letter with chars[token].")
    return got


def compare(t, case, hint):
    sampled(t, case)
    t.require_close(case, hint)


@checks.check("Returns the name as a string")
def returns_a_string(t):
    sampled(t, worked)


@checks.check("The one-hot table from the lesson gives \"ben\"")
def worked_example(t):
    compare(t, worked, "In this table BOS is always followed by \"b\", \"b\" by \"e\", \"e\" by \"n\" and \"n\" by BOS: the only name it can give is \"ben\", without BOS.")


@checks.check("The first token is drawn from the row of BOS")
def starts_from_bos(t):
    compare(t, starts, "A name starts after BOS, so the first draw uses P[BOS], which here always gives \"z\"; then \"z\" is followed by BOS.")


@checks.check("Only letters, and it ends when BOS is drawn")
def only_letters(t):
    for seed in range(5):
        got = t.call_with("sample_name", SMALL_MODEL, random.Random(seed), text=f"sample_name(P, random.Random({seed})) with a small counting model")
        if not isinstance(got, str) or not got.isalpha() or got != got.lower() or not got.isascii():
            what = shape_of(got) if not isinstance(got, str) else f"a name holding {next(c for c in got + '?' if not ('a' <= c <= 'z'))!r}" if got else "an empty name"
            t.fail(f"sample_name(P, random.Random({seed})) returned {what}; expected a string of the letters a to z only. BOS ends the name and is not part of it.")


@checks.check("Likely tokens come up often, unlikely ones sometimes")
def follows_the_weights(t):
    # A new seed for each draw: every call gets its own copy of the rng it is given.
    names = [t.call_with("sample_name", MOSTLY_A, random.Random(seed), text=f"sample_name(P, random.Random({seed}))") for seed in range(DRAWS)]
    share = names.count("a") / DRAWS
    if not 0.75 <= share <= 0.99:
        said = (
            f"Drawn {DRAWS} times from a table where a name is \"a\" with chance 0.9 and \"b\" with chance 0.1, "
            f"sample_name returned \"a\" {names.count('a')} times ({share:.0%}); expected about 90%."
        )
        why = t.diagnosis(t.outcome_with("sample_name", MOSTLY_A, random.Random(0), text="sample_name(P, random.Random(0))"))
        t.fail(f"{said} {why or 'Draw each token with rng.choices(range(27), weights=P[token])[0], so the row decides how likely each one is.'}".strip())


@checks.check("The same seed gives the course's name")
def same_as_the_course(t):
    got = sampled(t, seeded)
    expected = t.expected(seeded)
    if got == expected:
        return
    why = (
        "The course's sample_name gives that name with the same seed. "
        "Your name is made of letters and the checks above pass, so your sampler may be fine, but it uses the random "
        "numbers differently: draw each token with exactly rng.choices(range(27), weights=P[token])[0], once per token, "
        "using the rng you are given (not the random module's own), so that the same seed gives the same names."
    )
    t.fail(t.mismatch(t.outcome(seeded), expected, why))


@checks.check("Leaves the table as it was")
def unchanged(t):
    t.require_unchanged(worked, "sample_name only reads P; the table must stay as it was, because every name is drawn from it.")
