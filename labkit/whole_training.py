"""The learner's Adam and training-step update, training the trained microgpt beside the course's own.

Both runs start from the checkpoint's weights with Adam's m and v at 0, as step 0 of the
course's 1,000-step schedule, and take TRAINING_STEPS steps on one typed name: the loss,
backward(), then the update. The course's run updates with microgpt.Adam; the learner's
with their adam_step() on every weight (the adam lab) or their update_all() on all of
them (the training-step lab). The losses and the weights that come out are compared.
"""

import functools
import math
from pathlib import Path

import microgpt

from labkit.dropin import weight_names
from labkit.model_table import agree, apart, decimals_alike, fixed, how_close, opened, table, table_reply
from labkit.realmodel import CHECKPOINT, BlockFailed, called, is_numbers, quoted, wrong_result
from labkit.values import shape_of

TRAINING_STEPS = 3
STEP_WORDS = {1: "one step", 2: "two steps", 3: "three steps", 4: "four steps"}
COURSES_OWN = {"adam_step": "the course's Adam", "update_all": "the course's Adam"}


def training_settings(checkpoint_path=None):
    """(num_steps, learning_rate) of the course's training, as the checkpoint records them."""
    return _training_settings(str(Path(checkpoint_path or CHECKPOINT).resolve()))


@functools.cache
def _training_settings(path):
    settings = microgpt.read_checkpoint(path).training
    return settings["num_steps"], settings["learning_rate"]


def fresh_copy(model):
    """A GPT with the model's weights as new Values, so training it leaves the model untouched."""
    weights = {table: [[microgpt.Value(p.data) for p in row] for row in matrix] for table, matrix in model.weights.items()}
    return microgpt.GPT(model.config, model.tokenizer, weights)


def train_copy(model, tokens, update):
    """(the loss before each step and after the last, the weights after it) for `update(params, step)` as the update."""
    gpt = fresh_copy(model)
    params = gpt.parameters()
    losses = []
    for step in range(TRAINING_STEPS):
        loss = microgpt.document_loss(gpt, tokens)
        loss.backward()
        losses.append(loss.data)
        update(params, step)
    losses.append(microgpt.document_loss(gpt, tokens).data)
    return losses, [p.data for p in params]


def course_update(num_steps, lr):
    """The update with microgpt.Adam, made on the first step for the copy's weights."""
    made = {}

    def update(params, step):
        if "adam" not in made:
            made["adam"] = microgpt.Adam(params, learning_rate=lr)
        made["adam"].update(step, num_steps)

    return update


def learner_adam_update(function, code, num_steps, lr):
    """The update with the learner's adam_step() on each weight, at the learning rate of the course's schedule."""
    moments = {}

    def update(params, step):
        m, v = moments.setdefault("m", [0.0] * len(params)), moments.setdefault("v", [0.0] * len(params))
        lr_t = lr * (1 - step / num_steps)  # as microgpt.Adam.update works it out
        for i, p in enumerate(params):
            result = called("adam_step", function, code, (p.data, p.grad, m[i], v[i], step + 1, lr_t))
            if not is_numbers(result, 3):
                raise wrong_result("adam_step", function, code, f"returned {shape_of(result)}, but training needs three numbers: p, m and v")
            p.data, m[i], v[i] = (float(x) for x in result)
            p.grad = 0

    return update


def learner_update_all(function, code, num_steps, lr):
    """The update with the learner's update_all() on every weight at once."""
    moments = {}

    def update(params, step):
        n = len(params)
        m, v = moments.setdefault("m", [0.0] * n), moments.setdefault("v", [0.0] * n)
        args = ([p.data for p in params], [p.grad for p in params], list(m), list(v), step, num_steps, lr)
        result = called("update_all", function, code, args)
        if not (isinstance(result, list) and len(result) == 3 and all(is_numbers(part, n) for part in result)):
            needs = f"three lists of {n:,} numbers each (the new params, m and v)"
            raise wrong_result("update_all", function, code, f"returned {shape_of(result)}, but training needs {needs}")
        new_params, moments["m"], moments["v"] = result
        for p, value in zip(params, new_params):
            p.data, p.grad = float(value), 0

    return update


