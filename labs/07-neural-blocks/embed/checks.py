import random

from labkit import Checks

checks = Checks()

TOY_WTE = [[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [-2.0, 1.0, 0.5], [0.0, 0.5, 1.0]]


def table(rows, cols, seed):
    """A table of the size given, filled with numbers like a trained model's (fixed by `seed`)."""
    rng = random.Random(seed)
    return [[round(rng.gauss(0, 0.3), 4) for _ in range(cols)] for _ in range(rows)]


WTE = table(27, 16, 7)  # the size of microgpt's wte: 27 tokens, 16 numbers each
BIG = "embed(wte, {}) with a table of 27 rows of 16, like microgpt's"

toy = checks.case("embed", TOY_WTE, 2)
first = checks.case("embed", TOY_WTE, 0)
last = checks.case("embed", TOY_WTE, 3)
letter_e = checks.case("embed", WTE, 4, shown_as=BIG.format(4))
bos = checks.case("embed", WTE, 26, shown_as=BIG.format(26))
tall = checks.case("embed", table(5, 2, 11), 1)
square = checks.case("embed", [[1, 2, 3], [4, 5, 6], [7, 8, 9]], 1)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


@checks.mistake("embed", "That is exactly column `token` of the table: one number from every row. The embedding is the token's row, all of it: one index into the table picks it.")
def column(wte, token):
    return [row[token] for row in wte]


@checks.mistake("embed", "That is exactly the row before the token's: rows are counted from 0, like token ids, so token 2 is wte[2], not wte[1].")
def row_before(wte, token):
    return wte[token - 1]


@checks.mistake("embed", "That is exactly the row after the token's: rows are counted from 0, like token ids, so token 2 is wte[2], not wte[3].")
def row_after(wte, token):
    return wte[token + 1]


@checks.mistake("embed", "That is exactly the first row of the table, whatever the token: pick the row at place `token`.")
def first_row(wte, token):
    return wte[0]


@checks.mistake("embed", "That is exactly what wte.pop(token) leaves behind: the right row, but it is taken out of the table, so every later token would read the wrong row. Read the row without taking it out of the table.")
def popped(wte, token):
    return wte.pop(token)


# --- checks ---


@checks.check("Token 2 of the lesson's toy table")
def worked_example(t):
    hint = "Token 2 is the letter c: its row is the third, counted from row 0."
    # Compared by hand, not with require_close, so that a column (4 numbers, not 3) still
    # gets its diagnosis rather than only a note about its length.
    got, expected = t.call(toy), t.expected(toy)
    if not t.close(got, expected):
        t.fail(t.mismatch(t.outcome(toy), expected, hint))


@checks.check("The first and the last token")
def ends(t):
    t.require_close(first, "Token 0 reads the first row.")
    t.require_close(last, "Token 3, BOS, reads the last row of the toy table.")


@checks.check("A table the size of microgpt's")
def microgpt_size(t):
    t.require_close(letter_e, "Token 4 is \"e\": the fifth row, with all 16 of its numbers.")
    t.require_close(bos, "Token 26 is BOS, the last of microgpt's 27 rows.")


@checks.check("A row, not a column")
def row_not_column(t):
    t.require_close(square, "Here the rows and the columns have the same length, so only the numbers tell a row from a column: row 1 is [4, 5, 6].")
    t.require_close(tall, "This table has 5 rows of 2 numbers, so the embedding of token 1 has 2 numbers.")


@checks.check("Leaves the table as it was")
def leaves_table_alone(t):
    t.require_unchanged(toy, "embed only reads the table; every row must still be there for the next token.")
    t.require_unchanged(letter_e, "embed only reads the table; every row must still be there for the next token.")
