from labkit import Checks

checks = Checks()

emma = checks.case("encode", "emma")
edges = checks.case("encode", "abz")
single = checks.case("encode", "q")
second = checks.case("decode", [26, 14, 11, 8, 21, 8, 0, 26])
only_bos = checks.case("decode", [26, 0, 26])
no_bos = checks.case("decode", [25, 14, 4])

ROUND_TRIP = ["emma", "zoe", "muhammadibrahim", "a"]
BOS = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"


# --- known mistakes: each is said only when it gives exactly what the learner's function gave ---


@checks.mistake("encode", "That is exactly the name's ids with 0 for BOS at both ends. 0 is already \"a\"'s id: BOS is the id right after the last letter, len(chars), which is 26.")
def bos_is_zero(name):
    return [0] + [LETTERS.index(c) for c in name] + [0]


@checks.mistake("encode", "That is exactly BOS at the start and none at the end: a name's tokens end with BOS as well.")
def bos_only_at_start(name):
    return [BOS] + [LETTERS.index(c) for c in name]


@checks.mistake("encode", "That is exactly every letter's id one too big, counted from 1: a letter's id is its place in chars, and places count from 0, so \"a\" is 0.")
def counts_from_one(name):
    return [BOS] + [LETTERS.index(c) + 1 for c in name] + [BOS]


@checks.mistake("decode", "That is exactly a list of the letters, not glued into one string: \"\".join(...) glues them.")
def list_of_letters(tokens):
    return [LETTERS[i] for i in tokens if i != BOS]


# --- checks ---


def encoded(t, case, hint):
    """The learner's encoding of `case`: a list of token ids, as long as the expected one."""
    got = t.call(case)
    t.require_shape(got, t.expected(case), case.call_text(), t.outcome(case), hint)
    if not all(type(token) is int for token in got):  # 26.0 is not an id: chars[26.0] raises TypeError
        t.fail(t.mismatch(t.outcome(case), t.expected(case), "Token ids are whole numbers, like 26, not 26.0."))
    return got


@checks.check("encode returns a list of token ids")
def encode_returns_a_list(t):
    encoded(t, emma, "A token id is a whole number: a letter's place in chars, or BOS. The list holds BOS, one id per letter, then BOS.")


@checks.check("encode(\"emma\"), from the lesson")
def worked_example(t):
    encoded(t, emma, "The lesson's table gives each letter of emma its id.")
    t.require_close(emma, "The lesson's table gives each letter of emma its id.")


@checks.check("BOS at the start and at the end")
def bos_at_both_ends(t):
    got = encoded(t, single, "One letter makes three ids: BOS, the letter's id, BOS.")
    if got[0] != BOS:
        t.fail(t.mismatch(t.outcome(single), t.expected(single), f"It starts with {got[0]}; a name's tokens start with BOS, 26."))
    if got[-1] != BOS:
        t.fail(t.mismatch(t.outcome(single), t.expected(single), f"It ends with {got[-1]}; a name's tokens end with BOS, 26, as well."))
    t.require_close(single, "One letter makes three ids: BOS, the letter's id, BOS.")


@checks.check("Each letter's id is its place in chars, from 0")
def letter_ids(t):
    encoded(t, edges, "\"a\" is the first letter of chars, so its id is 0; \"z\", the last, is 25.")
    t.require_close(edges, "\"a\" is the first letter of chars, so its id is 0; \"z\", the last, is 25.")


@checks.check("decode gives back the lesson's second name")
def decode_worked(t):
    t.require_close(second, "Each id between the two BOS is a letter's place in chars.")


@checks.check("decode leaves out BOS")
def decode_drops_bos(t):
    t.require_close(only_bos, "26 is BOS, which stands for no letter; 0 is \"a\".")
    t.require_close(no_bos, "With no BOS in the list, every id is a letter.")


@checks.check("decode(encode(name)) gives back the name")
def round_trip(t):
    for name in ROUND_TRIP:
        tokens = t.call_with("encode", name, text=f"encode({name!r})")
        back = t.outcome_with("decode", tokens, text=f"decode(encode({name!r}))")
        if not t.close(t.value(back), name):
            t.fail(t.mismatch(back, name, "Whatever ids encode gives for a name, decode must turn them back into that name."))
