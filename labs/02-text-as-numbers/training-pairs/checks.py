from labkit import Checks, show
from labkit.guard import protected

checks = Checks()

emma = checks.case("pairs", [26, 4, 12, 12, 0, 26])
short = checks.case("pairs", [26, 0, 26])
two = checks.case("pairs", [26, 26])
one = checks.case("pairs", [26])
long_name = checks.case("pairs", [26, 12, 20, 7, 0, 12, 12, 0, 3, 8, 1, 17, 0, 7, 8, 12, 26])


def pair_list(t, case):
    """The learner's pairs for `case` as [a, b] lists, failing when they are not a list of pairs."""
    got = t.call(case)
    expected = t.expected(case)
    call = case.call_text()
    if not isinstance(got, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in got):
        t.fail(f"{call} returned {show(got)}; expected a list of pairs of two tokens, {show(expected)}.")
    return got, expected, call


def counted(number):
    return f"{number} pair" if number == 1 else f"{number} pairs"


def compare(t, case):
    got, expected, call = pair_list(t, case)
    if got == expected:
        return
    if not got:
        t.fail(f"{call} returned no pairs; expected {len(expected)}: {show(expected)}.")
    if len(got) == len(expected) and got == [[b, a] for a, b in expected]:
        t.fail(f"{call} returned {show(got)}: each pair has its two tokens the other way round. Expected the token first and the one after it second: {show(expected)}.")
    if len(got) < len(expected) and got == expected[: len(got)]:
        missing = expected[len(got):]
        t.fail(f"{call} returned {counted(len(got))}; expected {len(expected)}. The last {'pair is' if len(missing) == 1 else f'{len(missing)} pairs are'} missing: {show(missing)}.")
    if len(got) > len(expected):
        t.fail(f"{call} returned {counted(len(got))}, {show(got)}; expected {len(expected)}, one fewer than the {len(case.args[0])} tokens: {show(expected)}.")
    missing = [pair for pair in expected if pair not in got]
    if missing:
        t.fail(f"{call} returned {show(got)}, which lacks the pair {show(missing[0])}; expected {show(expected)}: every token but the last starts a pair, so the pairs overlap.")
    t.fail(f"{call} returned {show(got)}; expected {show(expected)}.")


@checks.check("Returns a list of pairs")
def returns_pairs(t):
    pair_list(t, emma)


@checks.check("The pairs of \"emma\", from the lesson")
def worked_example(t):
    compare(t, emma)


@checks.check("One pair fewer than tokens, the last pair included")
def counts(t):
    compare(t, short)
    compare(t, long_name)


@checks.check("Two tokens make one pair; one token makes none")
def tiny(t):
    compare(t, two)
    compare(t, one)


@checks.check("Leaves the list it is given as it was")
def leaves_tokens_alone(t):
    tokens = [26, 4, 12, 12, 0, 26]
    before = list(tokens)
    t.call_with("pairs", tokens)  # a function that raises fails here, with its error
    learner_pairs = t.function("pairs")
    try:
        with protected():
            learner_pairs(tokens)  # this time on the list itself, to see what the call leaves of it
    except Exception:
        t.fail(f"pairs({show(before)}) raised an error on its second call.")
    if tokens != before:
        t.fail(f"pairs({show(before)}) changed the list it was given: afterwards it held {show(tokens)}. Expected the list to stay {show(before)}.")
