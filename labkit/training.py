"""Training a table of logits with the learner's own `train_step`, the loss reported as it goes.

The page sends the letter-pair counts of the names (the build computed them), a number
of steps, a learning rate and, if it likes, a target loss: the run ends as soon as the
loss is at or below it (the counting model's, on the neural bigram page), or after the
steps. From a table of zeros, each step calls the learner's
`train_step(W, counts, lr)` on copies, checks that what came back is a table of the same
size, and measures its loss here, with labkit's own arithmetic, so the curve the page
draws is the real loss of the learner's table whatever their code prints or claims.
`report(text)` (the worker's, a JSON line per step) lets the page draw the curve while
the loop runs; Stop ends the loop and the reply keeps the losses so far.
"""

import json
import math

from labkit.grading import describe_error
from labkit.guard import protected
from labkit.learner import LearnerError, exception_details, run_code_partly
from labkit.values import NotPlainData, is_number, plain

FUNCTION = "train_step"
MAX_STEPS = 5000  # as site_builder/widgets/training.py: a bound on how long a page can be kept busy
MAX_SIDE = 64


class StepFailed(Exception):
    """The learner's train_step could not make a step: a sentence for the page, and its error's details."""

    def __init__(self, summary, details=None):
        super().__init__(summary)
        self.summary = summary
        self.details = details


def reply(status, summary, losses, error=None, reached=None):
    """`reached`: the step at which the loss first was at or below the target, if it was."""
    return {"action": "train", "status": status, "summary": summary, "error": error, "losses": losses, "reached": reached}


def average_nll(W, counts):
    """The average of -log softmax(W[a])[b] over every counted pair (a, b); log-sum-exp, so no log(0)."""
    total, pairs = 0.0, 0
    for row, row_counts in zip(W, counts):
        largest = max(row)
        log_total = largest + math.log(sum(math.exp(w - largest) for w in row))
        for w, count in zip(row, row_counts):
            total += count * (log_total - w)
            pairs += count
    return total / pairs


def settings_problem(counts, steps, lr, target=None):
    """What is wrong with the page's request, or None (the page is ours, so this is a bug guard)."""
    square = isinstance(counts, list) and 0 < len(counts) <= MAX_SIDE and all(isinstance(row, list) and len(row) == len(counts) for row in counts)
    if not square or not all(isinstance(c, int) and c >= 0 for row in counts for c in row) or not any(map(any, counts)):
        return "The counts must be a square table of whole numbers, not all 0."
    if not (isinstance(steps, int) and 1 <= steps <= MAX_STEPS):
        return f"The number of steps must be 1 to {MAX_STEPS}."
    if not (is_number(lr) and math.isfinite(lr) and lr > 0):
        return "The learning rate must be a number above 0."
    if target is not None and not (is_number(target) and math.isfinite(target)):
        return "The target loss must be a number."
    return None


def parsed(counts_text, steps_text, lr_text, target_text):
    try:
        target = float(target_text) if target_text.strip() else None
        return json.loads(counts_text), int(steps_text), float(lr_text), target
    except (ValueError, TypeError, AttributeError):
        return None, None, None, None


def train(code, counts_text, steps_text, lr_text, report=None, target_text=""):
    """Run the learner's train_step from zeros, `steps` times or until the loss is at most the target
    (when one is given); the reply lists the loss before each step and after the last."""
    counts, steps, lr, target = parsed(counts_text, steps_text, lr_text, target_text)
    problem = settings_problem(counts, steps, lr, target)
    if problem:
        return reply("error", problem, [])
    losses = []
    try:
        step = learner_step(code)
        size = len(counts)
        W = [[0.0] * size for _ in range(size)]
        for number in range(steps + 1):
            loss = average_nll(W, counts)
            losses.append(loss)
            if report is not None:
                report(json.dumps({"step": number, "steps": steps, "loss": loss}))
            if target is not None and loss <= target:
                break
            if number < steps:
                W = checked_table(step(copied(W), copied(counts), lr), size, number + 1)
    except StepFailed as failure:
        return reply("error", failure.summary, losses, failure.details)
    except KeyboardInterrupt:
        return reply("stopped", f"Stopped after {max(len(losses) - 1, 0)} of {steps} steps.", losses)
    first, last, taken = losses[0], losses[-1], len(losses) - 1
    if target is not None and last <= target:
        return reply("ok", f"Your train_step reached the target loss, {target:.4f}, at step {taken}: the loss went from {first:.4f} to {last:.4f}.", losses, reached=taken)
    return reply("ok", f"Your train_step ran {steps} steps: the loss went from {first:.4f} to {last:.4f}.", losses)


def learner_step(code):
    """The learner's train_step, wrapped so that what it raises names their own line."""
    try:
        namespace, top_level_error = run_code_partly(code, "learner")
    except LearnerError as failure:  # a syntax error: nothing ran
        raise StepFailed(describe_error(failure.details), failure.details) from None
    function = namespace.get(FUNCTION)
    if not callable(function):
        if top_level_error:  # it failed before train_step was defined
            raise StepFailed(describe_error(top_level_error), top_level_error)
        raise StepFailed(f"Your code does not define {FUNCTION}() yet. Keep the def line from the starter code.")
    # A failing line after the def (a try-out at the bottom, say) does not stop the training,
    # as it does not stop the checks: train_step is what is trained.

    def step(W, counts, lr):
        try:
            with protected():
                return function(W, counts, lr)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: exit() is the learner's
            details = exception_details(error, code)
            where = f" on line {details['line']}" if details["line"] else ""
            raise StepFailed(f"Your {FUNCTION}() raised {details['type']}{where}.", details) from None

    return step


def copied(table):
    return [list(row) for row in table]


def checked_table(result, size, number):
    """The learner's new table as plain floats, if it is `size` rows of `size` finite numbers."""
    where = f"At step {number}, your {FUNCTION}()"
    try:
        table = plain(result)
    except NotPlainData as problem:
        raise StepFailed(f"{where} returned something that is not a table of numbers: {problem}.") from None
    if table is None:
        raise StepFailed(f"{where} returned None. Return the new table (print only shows it).")
    if not (isinstance(table, list) and len(table) == size and all(isinstance(row, list) and len(row) == size for row in table)):
        raise StepFailed(f"{where} did not return a table of {size} rows of {size} numbers, as W is.")
    if not all(is_number(w) and math.isfinite(w) for row in table for w in row):
        raise StepFailed(f"{where} returned a number that is not finite (inf or nan): the steps grew too large.")
    return [[float(w) for w in row] for row in table]
