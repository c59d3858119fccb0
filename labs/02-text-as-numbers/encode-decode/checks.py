from labkit import Checks, show

checks = Checks()

emma = checks.case("encode", "emma")
edges = checks.case("encode", "abz")
single = checks.case("encode", "q")
second = checks.case("decode", [26, 14, 11, 8, 21, 8, 0, 26])
only_bos = checks.case("decode", [26, 0, 26])
no_bos = checks.case("decode", [25, 14, 4])

ROUND_TRIP = ["emma", "zoe", "muhammadibrahim", "a"]


def encoded(t, case):
    """The learner's encoding for `case`, failing unless it is a list of whole numbers."""
    got = t.call(case)
    expected = t.expected(case)
    if not isinstance(got, list) or not all(type(token) is int for token in got):
        t.fail(f"{case.call_text()} returned {show(got)}; expected a list of whole numbers, {show(expected)}.")
    return got, expected


def decoded(t, case):
    got = t.call(case)
    expected = t.expected(case)
    if not isinstance(got, str):
        t.fail(f"{case.call_text()} returned {show(got)}, a {type(got).__name__}; expected a string, {show(expected)}.")
    if got != expected:
        t.fail(f"{case.call_text()} returned {show(got)}; expected {show(expected)}.")


@checks.check("encode returns a list of token ids")
def encode_returns_a_list(t):
    encoded(t, emma)


@checks.check("encode(\"emma\"), from the lesson")
def worked_example(t):
    got, expected = encoded(t, emma)
    if got != expected:
        t.fail(f"{emma.call_text()} returned {show(got)}; expected {show(expected)}.")


@checks.check("BOS at the start and at the end")
def bos_at_both_ends(t):
    got, expected = encoded(t, single)
    call = single.call_text()
    bos = expected[0]
    if not got:
        t.fail(f"{call} returned an empty list; expected {show(expected)}.")
    if got[0] != bos:
        t.fail(f"{call} returned {show(got)}, which starts with {got[0]}; expected it to start with BOS, {bos}: {show(expected)}.")
    if got[-1] != bos:
        t.fail(f"{call} returned {show(got)}, which ends with {got[-1]}; expected it to end with BOS, {bos}, as well: {show(expected)}.")
    if len(got) != len(expected):
        t.fail(f"{call} returned {len(got)} ids, {show(got)}; expected {len(expected)}, {show(expected)}.")


@checks.check("Each letter's id is its place in chars, from 0")
def letter_ids(t):
    got, expected = encoded(t, edges)
    call = edges.call_text()
    if got == expected:
        return
    inner_got, inner_expected = got[1:-1], expected[1:-1]
    if len(inner_got) == len(inner_expected) and all(g == e + 1 for g, e in zip(inner_got, inner_expected)):
        t.fail(f"{call} returned {show(got)}: every letter's id is one more than expected, {show(expected)}. \"a\" is token 0.")
    t.fail(f"{call} returned {show(got)}; expected {show(expected)}.")


@checks.check("decode gives back the lesson's second name")
def decode_worked(t):
    decoded(t, second)


@checks.check("decode leaves out BOS")
def decode_drops_bos(t):
    decoded(t, only_bos)
    decoded(t, no_bos)


@checks.check("decode(encode(name)) gives back the name")
def round_trip(t):
    for name in ROUND_TRIP:
        tokens = t.call_with("encode", name)
        back = t.call_with("decode", tokens, text=f"decode({show(tokens)})")
        if back != name:
            t.fail(f"encode({name!r}) returned {show(tokens)}, and decode of that returned {show(back)}; expected {name!r} back.")
