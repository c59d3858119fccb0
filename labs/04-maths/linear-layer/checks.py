from labkit import Checks

checks = Checks()

worked = checks.case("linear", [1, 2], [[2, 1], [0, 3], [-1, 1]])
one_row = checks.case("linear", [3, -1, 2], [[1, 1, 1]])
identity = checks.case("linear", [7, -2, 5], [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
tall = checks.case("linear", [2, 0.5], [[1, 2], [3, 4], [5, 6], [-1, 0]])
wide = checks.case("linear", [1, 2, 3, 4], [[1, 0, -1, 0.5], [0.25, 0.25, 0.25, 0.25]])
square = checks.case("linear", [1, -1], [[2, 3], [5, 7]])
no_rows = checks.case("linear", [1, 2], [])


def dot(a, b):
    return sum(p * q for p, q in zip(a, b))


# --- known mistakes: each is said only when it gives exactly what the learner's linear gave ---


@checks.mistake("linear", "That is what you get by walking down the columns of w instead of along its rows: row i of w, times x, gives number i of the answer.")
def columns_instead_of_rows(x, w):
    return [sum(w[i][j] * x[i] for i in range(len(x))) for j in range(len(w[0]))]


@checks.mistake("linear", "That is the list of each row's products, not their totals: add up each row's products, so that each row gives one number.")
def products_not_totals(x, w):
    return [[p * q for p, q in zip(row, x)] for row in w]


@checks.mistake("linear", "That is one number: every row's products added into one total. Start a new total for each row, so the answer has one number per row.")
def one_total(x, w):
    return sum(dot(row, x) for row in w)


@checks.mistake("linear", "That total keeps growing from row to row: it is set to 0 once, before the loop over the rows. Set it to 0 again for each row.")
def total_not_reset(x, w):
    out, total = [], 0
    for row in w:
        total += dot(row, x)
        out.append(total)
    return out


# --- checks ---


@checks.check("Returns one number per row of w")
def one_per_row(t):
    t.require_shape(t.call(tall), t.expected(tall), tall.call_text(), t.outcome(tall), "A layer gives one number per row of w: the dot product of that row with x.")


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson works this through row by row: row 0 gives 2 × 1 + 1 × 2.")


@checks.check("A matrix of one row is one dot product")
def single_row(t):
    t.require_close(one_row, "One row, so one number: 1 × 3 + 1 × -1 + 1 × 2.")


@checks.check("The rows keep their order")
def rows_in_order(t):
    t.require_close(identity, "Row i here is 1 at place i and 0 elsewhere, so each row picks one number of x: the answer is x itself.")
    t.require_close(square, "Row 0 gives 2 - 3, row 1 gives 5 - 7.")


@checks.check("Works for a wide matrix and decimals")
def wide_matrix(t):
    t.require_close(wide, "Two rows of four: the answer has two numbers.")


@checks.check("A matrix with no rows gives an empty list")
def empty(t):
    t.require_close(no_rows, "No rows, so no dot products: [].")


@checks.check("x and w are left as they were")
def unchanged(t):
    t.require_unchanged(tall, "Build a new list for the answer; do not change x or the rows of w.")
