from labkit import CheckFailed, Checks, close, show

checks = Checks()

# The lesson's example: a letter's vector and three matrices of 2 rows and 4 columns.
X = [2, 1, 0, -1]
WQ = [[1, 0, 1, 0], [0, 1, -1, 1]]
WK = [[0, 2, 0, 1], [1, 0, 1, 0]]
WV = [[1, 1, 0, 0], [0, 0, 2, -1]]

# A square matrix, where using the columns gives the right length but the wrong numbers.
SQUARE = [[1, 3], [0, 2]]
# Three rows of two numbers: three outputs from an x of two numbers.
TALL = [[1, 0], [0, 1], [2, 2]]
# 16 by 16, like microgpt's wq, wk and wv.
X16 = [((5 * col) % 9 - 4) / 4 for col in range(16)]
W16 = [[((3 * row + 5 * col) % 7 - 3) / 2 for col in range(16)] for row in range(16)]
# Matrices that give three different vectors, so a mix-up shows.
OTHER_X = [1, -1, 2]
OTHER_WQ = [[1, 0, 0], [0, 0, 1]]
OTHER_WK = [[0, 1, 0], [1, 1, 1]]
OTHER_WV = [[2, 0, 1], [0, -3, 0]]

lesson_q = checks.case("linear", X, WQ)
square = checks.case("linear", [1, 2], SQUARE)
tall = checks.case("linear", [3, -1], TALL)
sixteen = checks.case("linear", X16, W16)
lesson_qkv = checks.case("project", X, WQ, WK, WV)
other_qkv = checks.case("project", OTHER_X, OTHER_WQ, OTHER_WK, OTHER_WV)

BIG_TEXT = "linear(x, w), with x of 16 numbers and w of 16 rows of 16 numbers (the size of microgpt's wq)"
ONE_PER_ROW = "linear makes one dot product for each row of w: for row in w, add up the products of row and x."
NAMES = ("q", "k", "v")


def dot(a, b):
    return sum(p * r for p, r in zip(a, b))


def linear_mistake(x, w, got):
    """Advice for the known mistake in linear whose result matches `got`, or None."""
    rows = [dot(row, x) for row in w]
    columns = [dot(column, x) for column in zip(*w)]
    if isinstance(got, (int, float)):
        if close(got, sum(rows), 1e-9):
            return (
                f"That one number is every product of the whole matrix added together. {ONE_PER_ROW} "
                f"Here w has {len(w)} rows, so the answer is a list of {len(w)} numbers."
            )
        return f"linear should return a list, not one number. {ONE_PER_ROW}"
    if not isinstance(got, list):
        return None
    if got and all(isinstance(item, list) for item in got):
        if close(got, [[a * b for a, b in zip(row, x)] for row in w], 1e-9):
            return (
                "You kept each row's products as a list but did not add them up. A dot product is one "
                "number: add the products up with sum(...)."
            )
        return None
    if len(got) == 1 and len(w) > 1 and close(got[0], rows[0], 1e-9):
        return (
            "Is your return inside the for loop? Then linear stops after the first row. Move return out "
            "after the loop (less indented), so every row gets its turn."
        )
    if close(got, columns, 1e-9) and not close(columns, rows, 1e-9):
        return (
            f"You used the columns of w instead of its rows (w has {len(w)} rows and {len(w[0])} columns, "
            f"so the answer has {len(w)} numbers). Each number of the answer comes from one row: for row in w, "
            "multiply that row by x."
        )
    if not got and w:
        return "Your list is empty: for each row of w, put its dot product with x at the end of out (out.append(...))."
    return None


def described(case):
    return BIG_TEXT if case is sixteen else case.call_text()


def call_linear(t, case):
    """The learner's linear on `case`; an index past the end of a list gets advice."""
    try:
        return t.call_with(case.function, *case.args, text=described(case))
    except CheckFailed as failure:
        if " raised IndexError" in str(failure):
            x, w = case.args
            t.fail(
                f"{failure}\nAn index went past the end of a list. Here w has {len(w)} rows of {len(w[0])} numbers "
                f"and x has {len(x)}. Go through the rows of w (for row in w) and pair each row with x using "
                "zip(row, x), rather than counting with indices."
            )
        raise


def require_linear(t, case, hint):
    x, w = case.args
    got = call_linear(t, case)
    expected = t.expected(case)
    if close(got, expected, t.tolerance):
        return
    advice = linear_mistake(x, w, got)
    shape = "" if isinstance(got, list) and len(got) == len(expected) else f" (a list of {len(expected)} numbers)"
    t.fail(f"{described(case)} returned {show(got)}; expected {show(expected)}{shape}. {advice or hint}")


