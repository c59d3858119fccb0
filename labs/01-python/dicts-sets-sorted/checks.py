from labkit import CheckFailed, Checks, show

checks = Checks()

FIVE = ["emma", "olivia", "ava", "isabella", "sophia"]

worked_counts = checks.case("letter_counts", "emma")
anna = checks.case("letter_counts", "anna")
isabella = checks.case("letter_counts", "isabella")
no_text = checks.case("letter_counts", "")
worked_letters = checks.case("unique_letters", FIVE)
two_names = checks.case("unique_letters", ["bob", "ann"])
out_of_order = checks.case("unique_letters", ["zoe", "amy"])
no_names = checks.case("unique_letters", [])


def show_dict(value):
    """A dict the way the learner would write it, keys in alphabetical order."""
    return "{" + ", ".join(f"{show(key)}: {show(value[key])}" for key in sorted(value)) + "}"


def shown(value):
    return show_dict(value) if isinstance(value, dict) else show(value)


def result_of(t, case):
    """The learner's result, failing plainly on None and on a set."""
    try:
        got = t.call(case)
    except CheckFailed as failure:
        if "it is a set" in str(failure):
            t.fail(f"{case.call_text()} returned a set; expected a list, {shown(t.expected(case))}. "
                   "sorted(...) gives back a list, in order.")
        raise
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {shown(t.expected(case))}. A function that ends "
               "without reaching `return` gives back None; print shows a value but hands nothing back.")
    return got


def counts_of(t, case):
    got = result_of(t, case)
    expected = t.expected(case)
    if got == expected:
        return
    if not isinstance(got, dict):
        t.fail(f"{case.call_text()} returned {shown(got)}; expected a dict, {shown(expected)}.")
    fact = ""
    if got and set(got) == set(expected) and all(count == 1 for count in got.values()):
        fact = " Every letter has a count of 1: a letter's count must grow each time it comes again."
    t.fail(f"{case.call_text()} returned {shown(got)}; expected {shown(expected)}.{fact}")


def letters_of(t, case):
    got = result_of(t, case)
    expected = t.expected(case)
    names = case.args[0]
    if got == expected:
        return
    fact = ""
    if got == sorted(letter for name in names for letter in name):
        fact = " Each letter appears there as often as in the names; a set keeps each only once."
    elif got == sorted(set(names)):
        fact = " That is the names themselves; the answer lists their letters."
    elif isinstance(got, list) and sorted(got) == expected:
        fact = " Those are the right letters, but not in alphabetical order."
    t.fail(f"{case.call_text()} returned {shown(got)}; expected {shown(expected)}.{fact}")


@checks.check("letter_counts: the lesson's example, emma")
def counts_worked(t):
    counts_of(t, worked_counts)


@checks.check("letter_counts: letters that come twice")
def counts_twice(t):
    counts_of(t, anna)


@checks.check("letter_counts: a longer name")
def counts_longer(t):
    counts_of(t, isabella)


@checks.check("letter_counts: empty text")
def counts_empty(t):
    counts_of(t, no_text)


@checks.check("unique_letters: the data's first five names")
def letters_worked(t):
    letters_of(t, worked_letters)


@checks.check("unique_letters: each letter once")
def letters_once(t):
    letters_of(t, two_names)


@checks.check("unique_letters: in alphabetical order")
def letters_sorted(t):
    letters_of(t, out_of_order)


@checks.check("unique_letters: no names")
def letters_empty(t):
    letters_of(t, no_names)
