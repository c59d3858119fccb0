from labkit import Checks, show

checks = Checks()

THREE = ["emma", "ava", "mia"]
TEN = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia", "harper", "evelyn"]

worked = checks.case("count_letter", THREE, "a")
ems = checks.case("count_letter", THREE, "m")
twice_in_one = checks.case("count_letter", ["anna"], "n")
missing = checks.case("count_letter", ["bob", "tom"], "z")
no_names = checks.case("count_letter", [], "a")
first_ten = checks.case("count_letter", TEN, "e")
# 4, 2, 0 and 2 a's: the first name's, the last name's, the number of names holding one (3)
# and the number of letters (21) all differ from the total, 8.
across = checks.case("count_letter", ["anastasia", "ava", "bob", "hannah"], "a")


def count_of(t, case):
    """The learner's count; fails with what came back, and a fact about it where one is certain."""
    got = t.call(case)
    names, letter = case.args
    expected = t.expected(case)
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {expected}. A function that ends without reaching "
               "`return` gives back None; print shows a value but hands nothing back.")
    if got == expected:
        return
    facts = []
    if case is across:
        # This case's names hold different counts, so each wrong total below has one cause.
        if got == names[-1].count(letter):
            facts.append(f"{show(got)} is how many the last name, {show(names[-1])}, holds on its own.")
        if got == names[0].count(letter):
            facts.append(f"{show(got)} is how many the first name, {show(names[0])}, holds on its own.")
    if got == sum(len(name) for name in names) and names:
        facts.append(f"{show(got)} is the number of letters in all the names, every letter counted.")
    if letter != "a" and got == sum(name.count("a") for name in names):
        facts.append(f"{show(got)} is the count of 'a', not of {show(letter)}: count the letter you are given.")
    t.fail(f"{case.call_text()} returned {show(got)}; expected {show(expected)}. {' '.join(facts)}".strip())


@checks.check("The lesson's example: the a's in emma, ava and mia")
def worked_example(t):
    count_of(t, worked)


@checks.check("Adds up across all the names")
def adds_up_every_name(t):
    count_of(t, across)


@checks.check("Counts the letter it is given")
def other_letter(t):
    count_of(t, ems)


@checks.check("A letter twice in one name counts twice")
def counted_twice(t):
    got = t.call(twice_in_one)
    if got == 1:
        t.fail(f"{twice_in_one.call_text()} returned 1; expected 2: 'anna' holds two n's, and each one counts.")
    count_of(t, twice_in_one)


@checks.check("A letter no name holds")
def letter_not_there(t):
    count_of(t, missing)


@checks.check("No names at all")
def empty_list(t):
    count_of(t, no_names)


@checks.check("The data's first ten names")
def ten_names(t):
    count_of(t, first_ten)


@checks.check("The same answer every time")
def starts_again(t):
    # Called afresh twice (t.call keeps one answer per case): a total kept between calls shows.
    first = t.call_with(worked.function, *worked.args, text=worked.call_text())
    second = t.call_with(worked.function, *worked.args, text=worked.call_text())
    if first != second:
        t.fail(f"{worked.call_text()} returned {show(first)} the first time and {show(second)} the second. "
               "Each call must start again at 0, so the count has to start inside the function.")
