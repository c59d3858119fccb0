from labkit import Checks
from labkit.values import shape_of

checks = Checks()

SIZE = 27
BOS = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"

worked = checks.case("bigram_counts", ["emma", "ava", "anna"])
one_pair = checks.case("bigram_counts", ["ab"])
one_letter = checks.case("bigram_counts", ["q"])
repeats = checks.case("bigram_counts", ["anna", "anna", "bob"])
nothing = checks.case("bigram_counts", [])


def label(token):
    return "BOS" if token == BOS else LETTERS[token]


def cell(a, b):
    return f"counts[{a}][{b}] (how often {label(b)} follows {label(a)})"


def encoded(name):
    return [BOS] + [LETTERS.index(c) for c in name] + [BOS]


def empty_table():
    return [[0] * SIZE for _ in range(SIZE)]


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


@checks.mistake("bigram_counts", "That is exactly the table with every pair written the other way round: counts[b][a] instead of counts[a][b]. The row is the token that comes first, the column the token after it.")
def swapped(names):
    counts = empty_table()
    for name in names:
        tokens = encoded(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[b][a] += 1
    return counts


@checks.mistake("bigram_counts", "That is exactly the table without BOS: the letters were counted, but not the pairs \"BOS → first letter\" and \"last letter → BOS\". Count the pairs of encode(name), which has BOS at both ends.")
def without_bos(names):
    counts = empty_table()
    for name in names:
        tokens = [LETTERS.index(c) for c in name]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


@checks.mistake("bigram_counts", "That is exactly the table with BOS only at the start of each name: the pair \"last letter → BOS\", which says the name is over, is missing.")
def bos_only_at_start(names):
    counts = empty_table()
    for name in names:
        tokens = encoded(name)[:-1]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


@checks.mistake("bigram_counts", "That is exactly what you get when each cell is set to 1 instead of having 1 added: a pair seen twice is counted once. Use += 1.")
def set_to_one(names):
    counts = empty_table()
    for name in names:
        tokens = encoded(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] = 1
    return counts


@checks.mistake("bigram_counts", "That is exactly what you get when all 27 rows are one and the same list, as [[0] * 27] * 27 makes them: adding 1 to one row adds it to every row. Make a new list for each row, with the comprehension from the lesson.")
def shared_rows(names):
    row = [0] * SIZE
    for name in names:
        tokens = encoded(name)
        for a, b in zip(tokens, tokens[1:]):
            row[b] += 1
    return [row for _ in range(SIZE)]


@checks.mistake("bigram_counts", "That is exactly what you get when the table is made again inside the loop over names: only the last name's pairs are left. Make the table once, before the loop.")
def reset_per_name(names):
    for name in names:
        counts = empty_table()
        tokens = encoded(name)
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return counts


# --- checks ---


def table(t, case):
    """The learner's table for `case`, failing unless it is 27 lists of 27 whole numbers."""
    got = t.call(case)
    call = case.call_text()
    if not isinstance(got, list) or len(got) != SIZE:
        what = "an empty list []" if got == [] else f"a list of {len(got)} rows" if isinstance(got, list) else shape_of(got)
        t.fail(f"{call} returned {what}; expected a table of {SIZE} rows, one for each token (a to z, then BOS).")
    for index, row in enumerate(got):
        if not isinstance(row, list) or len(row) != SIZE:
            t.fail(f"{call}: row {index} of the table is {shape_of(row)}; expected a list of {SIZE} whole numbers, one count for each token that can follow {label(index)}.")
        column = next((column for column, count in enumerate(row) if not is_whole(count)), None)
        if column is not None:
            t.fail(f"{call}: {cell(index, column)} is {not_whole(t, row[column])}, not a whole number. A count is a whole number: 0, then 1 more for each pair seen.")
    return got


def is_whole(count):
    """0 and 0.0 alike: a count kept as a float is still a count."""
    return type(count) is int or (type(count) is float and count.is_integer())


def not_whole(t, count):
    """A count that is not a whole number, written so that it never reads like one: 0.00003, not 0."""
    if type(count) is float:
        return t.apart(count, round(count))[0]
    return shape_of(count)


def compare(t, case, hint):
    got = table(t, case)
    expected = t.expected(case)
    if got == expected:
        return
    a, b = next((a, b) for a in range(SIZE) for b in range(SIZE) if got[a][b] != expected[a][b])
    said = f"{case.call_text()}: {cell(a, b)} is {got[a][b]}; expected {expected[a][b]}."
    t.fail(f"{said} {t.diagnosis(t.outcome(case)) or hint}".strip())


@checks.check("Returns 27 rows of 27 counts")
def shape(t):
    table(t, worked)


@checks.check("The three names from the lesson")
def worked_example(t):
    compare(t, worked, "The lesson counts these 14 pairs by hand: compare your table with its list.")


@checks.check("The row is the token before, the column the token after")
def row_then_column(t):
    compare(t, one_pair, "\"ab\" encodes as BOS, a, b, BOS: its pairs are BOS → a, a → b and b → BOS, so counts[0][1] is 1 and counts[1][0] stays 0.")


@checks.check("Every name starts and ends with BOS")
def bos_pairs(t):
    compare(t, one_letter, "\"q\" encodes as BOS, q, BOS: two pairs, BOS → q and q → BOS.")


@checks.check("A pair seen twice counts twice")
def repeats_add_up(t):
    compare(t, repeats, "\"anna\" twice holds n → n twice, so counts[13][13] is 2.")


@checks.check("The counts add up to the number of pairs")
def total(t):
    got = table(t, worked)
    pairs = sum(len(encoded(name)) - 1 for name in worked.args[0])
    if sum(map(sum, got)) != pairs:
        t.fail(f"{worked.call_text()} returned a table whose counts add up to {sum(map(sum, got))}; expected {pairs}, one for each pair of the three encoded names. {t.diagnosis(t.outcome(worked))}".strip())


@checks.check("No names, no counts")
def empty(t):
    compare(t, nothing, "With no names there is no pair: every count stays 0.")


@checks.check("Leaves the list of names as it was")
def unchanged(t):
    t.require_unchanged(worked, "bigram_counts reads the names; the list it is given must stay as it was.")
