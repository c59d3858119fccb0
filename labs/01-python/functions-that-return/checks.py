from labkit import Checks

checks = Checks()

worked = checks.case("mean", [4, 6, 3, 8, 6])
small = checks.case("mean", [3, 5, 2])
halves = checks.case("mean", [1, 2])
single = checks.case("mean", [7])
balanced = checks.case("mean", [-1, 1])
floats = checks.case("mean", [2.5, 3.5, 0.5])
four = checks.case("mean", [10, 20, 30, 40])


# --- known mistakes: each is said only when it gives exactly what the learner's mean gave ---


@checks.mistake("mean", "That is exactly the total of the numbers, not divided: the mean divides the total by how many numbers there are, len(xs).")
def total_only(xs):
    return sum(xs)


@checks.mistake("mean", "That is exactly what `//` gives: it divides and drops the decimals. `/`, one slash, keeps them.")
def floor_division(xs):
    return sum(xs) // len(xs)


@checks.mistake("mean", "That is exactly the total divided by 3 whatever the list: divide by how many numbers this list holds, len(xs).")
def divides_by_three(xs):
    return sum(xs) / 3


@checks.mistake("mean", "That is exactly the total divided by one less than how many numbers there are: divide by len(xs) itself.")
def one_less(xs):
    return sum(xs) / (len(xs) - 1)


@checks.mistake("mean", "That is exactly the first number divided by the length: the `return` line is inside the loop, so the function gives back its answer on the loop's first turn. Put `return` after the loop, one indent to the left.")
def returns_in_the_loop(xs):
    return xs[0] / len(xs)


# --- checks ---


@checks.check("The lesson's example: the first five names' lengths")
def worked_example(t):
    t.require_close(worked, "The lesson works this one out: 27 letters in all, over 5 names.")


@checks.check("The mean of [3, 5, 2]")
def small_list(t):
    t.require_close(small, "3 + 5 + 2 is 10, and there are 3 numbers: 10 / 3.")


@checks.check("Keeps the decimals")
def keeps_decimals(t):
    t.require_close(halves, "1 + 2 is 3, over 2 numbers: 3 / 2 is 1.5.")


@checks.check("A list of one number")
def one_number(t):
    t.require_close(single, "The mean of one number is that number.")


@checks.check("Negative numbers")
def negatives(t):
    t.require_close(balanced, "-1 + 1 is 0, so the mean is 0.")


@checks.check("Numbers with decimals")
def decimal_numbers(t):
    t.require_close(floats, "2.5 + 3.5 + 0.5 is 6.5, over 3 numbers.")


@checks.check("A list of four")
def list_of_four(t):
    t.require_close(four, "10 + 20 + 30 + 40 is 100, over 4 numbers.")


@checks.check("The same answer every time")
def starts_again(t):
    # Called afresh twice (t.call keeps one answer per case): a total kept between calls shows.
    first = t.call_with(small.function, *small.args, text=small.call_text())
    second = t.call_with(small.function, *small.args, text=small.call_text())
    if not t.close(second, first):
        first_text, second_text, _ = t.apart(first, second)
        t.fail(f"{small.call_text()} returned {first_text} the first time and {second_text} the second. "
               "Called twice with the same list, mean must give the same answer: something it adds to is kept "
               "from one call to the next. Start the total at 0 inside the function.")
