from labkit import Checks

checks = Checks()

FIRST = 3.3659669475848504  # the course's first-step loss (seed 42, the first name)
worked = checks.case("agrees_to", FIRST, 3.366, 4, shown_as="agrees_to(3.3659669475848504, 3.366, 4)")
six = checks.case("agrees_to", FIRST, 3.366, 6, shown_as="agrees_to(3.3659669475848504, 3.366, 6)")
same = checks.case("agrees_to", 2.5, 2.5, 4)
swapped = checks.case("agrees_to", 3.366, FIRST, 4, shown_as="agrees_to(3.366, 3.3659669475848504, 4)")
off = checks.case("agrees_to", FIRST, 3.3671, 4, shown_as="agrees_to(3.3659669475848504, 3.3671, 4)")
near = checks.case("agrees_to", 3.36544, 3.36546, 4)
near_again = checks.case("agrees_to", 3.36541, 3.36547, 4)
two_places = checks.case("agrees_to", 2.7101, 2.7149, 2)

ALL = [worked, six, same, swapped, off, near, near_again, two_places]


# --- known mistakes: each is said only when it gives exactly what the learner's agrees_to gave ---


@checks.mistake("agrees_to", "That is exactly what ours == reference gives, with no rounding: two losses that agree to 4 decimals can still differ in the 7th. Round each one first.")
def exact(ours, reference, decimals):
    return ours == reference


@checks.mistake("agrees_to", "That is exactly what you get when only ours is rounded: round reference to the same number of places too, then compare.")
def rounds_only_ours(ours, reference, decimals):
    return round(ours, decimals) == reference


@checks.mistake("agrees_to", "That is exactly what you get when only reference is rounded: round ours to the same number of places too, then compare.")
def rounds_only_reference(ours, reference, decimals):
    return ours == round(reference, decimals)


@checks.mistake("agrees_to", "That is exactly what you get by always rounding to 4 places: use decimals, the number you are given.")
def always_four(ours, reference, decimals):
    return round(ours, 4) == round(reference, 4)


@checks.mistake("agrees_to", "That is exactly a test of whether the two are less than 10 ** -decimals apart. Two numbers can be that close and still round differently (3.36544 rounds to 3.3654, 3.36546 to 3.3655): round each one, then compare.")
def within_tolerance(ours, reference, decimals):
    return abs(ours - reference) < 10 ** -decimals


@checks.mistake("agrees_to", "That is exactly what rounding the difference gives: round(ours - reference, decimals) == 0. Round each loss on its own, then compare the two rounded numbers.")
def rounds_difference(ours, reference, decimals):
    return round(ours - reference, decimals) == 0


# --- checks ---


def answer(t, case):
    got = t.call(case)
    if not isinstance(got, bool):
        t.require_shape(got, t.expected(case), case.call_text(), t.outcome(case), "Compare the two rounded numbers with ==, and return what == gives: True or False.")
    return got


def compare(t, case, hint):
    answer(t, case)
    t.require_close(case, hint)


@checks.check("Returns True or False")
def returns_a_bool(t):
    answer(t, worked)


@checks.check("The page's first-step check, from the lesson")
def worked_example(t):
    compare(t, worked, "Rounded to 4 places, 3.3659669475848504 is 3.366, and so is 3.366: they agree.")


@checks.check("Rounds both losses")
def rounds_both(t):
    compare(t, swapped, "The same two numbers the other way round: rounded to 4 places, both are 3.366.")
    compare(t, same, "Two equal losses agree at any number of places.")


@checks.check("Says no when the losses differ")
def differs(t):
    compare(t, off, "Rounded to 4 places these are 3.366 and 3.3671: they differ.")
    compare(t, six, "Rounded to 6 places these are 3.365967 and 3.366: they differ.")


@checks.check("Rounds, rather than measuring the distance")
def rounds_not_distance(t):
    compare(t, near, "Rounded to 4 places, 3.36544 is 3.3654 and 3.36546 is 3.3655: they differ, although they are very close.")
    compare(t, near_again, "Rounded to 4 places, 3.36541 is 3.3654 and 3.36547 is 3.3655: they differ.")


@checks.check("Uses the number of decimals it is given")
def uses_decimals(t):
    compare(t, two_places, "Here decimals is 2: rounded to 2 places, both 2.7101 and 2.7149 are 2.71.")
