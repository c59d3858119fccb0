import itertools

from labkit import Checks

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
sixteen = checks.case(
    "linear", X16, W16, shown_as="linear(x, w), with x of 16 numbers and w of 16 rows of 16 numbers (the size of microgpt's wq)"
)
lesson_qkv = checks.case("project", X, WQ, WK, WV)
other_qkv = checks.case("project", OTHER_X, OTHER_WQ, OTHER_WK, OTHER_WV)

ONE_PER_ROW = "linear makes one dot product for each row of w, in the order of the rows."


# --- known mistakes in linear: each is said only when it gives exactly what the learner's linear gave ---


def dot(a, b):
    return sum(p * r for p, r in zip(a, b))


@checks.mistake("linear", "That one number is exactly every product of the whole matrix added together. " + ONE_PER_ROW)
def whole_matrix(x, w):
    return sum(dot(row, x) for row in w)


@checks.mistake(
    "linear",
    "That is exactly each row's products kept as a list, not added up. A dot product is one number: the sum of the products.",
)
def products_not_added(x, w):
    return [[a * b for a, b in zip(row, x)] for row in w]


@checks.mistake(
    "linear",
    "That is exactly the first row's dot product alone: the function returned after the first pass of the loop. "
    "Is your return inside the for loop? Then it ends the function after the first row.",
)
def first_row_only(x, w):
    return [dot(w[0], x)]


@checks.mistake(
    "linear",
    "That is exactly what the columns of w give instead of its rows. Each number of the answer comes from one "
    "row of w times x.",
)
def columns(x, w):
    return [dot(column, x) for column in zip(*w)]


# --- known mistakes in project, computed with the learner's own linear ---

NAMES = ("q", "k", "v")
MATRICES = ("wq", "wk", "wv")


def project_mistake(order):
    """project with matrix `order[i]` used for output i; its diagnosis says which went where."""
    if sorted(order) == [0, 1, 2]:
        returned = ", ".join(NAMES[i] for i in order)
        says = (
            f"That is exactly the right three vectors in the wrong order: {returned}. "
            "project returns them as q, k, v."
        )
    else:
        wrong = [f"{NAMES[slot]} with {MATRICES[used]}" for slot, used in enumerate(order) if slot != used]
        says = (
            f"That is exactly what you get when you make {' and '.join(wrong)}: each of q, k and v needs "
            "its own matrix."
        )

    @checks.mistake("project", says, uses=["linear"])
    def mixed_up(x, wq, wk, wv, linear):
        matrices = (wq, wk, wv)
        return [linear(x, matrices[used]) for used in order]

    return mixed_up


for order in itertools.product(range(3), repeat=3):
    if order != (0, 1, 2):
        project_mistake(order)


@checks.mistake(
    "project",
    "That is exactly what your linear gives for wq, wk and wv, so project does the right steps: "
    "it is linear that needs fixing (see its checks).",
    uses=["linear"],
)
def with_your_linear(x, wq, wk, wv, linear):
    return [linear(x, wq), linear(x, wk), linear(x, wv)]


# --- checks ---


@checks.check("linear returns one number for each row of w")
def one_number_per_row(t):
    for case in (lesson_q, tall):
        x, w = case.args
        t.require_shape(t.call(case), t.expected(case), case.call_text(), t.outcome(case), f"There is one number for each of the {len(w)} rows of w. {ONE_PER_ROW}")


@checks.check("linear: the query from the lesson")
def lesson_query(t):
    t.require_close(lesson_q, "Row 0 of wq is [1, 0, 1, 0]: 1×2 + 0×1 + 1×0 + 0×(-1) = 2. Row 1 gives the second number.")


@checks.check("linear uses the rows of w, not its columns")
def rows_not_columns(t):
    t.require_close(square, "Row 0 of w is [1, 3], so the first number is 1×1 + 3×2; row 1 is [0, 2].")


@checks.check("linear works for a 16 by 16 matrix, like microgpt's")
def microgpt_sized(t):
    t.require_close(sixteen, ONE_PER_ROW)


@checks.check("project returns q, k and v: three lists")
def returns_three(t):
    got = t.call(lesson_qkv)
    expected = t.expected(lesson_qkv)
    text = lesson_qkv.call_text()
    wanted = len(expected[0])
    t.require_shape(got, expected, text, t.outcome(lesson_qkv), f"project gives back three lists, q, k and v, each with one number per row of its matrix ({wanted} here).")


@checks.check("project uses wq for q, wk for k and wv for v")
def right_matrices(t):
    t.require_close(other_qkv, "Here wq, wk and wv are all different, so q, k and v are three different vectors.")


@checks.check("project: the lesson's query, key and value")
def lesson_project(t):
    t.require_close(lesson_qkv, "Compare your q, k and v with the lesson's, one row at a time.")
