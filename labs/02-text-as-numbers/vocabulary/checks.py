from labkit import Checks

checks = Checks()

three_names = checks.case("build_vocab", ["emma", "olivia", "ava"])
one_name = checks.case("build_vocab", ["zoe"])
backwards = checks.case("build_vocab", ["zack", "yara", "bo"])
repeats = checks.case("build_vocab", ["anna", "hannah"])
alphabet = checks.case("build_vocab", ["abcdefghijklm", "nopqrstuvwxyz", "emma"])
no_names = checks.case("build_vocab", [])


# --- known mistakes: each is said only when it gives exactly what the learner's build_vocab gave ---


@checks.mistake("build_vocab", "That is exactly the characters with the word \"BOS\" added at the end. BOS is not a character: its token id is the list's length, the id after the last letter.")
def bos_in_the_list(names):
    return sorted(set("".join(names))) + ["BOS"]


@checks.mistake("build_vocab", "That is exactly every character of every name, sorted, repeats and all: set(...) keeps each character once.")
def keeps_repeats(names):
    return sorted("".join(names))


@checks.mistake("build_vocab", "That is exactly the characters of the first name alone: the `return` line is inside the loop over the names, so the function stops after the first. Return after the loop.")
def first_name_only(names):
    for name in names:
        return sorted(set(name))
    return []


@checks.mistake("build_vocab", "That is exactly the characters in the order they first come in the names: sort them, from \"a\" to \"z\".")
def order_of_first_appearance(names):
    seen = []
    for char in "".join(names):
        if char not in seen:
            seen.append(char)
    return seen


@checks.mistake("build_vocab", "That is exactly the characters sorted from \"z\" to \"a\": sorted(...) on its own sorts from \"a\" to \"z\", without reverse=True.")
def sorted_backwards(names):
    return sorted(set("".join(names)), reverse=True)


@checks.mistake("build_vocab", "That is exactly the right characters glued into one string: build_vocab gives back a list, one character per item. sorted(...) gives back a list.")
def a_string(names):
    return "".join(sorted(set("".join(names))))


# --- what differs, in words: said when no known mistake fits ---


def what_differs(got, expected):
    """A fact about the learner's list beside the expected one, or ""."""
    if not isinstance(got, list) or not all(isinstance(char, str) for char in got):
        return ""
    repeated = sorted({char for char in got if got.count(char) > 1})
    if repeated:
        return f"{repeated[0]!r} appears in it {got.count(repeated[0])} times: each character comes once."
    missing = [char for char in expected if char not in got]
    if missing:
        listed = ", ".join(repr(char) for char in missing[:6])
        more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
        return f"It is missing {listed}{more}."
    extra = [char for char in got if char not in expected]
    if extra:
        return f"It holds {extra[0]!r}, which no name uses."
    return "Those are the right characters in another order: sort them, from \"a\" to \"z\"."


def vocab_of(t, case, hint=""):
    t.require_close(case, what_differs(t.call(case), t.expected(case)) or hint)


@checks.check("Returns a list")
def returns_a_list(t):
    if not isinstance(t.call(three_names), list):
        t.require_close(three_names, "build_vocab gives back a list of characters.")


@checks.check("The lesson's three names")
def worked_example(t):
    vocab_of(t, three_names)


@checks.check("Each character once")
def each_once(t):
    vocab_of(t, repeats)


@checks.check("Sorted from a to z")
def sorted_a_to_z(t):
    vocab_of(t, backwards)


@checks.check("Letters from every name, not just the first")
def every_name(t):
    vocab_of(t, alphabet)


@checks.check("One name, and no names at all")
def small_lists(t):
    vocab_of(t, one_name)
    vocab_of(t, no_names, "No names use no characters: the answer is the empty list.")


@checks.check("The whole alphabet: BOS comes right after the last letter")
def bos_after_the_letters(t):
    got = t.call(alphabet)
    if isinstance(got, list) and len(got) != len(t.expected(alphabet)):
        vocab_of(t, alphabet, f"With {len(got)} characters, BOS, the next token id, would be {len(got)}; these names use all 26 letters, so BOS is 26.")
