from labkit import Checks

checks = Checks()

emma = checks.case("pairs", [26, 4, 12, 12, 0, 26])
short = checks.case("pairs", [26, 0, 26])
two = checks.case("pairs", [26, 26])
one = checks.case("pairs", [26])
long_name = checks.case("pairs", [26, 12, 20, 7, 0, 12, 12, 0, 3, 8, 1, 17, 0, 7, 8, 12, 26])


# --- known mistakes: each is said only when it gives exactly what the learner's pairs gave ---


@checks.mistake("pairs", "That is exactly each pair with its two tokens the other way round: put the token first and the one after it second.")
def the_wrong_way_round(tokens):
    return [[b, a] for a, b in zip(tokens, tokens[1:])]


@checks.mistake("pairs", "That is exactly every pair but the last: range(len(tokens) - 2) stops one step early. The last pair starts at the token before the last.")
def misses_the_last_pair(tokens):
    return [[tokens[i], tokens[i + 1]] for i in range(len(tokens) - 2)]


@checks.mistake("pairs", "That is exactly one pair for every second token, so the pairs do not overlap: every token but the last starts a pair of its own.")
def steps_of_two(tokens):
    return [[tokens[i], tokens[i + 1]] for i in range(0, len(tokens) - 1, 2)]


@checks.mistake("pairs", "That is exactly each token paired with itself: zip(tokens, tokens) walks the same list twice. The token after each one is in tokens[1:].")
def each_with_itself(tokens):
    return [[a, a] for a in tokens]


# --- what differs, in words: said when no known mistake fits ---


def what_differs(got, expected, tokens):
    if not isinstance(got, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in got):
        return "pairs gives back a list of pairs, each holding two tokens: a token and the one right after it."
    if len(got) != len(expected):
        made = f"{len(expected)} pair" + ("" if len(expected) == 1 else "s")
        return f"{len(tokens)} tokens make {made}, one fewer: every token but the last starts a pair."
    missing = [pair for pair in expected if pair not in got]
    if missing:
        return f"It lacks the pair {missing[0]}: every token but the last starts a pair, so the pairs overlap."
    return ""


def pairs_of(t, case, hint=""):
    t.require_close(case, what_differs(t.call(case), t.expected(case), case.args[0]) or hint)


@checks.check("Returns a list of pairs")
def returns_pairs(t):
    got = t.call(emma)
    if not isinstance(got, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in got):
        pairs_of(t, emma)


@checks.check("The pairs of \"emma\", from the lesson")
def worked_example(t):
    pairs_of(t, emma, "The lesson's table lists these pairs, one per row.")


@checks.check("One pair fewer than tokens, the last pair included")
def counts(t):
    pairs_of(t, short)
    pairs_of(t, long_name)


@checks.check("Two tokens make one pair; one token makes none")
def tiny(t):
    pairs_of(t, two)
    pairs_of(t, one, "One token has no token after it, so it makes no pair: the answer is the empty list.")


@checks.check("Leaves the list it is given as it was")
def leaves_tokens_alone(t):
    t.require_unchanged(emma, "pairs only reads the tokens: the model uses the same list again.")
