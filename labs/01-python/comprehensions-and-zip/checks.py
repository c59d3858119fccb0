from labkit import Checks

checks = Checks()

TOKEN = [0.5, -1.0, 2.0, 0.25]
POSITION = [0.1, 0.2, -0.5, 1.0]

worked_sum = checks.case("add_vectors", TOKEN, POSITION)
tens = checks.case("add_vectors", [1, 2, 3], [10, 20, 30])
cancel = checks.case("add_vectors", [5], [-5])
no_numbers = checks.case("add_vectors", [], [])
worked_scale = checks.case("scale", TOKEN, 0.5)
triple = checks.case("scale", [1, 2, 3], 3)
by_zero = checks.case("scale", [4, -2], 0)
scale_nothing = checks.case("scale", [], 2)


# --- known mistakes: each is said only when it gives exactly what the learner's function gave ---


@checks.mistake("add_vectors", "That is exactly the two lists joined one after the other: + on two lists joins them. Add the numbers pair by pair instead, with zip.")
def joins_the_lists(a, b):
    return a + b


@checks.mistake("add_vectors", "That is exactly every number of a added to every number of b, with two for loops. zip pairs each number only with the one at the same position.")
def adds_every_pair(a, b):
    return [x + y for x in a for y in b]


@checks.mistake("add_vectors", "That is exactly the sum without its last number: range(len(a) - 1) stops one position early. range(len(a)), or zip, goes through every position.")
def range_one_short(a, b):
    return [a[i] + b[i] for i in range(len(a) - 1)]


@checks.mistake("add_vectors", "That is exactly a list holding only the first sum: the `return` line is inside the loop, so the function stops on its first turn. Put `return` after the loop, one indent to the left.")
def returns_in_the_loop(a, b):
    for x, y in zip(a, b):
        return [x + y]  # with no numbers, the function ends without a return: None


@checks.mistake("scale", "That is exactly the list repeated s times: a list times a whole number repeats the list, and times a number with decimals it raises TypeError. Multiply each number, one at a time.")
def repeats_the_list(v, s):
    return v * s


@checks.mistake("scale", "That is exactly s added to each number, not multiplied: use * instead of +.")
def adds_s(v, s):
    return [x + s for x in v]


@checks.mistake("scale", "That is exactly the scaled numbers added up into one total: scale gives back a list, one number for each number of v.")
def adds_them_up(v, s):
    return sum(x * s for x in v)


# --- checks ---


@checks.check("add_vectors: the lesson's letter and position")
def add_worked(t):
    t.require_close(worked_sum, "The lesson adds these two vectors number by number: 0.5 + 0.1 first.")


@checks.check("add_vectors: whole numbers")
def add_whole(t):
    t.require_close(tens, "1 + 10, 2 + 20 and 3 + 30: one sum for each position.")


@checks.check("add_vectors: one number each")
def add_one(t):
    t.require_close(cancel, "One number in each list makes one sum: 5 + -5.")


@checks.check("add_vectors: two empty vectors")
def add_empty(t):
    t.require_close(no_numbers, "Two empty lists have no positions, so their sum is the empty list.")


@checks.check("scale: the lesson's letter, by 0.5")
def scale_worked(t):
    t.require_close(worked_scale, "Each number times 0.5 is half of it: 0.5 * 0.5 first.")


@checks.check("scale: by a whole number")
def scale_whole(t):
    t.require_close(triple, "1 * 3, 2 * 3 and 3 * 3: one product for each number.")


@checks.check("scale: by 0")
def scale_zero(t):
    t.require_close(by_zero, "Each number times 0 is 0, and there are still two numbers.")


@checks.check("scale: an empty vector")
def scale_empty(t):
    t.require_close(scale_nothing, "An empty list scaled is still an empty list.")
