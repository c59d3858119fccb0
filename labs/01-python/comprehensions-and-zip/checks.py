from labkit import Checks, show

checks = Checks()

TOKEN = [0.5, -1.0, 2.0, 0.25]
POSITION = [0.1, 0.2, -0.5, 1.0]

worked_sum = checks.case("add_vectors", TOKEN, POSITION)
tens = checks.case("add_vectors", [1, 2, 3], [10, 20, 30])
cancel = checks.case("add_vectors", [5], [-5])
no_numbers = checks.case("add_vectors", [], [])
worked_scale = checks.case("scale", TOKEN, 0.5)
triple = checks.case("scale", [1, 2, 3], 3)
by_zero = checks.case("scale", [4, -2], 0)
scale_nothing = checks.case("scale", [], 2)


def facts_about(case, got):
    """What the learner's list is, when it equals what a known slip gives; else nothing."""
    if case.function == "add_vectors":
        a, b = case.args
        if got == a + b and a:
            return "That is the two lists joined one after the other: + on two lists joins them."
        if got == [x + y for x in a for y in b] and len(a) > 1:
            return ("That adds every number of a to every number of b. zip pairs each number only "
                    "with the one at the same position.")
    else:
        v, s = case.args
        if type(s) is int and got == v * s and v:
            return f"That is the list repeated {s} times: multiplying a list by a whole number repeats it."
        if got == [x + s for x in v] and s != 0:
            return f"That adds {show(s)} to each number instead of multiplying by it."
    return ""


def vector_of(t, case):
    got = t.call(case)
    expected = t.expected(case)
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {show(expected)}. A function that ends without "
               "reaching `return` gives back None; print shows a value but hands nothing back.")
    if isinstance(got, list) and not (len(got) == len(expected) and all(type(x) in (int, float) for x in got)):
        count = f"{len(got)} item" + ("" if len(got) == 1 else "s")
        t.fail(f"{case.call_text()} returned {show(got)}: {count}; expected {len(expected)}, "
               f"{show(expected)}. {facts_about(case, got)}".strip())
    t.require_shape(got, expected, case.call_text())
    if got != expected and not all(abs(x - y) <= 1e-9 for x, y in zip(got, expected)):
        t.fail(f"{case.call_text()} returned {show(got)}; expected {show(expected)}. {facts_about(case, got)}".strip())


@checks.check("add_vectors: the lesson's letter and position")
def add_worked(t):
    vector_of(t, worked_sum)


@checks.check("add_vectors: whole numbers")
def add_whole(t):
    vector_of(t, tens)


@checks.check("add_vectors: one number each")
def add_one(t):
    vector_of(t, cancel)


@checks.check("add_vectors: two empty vectors")
def add_empty(t):
    vector_of(t, no_numbers)


@checks.check("scale: the lesson's letter, by 0.5")
def scale_worked(t):
    vector_of(t, worked_scale)


@checks.check("scale: by a whole number")
def scale_whole(t):
    vector_of(t, triple)


@checks.check("scale: by 0")
def scale_zero(t):
    vector_of(t, by_zero)


@checks.check("scale: an empty vector")
def scale_empty(t):
    vector_of(t, scale_nothing)