def linear_is_broken(t):
    """True when the learner's linear gets the lesson's q wrong (project depends on it)."""
    try:
        got = t.call(lesson_q)
    except CheckFailed:
        return True
    return not close(got, t.expected(lesson_q), t.tolerance)


def project_mistake(got, expected):
    """Advice for the known mistake in project whose result matches `got`, or None."""
    matches = [[j for j in range(3) if close(item, expected[j], 1e-9)] for item in got]
    if all(len(found) == 1 for found in matches):
        order = [found[0] for found in matches]
        if sorted(order) == [0, 1, 2] and order != [0, 1, 2]:
            returned = ", ".join(NAMES[j] for j in order)
            return (
                f"Those are the right three vectors in the wrong order: you returned {returned}. "
                "Return them in the order q, k, v: return q, k, v."
            )
    copies = [NAMES[i] for i in (1, 2) if 0 in matches[i]]
    if copies:
        which = " and ".join(copies)
        return (
            f"Your {which} came out the same as q, as if x had been multiplied by wq again. Each of the three "
            "needs its own matrix: q = linear(x, wq), k = linear(x, wk), v = linear(x, wv)."
        )
    return None


def require_project(t, case, hint):
    text = case.call_text()
    got = t.call(case)
    expected = t.expected(case)
    if not (isinstance(got, list) and len(got) == 3):
        t.fail(
            f"{text} returned {show(got)}; expected three lists, q, k and v, like {show(expected)}. "
            "End project with return q, k, v."
        )
    if close(got, expected, t.tolerance):
        return
    advice = project_mistake(got, expected)
    if advice is None and linear_is_broken(t):
        advice = "project uses your linear, which does not give the right answers yet: fix linear first (see its checks)."
    t.fail(f"{text} returned {show(got)}; expected {show(expected)}. {advice or hint}")


@checks.check("linear returns one number for each row of w")
def one_number_per_row(t):
    for case in (lesson_q, tall):
        x, w = case.args
        got = call_linear(t, case)
        expected = t.expected(case)
        numbers = isinstance(got, list) and all(isinstance(item, (int, float)) for item in got)
        if not (numbers and len(got) == len(expected)):
            kind = "one number" if isinstance(got, (int, float)) else f"{show(got)}"
            t.fail(
                f"{case.call_text()} returned {kind}; expected a list of {len(expected)} numbers, "
                f"one for each of the {len(w)} rows of w, like {show(expected)}. "
                f"{linear_mistake(x, w, got) or ONE_PER_ROW}"
            )


@checks.check("linear: the query from the lesson")
def lesson_query(t):
    require_linear(
        t,
        lesson_q,
        "Row 0 of wq is [1, 0, 1, 0]: 1×2 + 0×1 + 1×0 + 0×(-1) = 2. Do the same for row 1.",
    )


@checks.check("linear uses the rows of w, not its columns")
def rows_not_columns(t):
    require_linear(t, square, "Row 0 of w is [1, 3], so the first number is 1×1 + 3×2; row 1 is [0, 2].")


@checks.check("linear works for a 16 by 16 matrix, like microgpt's")
def microgpt_sized(t):
    require_linear(t, sixteen, ONE_PER_ROW)


@checks.check("project returns q, k and v: three lists")
def returns_three(t):
    text = lesson_qkv.call_text()
    got = t.call(lesson_qkv)
    expected = t.expected(lesson_qkv)
    if not (isinstance(got, list) and len(got) == 3):
        t.fail(
            f"{text} returned {show(got)}; expected three lists, q, k and v, like {show(expected)}. "
            "Make all three with linear, then end project with return q, k, v."
        )
    sizes = [len(item) if isinstance(item, list) else None for item in got]
    wanted = [len(item) for item in expected]
    if sizes != wanted or not all(all(isinstance(n, (int, float)) for n in item) for item in got if isinstance(item, list)):
        note = (
            "project uses your linear, which does not give the right answers yet: fix linear first (see its checks)."
            if linear_is_broken(t)
            else "Make each of them with linear: q = linear(x, wq), k = linear(x, wk), v = linear(x, wv)."
        )
        t.fail(
            f"{text} returned {show(got)}; expected q, k and v to be lists of numbers, each as long as its "
            f"matrix has rows ({wanted[0]} here), like {show(expected)}. {note}"
        )


@checks.check("project uses wq for q, wk for k and wv for v")
def right_matrices(t):
    require_project(
        t,
        other_qkv,
        "q = linear(x, wq), k = linear(x, wk), v = linear(x, wv), returned in that order.",
    )


@checks.check("project: the lesson's query, key and value")
def lesson_project(t):
    require_project(t, lesson_qkv, "Compare your q, k and v with the lesson's, one row at a time.")
