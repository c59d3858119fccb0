from labkit import Checks
from labkit.wording import joined

checks = Checks()

worked = checks.case("row_probs", [3, 0, 1])
longer = checks.case("row_probs", [5, 2, 0, 1, 0, 2])
no_smoothing = checks.case("row_probs", [2, 6], 0)
more_smoothing = checks.case("row_probs", [1, 0], 2)
all_zero = checks.case("row_probs", [0, 0, 0, 0])
default = checks.case("row_probs", [9, 1])


def smoothed(row, smoothing):
    return [count + smoothing for count in row]


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---

ONCE = (
    "That is exactly what you get when smoothing is added once to the total instead of to every count. "
    "Add it to each count first; the total is then the sum of those smoothed counts, so the probabilities add up to 1."
)


@checks.mistake("row_probs", ONCE)
def smoothing_once_on_total(row, smoothing=1):
    return [count / (sum(row) + smoothing) for count in row]


@checks.mistake("row_probs", ONCE)
def smoothing_once_on_both(row, smoothing=1):
    return [(count + smoothing) / (sum(row) + smoothing) for count in row]


@checks.mistake("row_probs", "That is exactly what you get when smoothing is added to each count but the total stays the sum of the plain counts: divide by the total of the smoothed counts, so the row adds up to 1.")
def smoothed_over_plain_total(row, smoothing=1):
    return [(count + smoothing) / sum(row) for count in row]


@checks.mistake("row_probs", "That is exactly what you get from // , which divides and throws away everything after the point: 4 // 7 is 0. Use / for division that keeps the fraction.")
def whole_number_division(row, smoothing=1):
    total = sum(smoothed(row, smoothing))
    return [count // total for count in smoothed(row, smoothing)]


@checks.mistake("row_probs", "That is exactly what you get when smoothing is left out: each count over the plain total. Add smoothing to every count first, so no probability is 0.")
def no_smoothing_at_all(row, smoothing=1):
    return [count / sum(row) for count in row]


@checks.mistake("row_probs", "That is exactly what you get when 1 is always added, whatever smoothing is: use the argument smoothing, not the number 1.")
def always_one(row, smoothing=1):
    total = sum(smoothed(row, 1))
    return [count / total for count in smoothed(row, 1)]


@checks.mistake("row_probs", "That is exactly what you get when the smoothed counts are written back into row itself: the row the caller passed in changes. Make a new list for the smoothed counts and leave row as it was.")
def in_place(row, smoothing=1):
    for i in range(len(row)):
        row[i] += smoothing
    total = sum(row)
    return [count / total for count in row]


# --- checks ---


@checks.check("The small row from the lesson")
def worked_example(t):
    t.require_close(worked, "With 1 added to each, [3, 0, 1] becomes [4, 1, 2], which adds up to 7: so 4/7, 1/7 and 2/7.")


@checks.check("One probability for every count")
def same_length(t):
    t.require_close(longer, "Each count of the row gets its own probability, in the same order.")


@checks.check("The probabilities add up to 1")
def adds_up_to_one(t):
    got = t.call(longer)
    t.require_shape(got, t.expected(longer), longer.call_text(), t.outcome(longer))
    if abs(sum(got) - 1) > 1e-9:
        got_text, _, _ = t.apart(sum(got), 1.0)
        said = f"{longer.call_text()} returned probabilities that add up to {got_text}; the probabilities of a row must add up to 1."
        t.fail(joined(said, t.diagnosis(t.outcome(longer))))


@checks.check("Smoothing 0 gives plain fractions")
def zero_smoothing(t):
    t.require_close(no_smoothing, "With nothing added, the row [2, 6] adds up to 8: 2/8 and 6/8.")


@checks.check("Uses the smoothing it is given")
def other_smoothing(t):
    t.require_close(more_smoothing, "With 2 added to each, [1, 0] becomes [3, 2], which adds up to 5: 3/5 and 2/5.")


@checks.check("Smoothing is 1 when it is not given")
def default_smoothing(t):
    t.require_close(default, "Called without smoothing, row_probs uses smoothing=1, as its def line says: [9, 1] becomes [10, 2], which adds up to 12.")


@checks.check("A row of zeros becomes equal chances")
def zeros(t):
    t.require_close(all_zero, "Four counts of 0, each plus 1, make [1, 1, 1, 1]: a chance of 1/4 each.", on_error={"ZeroDivisionError": "Every count is 0 here, so the plain total is 0; the smoothed total is 4."})


@checks.check("Leaves the row as it was")
def unchanged(t):
    t.require_unchanged(worked, "row_probs returns a new list; the row of counts it is given must stay as it was, because the table is used again.")
