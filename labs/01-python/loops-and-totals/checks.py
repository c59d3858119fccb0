from labkit import Checks

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


# --- known mistakes: each is said only when it gives exactly what the learner's count_letter gave ---


@checks.mistake("count_letter", "That is exactly one more than the count: the count starts at 1. Start it at 0, so that no letters found gives 0.")
def starts_at_one(names, letter):
    return 1 + sum(name.count(letter) for name in names)


@checks.mistake("count_letter", "That is exactly the count of the letter 'a', whatever letter is asked for: compare each letter with `letter`, the letter you are given.")
def counts_a_only(names, letter):
    return sum(name.count("a") for name in names)


@checks.mistake("count_letter", "That is exactly how many the last name holds on its own: the count goes back to 0 for every name. Set it to 0 once, before the loop over the names.")
def last_name_only(names, letter):
    for name in names:
        count = 0  # with no names, never set: the same error as the learner's
        count = count + name.count(letter)
    return count


@checks.mistake("count_letter", "That is exactly how many the first name holds on its own: the `return` line is inside the loop over the names, so the function stops after the first. Put `return` after both loops, indented only once.")
def first_name_only(names, letter):
    for name in names:
        return name.count(letter)  # with no names, the function ends without a return: None


@checks.mistake("count_letter", "That is exactly how many names hold the letter: a name that holds it twice counts once. Count every letter of every name that equals `letter`.")
def counts_names(names, letter):
    return sum(1 for name in names if letter in name)


@checks.mistake("count_letter", "That is exactly the number of letters in all the names, every letter counted: add 1 only when a letter equals `letter`. (If the inner loop's variable is called `letter` too, it replaces the letter you were given.)")
def every_letter(names, letter):
    return sum(len(name) for name in names)


# --- checks ---


@checks.check("The lesson's example: the a's in emma, ava and mia")
def worked_example(t):
    t.require_close(worked, "emma holds one a, ava two and mia one.")


@checks.check("Adds up across all the names")
def adds_up_every_name(t):
    t.require_close(across, "anastasia holds four a's, ava two, bob none and hannah two.")


@checks.check("Counts the letter it is given")
def other_letter(t):
    t.require_close(ems, "Here the letter is 'm': emma holds two m's, ava none and mia one.")


@checks.check("A letter twice in one name counts twice")
def counted_twice(t):
    t.require_close(twice_in_one, "'anna' holds two n's, and each one counts.")


@checks.check("A letter no name holds")
def letter_not_there(t):
    t.require_close(missing, "No name here holds a 'z', so the count stays at 0.")


@checks.check("No names at all")
def empty_list(t):
    t.require_close(no_names, "With no names, the loop has nothing to go through, and the count stays at 0.")


@checks.check("The data's first ten names")
def ten_names(t):
    t.require_close(first_ten)


@checks.check("The same answer every time")
def starts_again(t):
    # Called afresh twice (t.call keeps one answer per case): a total kept between calls shows.
    first = t.call_with(worked.function, *worked.args, text=worked.call_text())
    second = t.call_with(worked.function, *worked.args, text=worked.call_text())
    if not t.close(second, first):
        first_text, second_text, _ = t.apart(first, second)
        t.fail(f"{worked.call_text()} returned {first_text} the first time and {second_text} the second. "
               "Called twice with the same names, count_letter must give the same answer: the count is kept "
               "from one call to the next. Start it at 0 inside the function.")
