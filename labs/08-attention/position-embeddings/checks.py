import copy

from labkit import CheckFailed, Checks, close, show

checks = Checks()

# The lesson's toy tables: tokens a, e, m, y, BOS have ids 0 to 4, and positions go from 0 to 4.
WTE = [[1, 0, -1, 2], [0, 2, 1, -1], [-1, 1, 2, 0], [2, -1, 0, 1], [0, 0, 0, 1]]
WPE = [[0.1, 0.0, 0.0, 0.2], [0.0, 0.3, -0.1, 0.0], [0.2, -0.2, 0.1, 0.0], [-0.1, 0.0, 0.3, 0.1], [0.0, 0.1, 0.0, -0.3]]
TOY = "with the lesson's toy tables"

# Tables the size of microgpt's: 27 tokens and 16 positions, rows of 16 numbers.
BIG_WTE = [[((7 * row + 3 * col) % 11 - 5) / 4 for col in range(16)] for row in range(27)]
BIG_WPE = [[((5 * row + 2 * col) % 7 - 3) / 10 for col in range(16)] for row in range(16)]
BIG = "with tables the size of microgpt's (wte: 27 rows, wpe: 16 rows, 16 numbers in each row)"

first_m = checks.case("embed", 2, 2, WTE, WPE)
second_m = checks.case("embed", 2, 3, WTE, WPE)
e_at_3 = checks.case("embed", 1, 3, WTE, WPE)
bos_at_0 = checks.case("embed", 4, 0, WTE, WPE)
u_at_5 = checks.case("embed", 20, 5, BIG_WTE, BIG_WPE)

ADD_BY_ZIP = "Add them number by number: [t + p for t, p in zip(wte[token_id], wpe[position])]."
SWAPPED = (
    "Did you swap the two indices? The token id picks the row of wte (wte[token_id]) and the "
    "position picks the row of wpe (wpe[position])."
)


def described(case):
    """embed(2, 2, wte, wpe), with a note on which tables were passed in."""
    token_id, position, wte, _ = case.args
    return f"embed({token_id}, {position}, wte, wpe) {TOY if wte is WTE else BIG}"


def likely_mistake(case, got):
    """Advice for the known mistake whose result matches `got`, or None."""
    token_id, position, wte, wpe = case.args
    token_row, position_row = wte[token_id], wpe[position]
    guesses = [
        (token_row + position_row,
         "In Python, + on two lists joins them end to end instead of adding the numbers. " + ADD_BY_ZIP),
        (token_row,
         f"That is just the token's row, wte[{token_id}]: the position is missing. Add wpe[{position}] to it, "
         "number by number, so that the same letter at different places gets different vectors."),
        (position_row,
         f"That is just the position's row, wpe[{position}]: the letter itself is missing. Add wte[{token_id}] to it."),
        ([t * p for t, p in zip(token_row, position_row)],
         "Each of your numbers is a number of the token row times the matching number of the position "
         "row. The two rows are added: use t + p, not t * p."),
    ]
    if position < len(wte) and token_id < len(wpe):
        guesses.append(([t + p for t, p in zip(wte[position], wpe[token_id])],
                        f"That is wte[{position}] + wpe[{token_id}]. " + SWAPPED))
    if len(got) == 1 and len(token_row) > 1:
        return (
            "Is your return inside the for loop? Then the function stops after the first pair of numbers. "
            "Move return x after the loop (less indented), so the loop can finish first."
        )
    for wrong, advice in guesses:
        if len(wrong) == len(got) and close(got, wrong, 1e-9):
            return advice
    return None


def call(t, case):
    """The learner's result for `case`, with advice when the indices look swapped."""
    try:
        return t.call_with(*[case.function, *case.args], text=described(case))
    except CheckFailed as failure:
        if " raised IndexError" in str(failure):
            token_id, _, wte, wpe = case.args
            if token_id >= len(wpe):
                t.fail(f"{failure}\n{SWAPPED} Here wpe has only {len(wpe)} rows, one per position, so wpe[{token_id}] does not exist.")
            t.fail(
                f"{failure}\nAn index went past the end of a list. Each row has {len(wte[0])} numbers: "
                "go through the numbers of one row (zip(wte[token_id], wpe[position]) does that), not through the rows of a table."
            )
        raise


