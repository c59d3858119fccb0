import math
import random

from labkit import Checks, show

checks = Checks()

TOY_COUNTS = [[0, 3, 1], [2, 0, 2], [4, 0, 0]]
ZEROS = [[0.0] * 3 for _ in range(3)]


def random_case(size, seed, lr):
    rng = random.Random(seed)
    W = [[round(rng.gauss(0, 1), 3) for _ in range(size)] for _ in range(size)]
    counts = [[rng.randrange(0, 50) for _ in range(size)] for _ in range(size)]
    return W, counts, lr


toy = checks.case("train_step", ZEROS, TOY_COUNTS, 1.0)
from_logits = checks.case("train_step", [[1.0, -1.0, 0.0], [0.5, 0.5, 0.0], [0.0, 2.0, -2.0]], TOY_COUNTS, 1.0)
empty_row = checks.case("train_step", [[0.0, 1.0], [2.0, 0.0]], [[0, 0], [3, 1]], 2.0)
no_step = checks.case("train_step", [[0.3, -0.2], [1.0, 0.5]], [[1, 2], [3, 4]], 0.0)
small_lr = checks.case("train_step", ZEROS, TOY_COUNTS, 0.1)
full_size = checks.case(
    "train_step", *random_case(27, 9, 50.0), shown_as="train_step(W, counts, 50) with 27 x 27 tables, like the lesson's"
)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


def softmax(row):
    largest = max(row)
    exps = [math.exp(v - largest) for v in row]
    return [e / sum(exps) for e in exps]


def stepped(W, counts, lr, slope_of, sign=-1):
    """A new table with every cell moved by sign * lr * slope_of(p, count, row_total, pairs)."""
    pairs = sum(map(sum, counts))
    new = []
    for row, row_counts in zip(W, counts):
        probs, row_total = softmax(row), sum(row_counts)
        new.append([w + sign * lr * slope_of(p, c, row_total, pairs) for w, p, c in zip(row, probs, row_counts)])
    return new


def right_slope(p, c, n, pairs):
    return (n * p - c) / pairs


@checks.mistake("train_step", "That is exactly a step uphill: the slope was added. Subtract lr × slope, so each step lowers the loss.")
def adds_the_slope(W, counts, lr):
    return stepped(W, counts, lr, right_slope, sign=+1)


@checks.mistake("train_step", "That is exactly the step with no division by N, the total of all the counts: the slope of the average loss is the sum over the pairs divided by how many pairs there are.")
def no_division(W, counts, lr):
    return stepped(W, counts, lr, lambda p, c, n, pairs: n * p - c)


@checks.mistake("train_step", "That is exactly the step with each row divided by its own total instead of by N, the total of all the counts: the loss is the average over every pair of the data, so every slope is divided by the same N.")
def by_row_total(W, counts, lr):
    return stepped(W, counts, lr, lambda p, c, n, pairs: (n * p - c) / n)


@checks.mistake("train_step", "That is exactly the slope without the row's total: p[c] counts once for each pair that starts with that row's token, so multiply it by n, the row's total, before subtracting the count.")
def forgets_row_total(W, counts, lr):
    return stepped(W, counts, lr, lambda p, c, n, pairs: (p - c) / pairs)


@checks.mistake("train_step", "That is exactly the step without the probabilities: the slope is (n × p − count) / N, and p is the softmax of the row of W.")
def forgets_probabilities(W, counts, lr):
    return stepped(W, counts, lr, lambda p, c, n, pairs: -c / pairs)


# --- checks ---


def loss(W, counts):
    """The average -log p, as log-sum-exp minus the logit, so a p too small for a float is no error."""
    total = 0.0
    for row, row_counts in zip(W, counts):
        largest = max(row)
        log_total = largest + math.log(sum(math.exp(v - largest) for v in row))
        total += sum(c * (log_total - w) for w, c in zip(row, row_counts))
    return total / sum(map(sum, counts))


@checks.check("The lesson's toy step, from a table of zeros")
def worked_example(t):
    t.require_close(toy, "From zeros every probability is 1/3, every row of counts adds up to 4, and N is 12: W[0][1]'s slope is (4 × 1/3 − 3) / 12.")


@checks.check("A step from a table that is not all zeros")
def from_other_logits(t):
    t.require_close(from_logits, "Here the probabilities are the softmax of each row of W, no longer 1/3 each.")


@checks.check("A row with no counts does not move")
def quiet_row(t):
    t.require_close(
        empty_row,
        "Row 0's counts are all 0: no pair starts with token 0, so its slopes are all 0 and its logits stay.",
        on_error={"ZeroDivisionError": "Row 0's counts add up to 0 here. Only N, the total of all the counts, is divided by: it is never 0."},
    )


@checks.check("A learning rate of 0 changes nothing; a small one moves a little")
def learning_rate(t):
    t.require_close(no_step, "With lr = 0 every logit stays where it was.")
    t.require_close(small_lr, "lr = 0.1 moves every logit a tenth as far as the lesson's step.")


@checks.check("Each step lowers the loss")
def downhill(t):
    W, counts, lr = full_size.args
    got = t.call(full_size)
    t.require_shape(got, t.expected(full_size), full_size.call_text())
    before, after = loss(W, counts), loss(got, counts)
    if not after < before:
        t.fail(f"{full_size.call_text()}: the loss was {before:.4f} before your step and {after:.4f} after it. A step downhill must lower it. {t.diagnosis(t.outcome(full_size))}".strip())


@checks.check("27 x 27 tables, like the lesson's")
def full(t):
    t.require_close(full_size, "N is the total of all 729 counts; every row has its own softmax and total.")


@checks.check("Leaves W and counts as they were")
def leaves_arguments_alone(t):
    t.require_unchanged(from_logits, "train_step returns a new table; the training loop keeps the old one until the new one is ready.")
