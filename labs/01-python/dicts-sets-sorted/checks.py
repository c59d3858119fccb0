from labkit import CheckFailed, Checks

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


# --- known mistakes: each is said only when it gives exactly what the learner's function gave ---


@checks.mistake("letter_counts", "That is exactly every letter with a count of 1: the count is set to 1 each time a letter comes, instead of growing by one. Add one to what the dict already holds for the letter.")
def always_one(text):
    return {letter: 1 for letter in text}


@checks.mistake("unique_letters", "That is exactly every letter of every name, sorted, repeats and all: a list keeps each letter as often as it comes. Put the letters into a set, which keeps each only once.")
def keeps_repeats(names):
    return sorted(letter for name in names for letter in name)


@checks.mistake("unique_letters", "That is exactly the names themselves, each once and sorted: the answer lists the letters inside the names. Go through every letter of every name.")
def the_names(names):
    return sorted(set(names))


# --- checks ---


def unique_letters_of(t, case, hint):
    """The usual check, with what a set or a list of other letters is said in plain words."""
    try:
        got = t.call(case)
    except CheckFailed as failure:
        if "it is a set" in str(failure):
            t.fail(f"{case.call_text()} returned a set, not a list. sorted(...) of a set gives back a list, in order.")
        raise
    if isinstance(got, list) and all(isinstance(letter, str) for letter in got) and sorted(got) == t.expected(case) and got != t.expected(case):
        hint = "Those are the right letters, each once, but not in alphabetical order."
    t.require_close(case, hint)


@checks.check("letter_counts: the lesson's example, emma")
def counts_worked(t):
    t.require_close(worked_counts, "emma holds one e, two m's and one a.")


@checks.check("letter_counts: letters that come twice")
def counts_twice(t):
    t.require_close(anna, "anna holds two a's and two n's: a letter's count grows each time it comes again.")


@checks.check("letter_counts: a longer name")
def counts_longer(t):
    t.require_close(isabella, "isabella holds six different letters; a and l come twice.")


@checks.check("letter_counts: empty text")
def counts_empty(t):
    t.require_close(no_text, "Empty text has no letters, so its dict is empty: {}.")


@checks.check("unique_letters: the data's first five names")
def letters_worked(t):
    unique_letters_of(t, worked_letters, "The lesson lists the letters of these five names.")


@checks.check("unique_letters: each letter once")
def letters_once(t):
    unique_letters_of(t, two_names, "bob and ann use the letters a, b, n and o, each once however often it comes.")


@checks.check("unique_letters: in alphabetical order")
def letters_sorted(t):
    unique_letters_of(t, out_of_order, "The letters of zoe and amy, from a to z.")


@checks.check("unique_letters: no names")
def letters_empty(t):
    unique_letters_of(t, no_names, "No names use no letters: the answer is the empty list.")