def require_right(t, case, hint):
    """Fail with targeted advice unless the learner's result matches the solution's."""
    got = call(t, case)
    expected = t.expected(case)
    if close(got, expected, t.tolerance):
        return got
    advice = likely_mistake(case, got) if isinstance(got, list) else None
    t.fail(f"{described(case)} returned {show(got)}; expected {show(expected)}. {advice or hint}")


@checks.check("Returns a list as long as one row of the table")
def one_number_per_column(t):
    got = call(t, first_m)
    expected = t.expected(first_m)
    if isinstance(got, list) and len(got) != len(expected):
        advice = likely_mistake(first_m, got) if len(got) else None
        if not got:
            advice = "Your list is empty: add each sum to it with x.append(t + p), or build it in one go."
        t.fail(
            f"{described(first_m)} returned {show(got)}, a list of {len(got)} number{'' if len(got) == 1 else 's'}; expected "
            f"{len(expected)} numbers, one for each number in a row, like {show(expected)}. "
            f"{advice or ADD_BY_ZIP}"
        )
    t.require_shape(got, expected, described(first_m))


@checks.check('The first "m" of "emma", from the lesson')
def worked_example(t):
    require_right(
        t,
        first_m,
        "Row 2 of wte is [-1, 1, 2, 0] and row 2 of wpe is [0.2, -0.2, 0.1, 0]: add the first number to "
        "the first number, the second to the second, and so on. " + ADD_BY_ZIP,
    )


@checks.check("The same letter at two places gets two different vectors")
def position_matters(t):
    got_2 = call(t, first_m)
    got_3 = call(t, second_m)
    if isinstance(got_2, list) and got_2 and close(got_2, got_3, 1e-9):
        t.fail(
            f"{described(first_m)} and embed(2, 3, wte, wpe) both returned {show(got_2)}: the \"m\" at "
            "position 2 and the \"m\" at position 3 came out the same. "
            + (likely_mistake(first_m, got_2) or "Add the position's row, wpe[position], to the token's row.")
        )
    require_right(t, second_m, "The second \"m\" uses the same token row, wte[2], but the position row wpe[3].")


@checks.check("The token id picks a row of wte, the position a row of wpe")
def rows_from_the_right_tables(t):
    require_right(t, e_at_3, "Here the token is 1 (\"e\") and the position is 3: add wte[1] and wpe[3].")


@checks.check("The rows are added, not multiplied")
def added_not_multiplied(t):
    require_right(t, bos_at_0, "Here the token is 4 (BOS) and the position is 0: add wte[4] and wpe[0], number by number.")


@checks.check("Works with tables the size of microgpt's")
def microgpt_sized(t):
    require_right(t, u_at_5, "Token 20 (\"u\") at position 5: add wte[20] and wpe[5], all 16 numbers.")


@checks.check("Leaves wte and wpe unchanged")
def tables_unchanged(t):
    call(t, first_m)  # if embed crashes, this reports it with the learner's own line
    wte, wpe = copy.deepcopy(WTE), copy.deepcopy(WPE)
    try:
        t.function("embed")(2, 2, wte, wpe)
    except Exception as error:
        t.fail(f"{described(first_m)} raised {type(error).__name__}: {error}")
    for name, before, after, index in (("wte", WTE, wte, 2), ("wpe", WPE, wpe, 2)):
        if after != before:
            changed = next((i for i, (a, b) in enumerate(zip(after, before)) if a != b), index)
            t.fail(
                f"After {described(first_m)}, row {changed} of {name} had changed from "
                f"{show(before[changed])} to {show(after[changed])}. Writing x = {name}[...] does not copy the row: "
                "x becomes a second name for the same list, so changing x changes the table, and the next "
                "letter that reads this row would get a wrong vector. Build a new list instead: "
                "[t + p for t, p in zip(wte[token_id], wpe[position])]."
            )
