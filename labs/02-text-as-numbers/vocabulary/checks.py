from labkit import Checks, show

checks = Checks()

three_names = checks.case("build_vocab", ["emma", "olivia", "ava"])
one_name = checks.case("build_vocab", ["zoe"])
backwards = checks.case("build_vocab", ["zack", "yara", "bo"])
repeats = checks.case("build_vocab", ["anna", "hannah"])
alphabet = checks.case("build_vocab", ["abcdefghijklm", "nopqrstuvwxyz", "emma"])
no_names = checks.case("build_vocab", [])


def vocab_of(t, case):
    """The learner's result for `case`, failing when it is not a list."""
    got = t.call(case)
    expected = t.expected(case)
    if not isinstance(got, list):
        t.fail(f"{case.call_text()} returned {show(got)}, a {type(got).__name__}; expected a list of characters, {show(expected)}.")
    return got, expected


def compare(t, case):
    """Fail with what differs between the learner's characters and the expected ones."""
    got, expected = vocab_of(t, case)
    if got == expected:
        return
    call = case.call_text()
    repeated = sorted({char for char in got if got.count(char) > 1})
    if repeated:
        t.fail(f"{call} returned {show(got)}, where {show(repeated[0])} appears {got.count(repeated[0])} times; expected each character once: {show(expected)}.")
    missing = [char for char in expected if char not in got]
    if missing:
        t.fail(f"{call} returned {show(got)}, which is missing {', '.join(show(char) for char in missing)}; expected {show(expected)}.")
    extra = [char for char in got if char not in expected]
    if extra:
        t.fail(f"{call} returned {show(got)}, which holds {show(extra[0])}, a character no name uses; expected {show(expected)}.")
    t.fail(f"{call} returned {show(got)}: the right characters in another order. Expected them sorted from \"a\" to \"z\": {show(expected)}.")


@checks.check("Returns a list")
def returns_a_list(t):
    vocab_of(t, three_names)


@checks.check("The lesson's three names")
def worked_example(t):
    compare(t, three_names)


@checks.check("Each character once")
def each_once(t):
    compare(t, repeats)


@checks.check("Sorted from a to z")
def sorted_a_to_z(t):
    compare(t, backwards)


@checks.check("Letters from every name, not just the first")
def every_name(t):
    compare(t, alphabet)


@checks.check("One name, and no names at all")
def small_lists(t):
    compare(t, one_name)
    compare(t, no_names)


@checks.check("The whole alphabet: BOS comes right after the last letter")
def bos_after_the_letters(t):
    got, expected = vocab_of(t, alphabet)
    if len(got) != len(expected):
        t.fail(f"{alphabet.call_text()} returned {len(got)} characters, so BOS, the next token id, would be {len(got)}; expected {len(expected)} characters and BOS {len(expected)}.")
