from labkit import Checks

checks = Checks()

# The lab's ten names (the lesson lists them), and the six of them that are in the data.
DRAWN = ["kana", "keelan", "alilan", "ariel", "cairi", "mayan", "kenia", "akalen", "danyli", "man"]
IN_DATA = ["kana", "keelan", "ariel", "mayan", "kenia", "man"]
worked = checks.case("share_new", DRAWN, IN_DATA, shown_as="share_new(samples, known) with the lesson's ten names and, as known, the six of them that are in the data")
half = checks.case("share_new", ["emma", "zed", "ava", "qix"], ["emma", "ava", "olivia", "mia", "noah"])
repeats = checks.case("share_new", ["xo", "emma", "xo", "ava"], ["emma", "ava"])
nothing = checks.case("share_new", [], ["emma", "ava"])
all_new = checks.case("share_new", ["zz", "qq"], [])
none_new = checks.case("share_new", ["ava", "ava"], ["ava", "emma"])


def count_new(samples, known):
    return sum(1 for name in samples if name not in known)


# --- known mistakes: each is said only when it gives exactly what the learner's share_new gave ---


@checks.mistake("share_new", "That is exactly the number of new names, not their share: divide it by len(samples), how many were drawn.")
def count_only(samples, known):
    return count_new(samples, known)


@checks.mistake("share_new", "That is exactly the share of names that are already in the data: count the names that are not in known.")
def share_known(samples, known):
    return sum(1 for name in samples if name in known) / len(samples) if samples else 0


@checks.mistake("share_new", "That is exactly the number of new names divided by len(known): divide by len(samples), how many names were drawn.")
def by_known(samples, known):
    return count_new(samples, known) / len(known)


@checks.mistake("share_new", "That is exactly the share as a percentage, 100 times too big: return a number from 0 to 1.")
def percent(samples, known):
    return 100 * count_new(samples, known) / len(samples) if samples else 0


@checks.mistake("share_new", "That is exactly what counting each new name only once gives: a name the model drew twice counts twice, as the page counts it. Count over samples, not over set(samples).")
def once_each(samples, known):
    return len(set(samples) - set(known)) / len(samples) if samples else 0


@checks.mistake("share_new", "With no samples, len(samples) is 0 and the division fails. Check first: if samples is empty, return 0.")
def divides_by_zero(samples, known):
    return count_new(samples, known) / len(samples)


# --- checks ---


def share(t, case):
    got = t.call(case)
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        t.require_shape(got, t.expected(case), case.call_text(), t.outcome(case), "The answer is one number: the share of the names that are new.")
    return got


@checks.check("Returns one number")
def returns_a_number(t):
    share(t, worked)


@checks.check("The lesson's ten names")
def worked_example(t):
    t.require_close(worked, "Four of the ten names (alilan, cairi, akalen, danyli) are not in known: the share is 4 out of 10.")


@checks.check("Counts the names that are not known")
def counts_new(t):
    t.require_close(half, "zed and qix are new, emma and ava are not: 2 out of 4.")
    t.require_close(none_new, "Every name drawn is known: none is new.")
    t.require_close(all_new, "known is empty, so every name drawn is new: the share is 1.")


@checks.check("A name drawn twice counts twice")
def repeats_count(t):
    t.require_close(repeats, "Four names were drawn: xo twice, emma and ava once each. xo is new, and it was drawn twice: 2 out of 4.")


@checks.check("No samples: 0")
def no_samples(t):
    t.require_close(nothing, "Nothing was drawn, so nothing is new: return 0, without dividing by len(samples).")


@checks.check("Leaves both lists as they were")
def unchanged(t):
    t.require_unchanged(worked, "Read samples and known; do not add to them or remove from them.")