LEARNER_UPDATES = {"adam_step": learner_adam_update, "update_all": learner_update_all}


def training_view(hook):
    """The view for a lab whose `hook` ("adam_step" or "update_all") updates the weights."""

    def view(code, name, checkpoint_path=None):
        model, name, function = opened(code, name, hook, checkpoint_path)
        num_steps, lr = training_settings(checkpoint_path)
        tokens = model.tokenizer.encode(name)
        reference = train_copy(model, tokens, course_update(num_steps, lr))
        try:
            learner = train_copy(model, tokens, LEARNER_UPDATES[hook](function, code, num_steps, lr))
        except (OverflowError, ValueError, ZeroDivisionError):  # from the course's loss, on weights gone wild
            far_off = f"After your {hook}() updated the weights, they are so far off that the model's loss cannot be worked out."
            raise BlockFailed(far_off) from None
        return training_reply(hook, model, name, reference, learner)

    return view


def training_reply(hook, model, name, reference, learner):
    (want_losses, want_weights), (got_losses, got_weights) = reference, learner
    gaps = [(abs(g - w) if math.isfinite(g) else math.inf, i) for i, (g, w) in enumerate(zip(got_weights, want_weights))]
    gap, worst = max(gaps)
    losses_agree = all(agree(g, w) for g, w in zip(got_losses, want_losses))
    match = losses_agree and agree(got_weights[worst], want_weights[worst])
    yours, course = f"your {hook}()", COURSES_OWN[hook]
    steps, on = STEP_WORDS[TRAINING_STEPS], f"on {quoted(name)}"
    count = f"{len(want_weights):,}"
    if match:
        fewest = min(decimals_alike(g, w) for g, w in zip([*got_losses, *got_weights], [*want_losses, *want_weights]))
        summary = (f"After {steps} of training {on}, {yours} leaves all {count} weights as {course} does, {how_close(fewest)}; "
                   f"the loss goes from {want_losses[0]:.4f} to {want_losses[-1]:.4f} both ways.")
    else:
        got_w, want_w, shared = apart(got_weights[worst], want_weights[worst])
        where = weight_names(model)[worst]
        summary = (f"After {steps} of training {on}, {yours} leaves the weights different from where {course} puts them. "
                   f"The biggest difference is in {where}: {got_w} yours, {want_w} the course's (they agree to {shared}).")
        if not losses_agree:
            got_l, want_l, shared = apart(got_losses[-1], want_losses[-1])
            summary += f" The loss after the last step is {got_l} yours, {want_l} the course's."
    labels = ["Loss before training", *(f"Loss after step {step}" for step in range(1, TRAINING_STEPS + 1))]
    rows = [[label, fixed(g), fixed(w)] for label, g, w in zip(labels, got_losses, want_losses)]
    rows.append(["Largest weight difference", fixed(gap) if math.isfinite(gap) else "not a number", "0 (the reference)"])
    caption = f"{STEP_WORDS[TRAINING_STEPS].capitalize()} of training {on}, from the trained weights"
    columns = ["", f"With your {hook}()", f"With {course}"]
    return table_reply(hook, name, summary, match, table(caption, columns, rows),
                       losses={"learner": [g if math.isfinite(g) else None for g in got_losses], "reference": want_losses},
                       max_difference=gap if math.isfinite(gap) else None)


# --- the course's own update, called as the learner's functions are (the build checks the labs' answers with it) ---


def model_adam_step(p, g, m, v, t, lr):
    weight = microgpt.Value(p)
    weight.grad = g
    adam = microgpt.Adam([weight], learning_rate=lr)
    adam.m, adam.v = [m], [v]
    adam.update(t - 1, math.inf)  # an endless schedule: the learning rate stays lr
    return weight.data, adam.m[0], adam.v[0]


def model_update_all(params, grads, m, v, step, num_steps, lr0):
    weights = [microgpt.Value(p) for p in params]
    for weight, g in zip(weights, grads):
        weight.grad = g
    adam = microgpt.Adam(weights, learning_rate=lr0)
    adam.m, adam.v = list(m), list(v)
    adam.update(step, num_steps)
    return [weight.data for weight in weights], adam.m, adam.v
