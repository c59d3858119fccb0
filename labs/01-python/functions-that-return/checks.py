from labkit import Checks, show

checks = Checks()

worked = checks.case("mean", [4, 6, 3, 8, 6])
small = checks.case("mean", [3, 5, 2])
halves = checks.case("mean", [1, 2])
single = checks.case("mean", [7])
balanced = checks.case("mean", [-1, 1])
floats = checks.case("mean", [2.5, 3.5, 0.5])
four = checks.case("mean", [10, 20, 30, 40])


def mean_of(t, case):
    """The learner's mean; fails with what came back, and a fact about it where one is certain."""
    got = t.call(case)
    xs = case.args[0]
    expected = t.expected(case)
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {show(expected)}. A function that ends without "
               "reaching `return` gives back None; print shows a value but hands nothing back.")
    t.require_shape(got, expected, case.call_text())
    if abs(got - expected) <= 1e-6 * max(1.0, abs(expected)):
        return
    facts = []
    if got == sum(xs) and len(xs) > 1:
        facts.append(f"{show(got)} is the total of the numbers; the mean divides it by how many there are, {len(xs)}.")
    elif type(got) is int and got == sum(xs) // len(xs):
        facts.append(f"{show(got)} is the mean rounded down to a whole number: `/` keeps the decimals, `//` drops them.")
    elif len(xs) != 3 and abs(got - sum(xs) / 3) < 1e-9:
        facts.append(f"{show(got)} is the total divided by 3, but this list has {len(xs)} number{'' if len(xs) == 1 else 's'}: divide by its length.")
    t.fail(f"{case.call_text()} returned {show(got)}; expected {show(expected)}. {' '.join(facts)}".strip())


@checks.check("The lesson's example: the first five names' lengths")
def worked_example(t):
    mean_of(t, worked)


@checks.check("The mean of [3, 5, 2]")
def small_list(t):
    mean_of(t, small)


@checks.check("Keeps the decimals")
def keeps_decimals(t):
    mean_of(t, halves)


@checks.check("A list of one number")
def one_number(t):
    mean_of(t, single)


@checks.check("Negative numbers")
def negatives(t):
    mean_of(t, balanced)


@checks.check("Numbers with decimals")
def decimal_numbers(t):
    mean_of(t, floats)


@checks.check("A list of four")
def list_of_four(t):
    mean_of(t, four)


@checks.check("The same answer every time")
def starts_again(t):
    # Called afresh twice (t.call keeps one answer per case): a total kept between calls shows.
    first = t.call_with(small.function, *small.args, text=small.call_text())
    second = t.call_with(small.function, *small.args, text=small.call_text())
    if first != second:
        t.fail(f"{small.call_text()} returned {show(first)} the first time and {show(second)} the second. "
               "Each call must start its total again at 0, so the total has to start inside the function.")
