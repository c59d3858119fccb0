from labkit import Checks

checks = Checks()

# The lesson's toy tables: tokens a, e, m, y, BOS have ids 0 to 4, and positions go from 0 to 4.
WTE = [[1, 0, -1, 2], [0, 2, 1, -1], [-1, 1, 2, 0], [2, -1, 0, 1], [0, 0, 0, 1]]
WPE = [[0.1, 0.0, 0.0, 0.2], [0.0, 0.3, -0.1, 0.0], [0.2, -0.2, 0.1, 0.0], [-0.1, 0.0, 0.3, 0.1], [0.0, 0.1, 0.0, -0.3]]
TOY = "with the lesson's toy tables"

# Tables the size of microgpt's: 27 tokens and 16 positions, rows of 16 numbers.
BIG_WTE = [[((7 * row + 3 * col) % 11 - 5) / 4 for col in range(16)] for row in range(27)]
BIG_WPE = [[((5 * row + 2 * col) % 7 - 3) / 10 for col in range(16)] for row in range(16)]
BIG = "with tables the size of microgpt's (wte: 27 rows, wpe: 16 rows, 16 numbers in each row)"


def toy(token_id, position):
    return checks.case("embed", token_id, position, WTE, WPE, shown_as=f"embed({token_id}, {position}, wte, wpe) {TOY}")


first_m = toy(2, 2)
second_m = toy(2, 3)
e_at_3 = toy(1, 3)
bos_at_0 = toy(4, 0)
u_at_5 = checks.case("embed", 20, 5, BIG_WTE, BIG_WPE, shown_as=f"embed(20, 5, wte, wpe) {BIG}")


# --- known mistakes: each is said only when it gives exactly what the learner's embed gave ---


@checks.mistake("embed", "That is exactly the two rows joined end to end: + on two lists joins them, it does not add their numbers.")
def joined(token_id, position, wte, wpe):
    return wte[token_id] + wpe[position]


@checks.mistake("embed", "That is exactly the token's row, wte[token_id], on its own: the position's row is missing, so the same letter would get the same vector at every place.")
def token_row_only(token_id, position, wte, wpe):
    return list(wte[token_id])


@checks.mistake("embed", "That is exactly the position's row, wpe[position], on its own: the letter's row is missing.")
def position_row_only(token_id, position, wte, wpe):
    return list(wpe[position])


@checks.mistake("embed", "That is exactly the two rows multiplied number by number. The rows are added: t + p, not t * p.")
def multiplied(token_id, position, wte, wpe):
    return [t * p for t, p in zip(wte[token_id], wpe[position])]


@checks.mistake(
    "embed",
    "That is exactly what you get with the two indices swapped, wte[position] and wpe[token_id]. The token id "
    "picks the row of wte, and the position picks the row of wpe.",
)
def swapped(token_id, position, wte, wpe):
    return [t + p for t, p in zip(wte[position], wpe[token_id])]


@checks.mistake(
    "embed",
    "That is exactly the first sum alone: the function returned after the first pass of the loop. Is your "
    "return inside the for loop? Then it ends the function after the first pair of numbers.",
)
def first_sum_only(token_id, position, wte, wpe):
    return [wte[token_id][0] + wpe[position][0]]


@checks.mistake(
    "embed",
    "That is exactly a list holding one generator: the whole `... for ...` went into the list as a single "
    "item, where each sum should have gone in as a number of its own.",
)
def one_generator(token_id, position, wte, wpe):
    return [(t + p for t, p in zip(wte[token_id], wpe[position]))]


@checks.mistake(
    "embed",
    "That is exactly what you get when the sums are written into the token's row itself. Giving a "
    "row a name of its own does not copy it: the name is a second name for the same list, so changing "
    "it changes wte, and the next letter that reads this row gets a wrong vector. Build a new list instead.",
)
def changes_the_row(token_id, position, wte, wpe):
    row = wte[token_id]
    for i in range(len(row)):
        row[i] = row[i] + wpe[position][i]
    return row


# --- checks ---


@checks.check("Returns a list as long as one row of the table")
def one_number_per_column(t):
    got = t.call(first_m)
    expected = t.expected(first_m)
    t.require_shape(got, expected, first_m.call_text(), t.outcome(first_m), "embed gives back one number for each number in a row of the tables.")


@checks.check('The first "m" of "emma", from the lesson')
def worked_example(t):
    t.require_close(first_m, "Row 2 of wte is [-1, 1, 2, 0] and row 2 of wpe is [0.2, -0.2, 0.1, 0].")


@checks.check("The same letter at two places gets two different vectors")
def position_matters(t):
    got_2 = t.call(first_m)
    got_3 = t.call(second_m)
    if isinstance(got_2, list) and got_2 and t.close(got_2, got_3):
        t.fail(
            f"{first_m.call_text()} and embed(2, 3, wte, wpe) both returned {t.apart(got_2, got_3)[0]}: the \"m\" at "
            "position 2 and the \"m\" at position 3 came out the same, so the position made no difference. "
            + t.diagnosis(t.outcome(first_m))
        )
    t.require_close(second_m, "The second \"m\" has the same token row, wte[2], but the position row wpe[3].")


@checks.check("The token id picks a row of wte, the position a row of wpe")
def rows_from_the_right_tables(t):
    t.require_close(e_at_3, "Here the token is 1 (\"e\") and the position is 3.")


@checks.check("The rows are added, not multiplied")
def added_not_multiplied(t):
    t.require_close(bos_at_0, "Here the token is 4 (BOS) and the position is 0.")


@checks.check("Works with tables the size of microgpt's")
def microgpt_sized(t):
    t.require_close(u_at_5, "Token 20 (\"u\") at position 5: all 16 numbers of the two rows.")


@checks.check("Leaves wte and wpe unchanged")
def tables_unchanged(t):
    t.require_unchanged(first_m, "embed must build a new list: the tables are read by every letter that comes after.")
