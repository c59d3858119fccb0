from labkit import Checks, show

checks = Checks()

VEC = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5]
worked = checks.case("head_slice", VEC, 2, 4)
first = checks.case("head_slice", VEC, 0, 4)
last = checks.case("head_slice", VEC, 3, 4)
pairs = checks.case("head_slice", [1, 2, 3, 4, 5, 6], 1, 2)
threes = checks.case("head_slice", [1, 2, 3, 4, 5, 6, 7, 8, 9], 2, 3)
singles = checks.case("head_slice", [5, 6, 7], 1, 1)


def piece(t, case):
    """The learner's piece, failing with what came back unless it is a list of head_dim numbers."""
    got = t.call(case)
    vec, h, head_dim = case.args
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {show(t.expected(case))}. "
               "A function gives back only the value after `return`.")
    if isinstance(got, (int, float)):
        t.fail(f"{case.call_text()} returned the single number {show(got)}; expected a list of {head_dim} numbers, "
               f"{show(t.expected(case))}. vec[i] picks one item; a slice, with a colon between two positions inside the brackets, gives back a list.")
    if not isinstance(got, list):
        t.fail(f"{case.call_text()} returned {show(got)}; expected a list, {show(t.expected(case))}.")
    if got == t.expected(case):
        return
    if got == vec[h:h + head_dim] and h > 0:
        t.fail(f"{case.call_text()} returned {show(got)}, the piece that starts at position {h}; expected "
               f"{show(t.expected(case))}. Head {h} starts at {h} × {head_dim} = {h * head_dim}.")
    if h > 0 and got == vec[(h - 1) * head_dim:h * head_dim]:
        t.fail(f"{case.call_text()} returned {show(got)}, which is head {h - 1}'s piece; expected {show(t.expected(case))}. "
               "Remember that heads count from 0, like indexes.")
    if head_dim != 4 and got == vec[h * 4:(h + 1) * 4]:
        t.fail(f"{case.call_text()} returned {show(got)}, the piece for heads of 4 numbers; expected "
               f"{show(t.expected(case))}. Here head_dim is {head_dim}: use the head_dim you are given.")
    if len(got) != head_dim:
        count = f"{len(got)} number" + ("" if len(got) == 1 else "s")
        reminder = " Remember that a slice stops just before its stop index." if abs(len(got) - head_dim) == 1 else ""
        t.fail(f"{case.call_text()} returned {show(got)}: {count}; expected {head_dim}, {show(t.expected(case))}.{reminder}")
    t.require_close(case)


@checks.check("The lesson's example: head 2 of 16 numbers")
def worked_example(t):
    piece(t, worked)


@checks.check("Head 0 is the first piece")
def head_zero(t):
    piece(t, first)


@checks.check("Head 3 is the last piece")
def head_three(t):
    piece(t, last)


@checks.check("Heads of 2 numbers")
def heads_of_two(t):
    piece(t, pairs)


@checks.check("Heads of 3 numbers")
def heads_of_three(t):
    piece(t, threes)


@checks.check("Heads of 1 number give a list of one")
def heads_of_one(t):
    piece(t, singles)
