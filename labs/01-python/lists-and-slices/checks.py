from labkit import Checks

checks = Checks()

VEC = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5]
worked = checks.case("head_slice", VEC, 2, 4)
first = checks.case("head_slice", VEC, 0, 4)
last = checks.case("head_slice", VEC, 3, 4)
pairs = checks.case("head_slice", [1, 2, 3, 4, 5, 6], 1, 2)
threes = checks.case("head_slice", [1, 2, 3, 4, 5, 6, 7, 8, 9], 2, 3)
singles = checks.case("head_slice", [5, 6, 7], 1, 1)


# --- known mistakes: each is said only when it gives exactly what the learner's head_slice gave ---


@checks.mistake("head_slice", "That is exactly the piece that starts at position h itself: head h starts after h whole heads, at h × head_dim.")
def starts_at_h(vec, h, head_dim):
    return vec[h:h + head_dim]


@checks.mistake("head_slice", "That is exactly the piece of the head before: heads count from 0, like positions, so head 0 is the first piece.")
def counts_from_one(vec, h, head_dim):
    return vec[(h - 1) * head_dim:h * head_dim]


@checks.mistake("head_slice", "That is exactly the piece for heads of 4 numbers, whatever head_dim is: use the head_dim you are given.")
def always_four(vec, h, head_dim):
    return vec[h * 4:(h + 1) * 4]


@checks.mistake("head_slice", "That is exactly the piece without its last number: a slice stops just before its stop position, so the stop is where the next head starts, not the head's last position.")
def one_short(vec, h, head_dim):
    return vec[h * head_dim:(h + 1) * head_dim - 1]


@checks.mistake("head_slice", "That is exactly the piece with one number too many, the next head's first: a slice already leaves its stop position out, so the stop is where the next head starts.")
def one_too_long(vec, h, head_dim):
    return vec[h * head_dim:(h + 1) * head_dim + 1]


@checks.mistake("head_slice", "That is exactly the one number at the head's start: vec[i] picks one item, and a slice, with a colon between two positions inside the brackets, gives back a list.")
def one_item(vec, h, head_dim):
    return vec[h * head_dim]


# --- checks ---


@checks.check("The lesson's example: head 2 of 16 numbers")
def worked_example(t):
    t.require_close(worked, "Heads 0 and 1 hold the first 8 numbers, so head 2 is the next 4.")


@checks.check("Head 0 is the first piece")
def head_zero(t):
    t.require_close(first, "Head 0 is the first 4 numbers of vec.")


@checks.check("Head 3 is the last piece")
def head_three(t):
    t.require_close(last, "16 numbers make 4 heads of 4: head 3 is the last 4 numbers.")


@checks.check("Heads of 2 numbers")
def heads_of_two(t):
    t.require_close(pairs, "With heads of 2, head 0 is [1, 2] and head 1 the next two numbers.")


@checks.check("Heads of 3 numbers")
def heads_of_three(t):
    t.require_close(threes, "With heads of 3, heads 0 and 1 hold the first 6 numbers, so head 2 is the next 3.")


@checks.check("Heads of 1 number give a list of one")
def heads_of_one(t):
    t.require_close(singles, "With heads of 1 number, head 1 is the second number alone, in a list.")
