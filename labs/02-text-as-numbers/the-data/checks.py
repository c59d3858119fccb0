from labkit import Checks, show

checks = Checks()

top_of_file = checks.case("load_names", "emma\nolivia\nava\nisabella\nsophia\n")
no_last_newline = checks.case("load_names", "jo\nbo")
blank_lines = checks.case("load_names", "ava\n\nmia\n\n\nzoe\n")
windows = checks.case("load_names", "emma\r\nava\r\n")
spaces = checks.case("load_names", "  liam \nnoah\t\n")
repeated = checks.case("load_names", "ava\nemma\nava\nabe\n")
empty = checks.case("load_names", "")


def names_check(t, case):
    """The learner's result for `case`, failing with what differs from the expected names."""
    got = t.call(case)
    expected = t.expected(case)
    call = case.call_text()
    if not isinstance(got, list):
        t.fail(f"{call} returned {show(got)}, a {type(got).__name__}; expected a list of names, {show(expected)}.")
    return got, expected, call


@checks.check("Returns a list of names")
def returns_a_list(t):
    names_check(t, top_of_file)


@checks.check("The top of names.txt, from the lesson")
def worked_example(t):
    got, expected, call = names_check(t, top_of_file)
    with_newline = [name for name in got if isinstance(name, str) and "\n" in name]
    if with_newline:
        t.fail(f"{call} returned {show(got)}: the name {show(with_newline[0])} still holds a newline, so the text was not cut at every \"\\n\". Expected {show(expected)}.")
    if 0 < len(got) < len(expected) and got == expected[: len(got)]:
        t.fail(f"{call} returned {show(got)}, which stops after {len(got)} of the {len(expected)} names; expected {show(expected)}.")
    if got != expected:
        t.fail(f"{call} returned {show(got)}; expected {show(expected)}.")


@checks.check("No empty name when the text ends with a newline")
def last_newline(t):
    got, expected, call = names_check(t, top_of_file)
    if "" in got:
        t.fail(f"{call} returned {show(got)}, which holds an empty name ''. Expected {show(expected)}: a line with nothing on it is not a name.")


@checks.check("Blank lines are skipped")
def skips_blank_lines(t):
    got, expected, call = names_check(t, blank_lines)
    if got != expected:
        empties = sum(1 for name in got if name == "")
        said = f" It holds {empties} empty name{'s' if empties != 1 else ''}." if empties else ""
        t.fail(f"{call} returned {show(got)}; expected {show(expected)}.{said}")


@checks.check("Works without a newline at the end")
def no_newline_at_end(t):
    got, expected, call = names_check(t, no_last_newline)
    if got != expected:
        t.fail(f"{call} returned {show(got)}; expected {show(expected)}.")


@checks.check("Spaces and Windows line ends are stripped")
def strips_each_name(t):
    for case in (windows, spaces):
        got, expected, call = names_check(t, case)
        if got != expected:
            unstripped = [name for name in got if isinstance(name, str) and name != name.strip()]
            said = f" {show(unstripped[0])} still has spaces or line-end characters at an end: .strip() removes them." if unstripped else ""
            t.fail(f"{call} returned {show(got)}; expected {show(expected)}.{said}")


@checks.check("Keeps the file's order, and a name that appears twice")
def keeps_order_and_repeats(t):
    got, expected, call = names_check(t, repeated)
    if got != expected:
        if len(got) < len(expected):
            t.fail(f"{call} returned {len(got)} names, {show(got)}; expected {len(expected)}, {show(expected)}: \"ava\" is on two lines, so it is in the list twice.")
        if sorted(got) == sorted(expected):
            t.fail(f"{call} returned {show(got)}; expected {show(expected)}: the same names in another order. Keep them in the order of the file.")
        t.fail(f"{call} returned {show(got)}; expected {show(expected)}.")


@checks.check("An empty text holds no names")
def empty_text(t):
    got, expected, call = names_check(t, empty)
    if got != expected:
        t.fail(f"{call} returned {show(got)}; expected {show(expected)}, an empty list.")
