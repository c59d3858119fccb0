"""The learner's Value in place of the course's, inside the real microgpt.

Once the backward lab passes, the page runs the loss of one name through the trained
model twice: with every weight a Value of the course's class, and with every weight a
Value of the learner's. Each run calls backward(), and the two losses and the
gradients of all the weights are compared. The reply is a plain, JSON-safe dict,
like the rest of labkit's, and says in words whether the two runs agree.
"""

import math

import microgpt

from labkit.grading import describe_error
from labkit.guard import protected
from labkit.learner import LearnerError, exception_details, run_code
from labkit.realmodel import load_model, quoted, reply
from labkit.values import NotPlainData, is_number, plain, shown_apart

DROP_IN_NAME = "emma"  # the course's running example; course/numbers/autograd.py shows it too
CLASS_NAME = "Value"
MATCH_DECIMALS = 9  # "the same", to at least this many decimal places
MOST_DECIMALS = 15  # beyond this a float has no more digits to compare
# The class a lab's model_hook can name to put the learner's Value in the model: see loader.py.
HOOKS = (CLASS_NAME,)


class DropInFailed(Exception):
    def __init__(self, summary, details=None):
        super().__init__(summary)
        self.summary = summary
        self.details = details


def dropin(lab_id, code, checkpoint_path=None, name=DROP_IN_NAME):
    """Run the loss of `name` and its backward pass with the learner's Value; compare with the course's."""
    model = load_model(checkpoint_path)
    try:
        value_class = learner_class(code)
        learner = loss_and_grads(model, name, value_class, code)
    except DropInFailed as failure:
        return reply("dropin", "error", failure.summary, failure.details)
    except KeyboardInterrupt:
        return reply("dropin", "stopped", "Stopped before the model finished.")
    reference = loss_and_grads(model, name, microgpt.Value, code)
    return compared(name, model, reference, learner)


def learner_class(code):
    try:
        namespace = run_code(code, "learner")
    except LearnerError as failure:
        raise DropInFailed(describe_error(failure.details), failure.details) from None
    found = namespace.get(CLASS_NAME)
    if not isinstance(found, type):
        raise DropInFailed(f"Your code does not define the class {CLASS_NAME} yet. Keep the class line from the starter code.")
    return found


def loss_and_grads(model, name, value_class, code):
    """(loss, [the gradient of every weight]) as plain numbers, for the model's weights made `value_class`es."""
    tokens = model.tokenizer.encode(name)
    try:
        with protected():
            weights = {
                table: [[value_class(weight.data) for weight in row] for row in matrix]
                for table, matrix in model.weights.items()
            }
            gpt = microgpt.GPT(model.config, model.tokenizer, weights)
            loss = microgpt.document_loss(gpt, tokens)
            loss.backward()
            parameters = gpt.parameters()
            return as_number(loss.data, "the loss"), [as_number(p.grad, "a gradient") for p in parameters]
    except (KeyboardInterrupt, DropInFailed):
        raise
    except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
        missing = missing_method(error, value_class)
        if missing:
            raise DropInFailed(missing) from None
        details = exception_details(error, code)
        where = f" on line {details['line']}" if details["line"] else ""
        summary = f"Your {CLASS_NAME} raised {details['type']}{where} inside the model: {details['message']}"
        raise DropInFailed(summary.rstrip(": ") + ".", details) from None


def missing_method(error, value_class):
    """A sentence when the model asked the learner's Value for a method it does not have; else ""."""
    prefix = f"'{value_class.__name__}' object has no attribute "
    if not (isinstance(error, AttributeError) and str(error).startswith(prefix)):
        return ""
    method = str(error)[len(prefix):].strip("'")
    return f"The model uses {method}() on its Values, and your {CLASS_NAME} has no method called {method}. Give it one, as in the last labs."


def as_number(value, what):
    try:
        number = plain(value)
    except NotPlainData as problem:
        raise DropInFailed(f"Inside the model, {what} of your {CLASS_NAME} is not a number: {problem}.") from None
    if not is_number(number):
        raise DropInFailed(f"Inside the model, {what} of your {CLASS_NAME} is {number!r}, not a number.")
    return float(number)


def decimals_alike(a, b):
    """How many decimal places two numbers share: 9 for 0.1234567891 against 0.1234567894."""
    if not (math.isfinite(a) and math.isfinite(b)):
        return 0
    difference = abs(a - b)
    if difference == 0:
        return MOST_DECIMALS
    return max(0, min(MOST_DECIMALS, math.floor(-math.log10(difference))))


def weight_names(model):
    """"wte row 4, column 3" for each weight, in the order of GPT.parameters()."""
    return [
        f"{table} row {row}, column {column}"
        for table, matrix in model.weights.items()
        for row, values in enumerate(matrix)
        for column in range(len(values))
    ]


def compared(name, model, reference, learner):
    """The reply: whether the two runs agree, in words, and the numbers the page shows."""
    (want_loss, want_grads), (got_loss, got_grads) = reference, learner
    loss_decimals = decimals_alike(got_loss, want_loss)
    grad_decimals = [decimals_alike(got, want) for got, want in zip(got_grads, want_grads)]
    different = [index for index, decimals in enumerate(grad_decimals) if decimals < MATCH_DECIMALS]
    loss_same = loss_decimals >= MATCH_DECIMALS
    count, yours = f"{len(want_grads):,}", f"Your {CLASS_NAME}"
    for_name = f"for {quoted(name)}"
    if loss_same and not different:
        fewest = min([loss_decimals, *grad_decimals])
        how_close = "to the last digit" if fewest >= MOST_DECIMALS else f"to at least {fewest} decimal places"
        summary = f"{yours} gives the same loss and the same {count} gradients as the course's {for_name}, {how_close}."
    else:
        loss_part = (
            f"the same loss {for_name} ({want_loss:.6f})" if loss_same
            else "a loss of {} {}, where the course's Value gives {}".format(*apart(got_loss, want_loss, for_name))
        )
        if different:
            worst = max(different, key=lambda index: abs(got_grads[index] - want_grads[index]))
            grads_part = (
                f"{len(different):,} of the {count} gradients differ; the one that differs most is for "
                "{}: {} yours, {} the course's".format(weight_names(model)[worst], *shown_apart(got_grads[worst], want_grads[worst], 1e-12)[:2])
            )
        else:
            grads_part = f"the same {count} gradients"
        joint = ", but " if loss_same or not different else ", and "
        summary = f"{yours} gives {loss_part}{joint}{grads_part}."
    return reply(
        "dropin", "ok", summary,
        name=name, match=loss_same and not different, params=len(want_grads),
        loss={"learner": finite_or_none(got_loss), "reference": want_loss},
        different=len(different),
    )


def apart(got, want, middle):
    got_text, want_text, _ = shown_apart(got, want, 1e-12)
    return got_text, middle, want_text


def finite_or_none(x):
    return x if math.isfinite(x) else None
