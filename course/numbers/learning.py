"""Numbers for Module 5, "Learning from mistakes": loss, slopes, descent, gradients, schedules.

Small hand-checkable examples come first in every lesson, then the real thing: the trained
microgpt's surprise at each letter of a real name (course/checkpoint.json), a one-knob
model fitted to the real names (how many of them end in "a"), and the learning-rate
schedule microgpt was trained with. Each function here is one lesson's (or one film's)
numbers; tests/test_learning_numbers.py recomputes every one of them another way.
"""

import functools
import math
from pathlib import Path

from microgpt import Value, run_tokens
from microgpt.layers import softmax as value_softmax

from site_builder.names_data import course_names

from . import model as trained

ROOT = Path(__file__).resolve().parents[2]
NAME = "emma"  # the name every module so far has followed

# Lesson 1's toy model: its guesses for the letter after "em".
TOY_LETTERS = ["m", "i", "a"]
TOY_PROBS = [0.5, 0.3, 0.2]

# Lesson 2: the curve everyone can check by hand, and the nudges tried on it.
SQUARE_AT = 3
LEFT_OF_ZERO = -2  # where the slope of x² is negative
NUDGES = [1, 0.1, 0.01, 0.001]

# Lessons 2 and 3: a model with one knob, w, its guess of the chance that a name ends in "a".
ENDING = "a"
START_W = 0.5
LEARNING_RATE = 0.05
STEPS = 20
BIG_LEARNING_RATE = 0.3
NUDGE = 1e-6  # the h the descent uses to find each slope; the lab's starter uses the same
CURVE_FROM, CURVE_TO, CURVE_POINTS = 0.02, 0.62, 31  # the curve drawn, w = 0.02, 0.04, ..., 0.62: both walks and their valley

# Lesson 3's hand-checkable walk down (w - 3)²: half a step's worth of slope each time.
BOWL_CENTRE = 3
BOWL_START, BOWL_RATE, BOWL_STEPS = 0, 0.1, 5

# Lesson 4's toy logits: three scores for three letters.
TOY_LOGITS = [2.0, 1.0, 0.0]
TOY_TARGET = 0
SURE_P = 0.9  # a model that was nearly sure of the right answer

# Lesson 5: the schedule drawn every SCHEDULE_EVERY steps (and at the last step).
SCHEDULE_EVERY = 25
LOSS_BLOCK = 50  # the training losses drawn as averages of this many steps


# --- shared pieces ------------------------------------------------------------------------


def nll(probs, target):
    return -math.log(probs[target])


def softmax(logits):
    largest = max(logits)
    exps = [math.exp(score - largest) for score in logits]
    total = sum(exps)
    return [e / total for e in exps]


def forward_slope(f, x, h):
    return (f(x + h) - f(x)) / h


def descend(f, w, lr, steps, h=NUDGE):
    path = [w]
    for _ in range(steps):
        w = w - lr * forward_slope(f, w, h)
        path.append(w)
    return path


def token_label(model, token):
    return "end" if token == model.tokenizer.bos else model.tokenizer.token_text(token)


@functools.cache
def names():
    return tuple(course_names(ROOT))


@functools.cache
def ending_share():
    """How many names end in ENDING, and what share of all names that is."""
    every = names()
    count = sum(1 for name in every if name.endswith(ENDING))
    return count, len(every), count / len(every)


def ending_loss(w):
    """The one-knob model's average surprise over every name: -ln w if it ends in "a", else -ln(1 - w)."""
    _, _, share = ending_share()
    return -(share * math.log(w) + (1 - share) * math.log(1 - w))


# --- lesson 1: loss -----------------------------------------------------------------------


def loss_basics():
    """The toy model's surprise at each answer; certainty and uniform guessing at the two ends."""
    surprises = [nll(TOY_PROBS, index) for index in range(len(TOY_PROBS))]
    answers = [0, 0, 1, 2]  # four names that went on "emm", "emm", "emi", "ema"
    vocab = trained.model().config.vocab_size
    return {
        "letters": TOY_LETTERS,
        "probs": TOY_PROBS,
        "surprises": surprises,
        "answers": [TOY_LETTERS[index] for index in answers],
        "answer_surprises": [surprises[index] for index in answers],
        "average": sum(surprises[index] for index in answers) / len(answers),
        "vocab_size": vocab,
        "uniform_p": 1 / vocab,
        "uniform": math.log(vocab),
        "log10_wrong": -math.log10(TOY_PROBS[0]),
        "half_surprise": nll([0.5, 0.5], 0),
        "tenth_surprise": nll([0.1, 0.9], 0),
        "hundredth_surprise": nll([0.01, 0.99], 0),
    }


def loss_worked():
    """The lab's worked example: the toy model's surprise when the letter is "i"."""
    return {"surprise": nll(TOY_PROBS, 1)}


@functools.cache
def name_steps(name):
    """What the trained model thought at each position of `name`: the right next token's probability."""
    model = trained.model()
    tokens = model.tokenizer.encode(name)
    logits, _ = run_tokens(model, tokens[:-1])
    steps = []
    for position, scores in enumerate(logits):
        probs = softmax(scores)
        target = tokens[position + 1]
        best = max(range(len(probs)), key=probs.__getitem__)
        steps.append({
            "seen": name[:position] or "(start)",
            "when": f'after "{name[:position]}"' if position else "at the start",
            "next": token_label(model, target),
            "p": probs[target],
            "surprise": nll(probs, target),
            "best": token_label(model, best),
            "best_p": probs[best],
        })
    return steps


def emma_surprise():
    """The trained microgpt reading "emma": its probability and surprise at each right next letter."""
    steps = name_steps(NAME)
    surprises = [step["surprise"] for step in steps]
    worst = max(range(len(steps)), key=lambda i: surprises[i])
    best = min(range(len(steps)), key=lambda i: surprises[i])
    uniform = math.log(trained.model().config.vocab_size)
    return {
        "name": NAME,
        "steps": steps,
        "positions": len(steps),
        "surprises": surprises,
        "probs": [step["p"] for step in steps],
        "labels": [f"{step['seen']} → {step['next']}" for step in steps],
        "nexts": [step["next"] for step in steps],
        "loss": sum(surprises) / len(surprises),
        "worst": steps[worst],
        "worst_position": worst,
        # Whether the worst letter had been read already ("a second m"), and how many steps did worse than guessing.
        "worst_repeats": steps[worst]["next"] in NAME[:worst],
        "worse_than_uniform": sum(surprise > uniform for surprise in surprises),
        "not_worst": [step for index, step in enumerate(steps) if index != worst],
        "first_step_loss": trained.checkpoint().losses[0],  # its loss on the first name it trained on, untrained
        "best": steps[best],
    }


# --- lesson 2: the slope by nudging --------------------------------------------------------


def slope_numbers():
    """Slopes of x² at 3 by nudging with ever smaller h, then the slope of the real one-knob loss."""
    square = lambda x: x * x  # noqa: E731 (a curve, named for the table)
    rows = []
    for h in NUDGES:
        rows.append({
            "h": h,
            "before": square(SQUARE_AT),
            "after": square(SQUARE_AT + h),
            "rise": square(SQUARE_AT + h) - square(SQUARE_AT),
            "slope": forward_slope(square, SQUARE_AT, h),
            "centred": (square(SQUARE_AT + h) - square(SQUARE_AT - h)) / (2 * h),
        })
    count, total, share = ending_share()
    left = LEFT_OF_ZERO
    return {
        "left": {"x": left, "fx": square(left), "slope": 2 * left, "further": square(left - 1), "closer": square(left + 1)},
        "x": SQUARE_AT,
        "fx": square(SQUARE_AT),
        "rows": rows,
        "slopes": [row["slope"] for row in rows],
        "nudge_labels": [f"h = {row['h']}" for row in rows],
        "knob_losses": [ending_loss(START_W), ending_loss(START_W + 0.01)],
        "knob_labels": [f"w = {START_W}", f"w = {START_W + 0.01:g}"],
        "first": rows[0],
        "last": rows[-1],
        "true_slope": 2 * SQUARE_AT,
        "ending": ENDING,
        "ending_count": count,
        "names": total,
        "share": share,
        "w": START_W,
        "loss_at_w": ending_loss(START_W),
        "h": 0.01,
        "loss_nudged": ending_loss(START_W + 0.01),
        "slope_at_w": forward_slope(ending_loss, START_W, 0.01),
        "fine_slope_at_w": forward_slope(ending_loss, START_W, NUDGE),
        "slope_at_share": forward_slope(ending_loss, share, NUDGE),
    }


def slope_worked():
    """The lab's worked example: x² at 3 nudged by 0.01."""
    return {"slope": forward_slope(lambda x: x * x, SQUARE_AT, 0.01)}


# --- lesson 3: walking downhill ------------------------------------------------------------


def descent():
    """A walk down (w - 3)² by hand, then down the real one-knob loss, with the curve to draw it on."""
    bowl = lambda w: (w - BOWL_CENTRE) ** 2  # noqa: E731
    bowl_path = descend(bowl, BOWL_START, BOWL_RATE, BOWL_STEPS)
    path = descend(ending_loss, START_W, LEARNING_RATE, STEPS)
    big = descend(ending_loss, START_W, BIG_LEARNING_RATE, STEPS)
    width = (CURVE_TO - CURVE_FROM) / (CURVE_POINTS - 1)
    curve_ws = [round(CURVE_FROM + index * width, 10) for index in range(CURVE_POINTS)]
    _, _, share = ending_share()
    return {
        "bowl_centre": BOWL_CENTRE,
        "bowl_start": BOWL_START,
        "bowl_rate": BOWL_RATE,
        "bowl_steps": BOWL_STEPS,
        "bowl_path": bowl_path,
        "bowl_first_slope": forward_slope(bowl, BOWL_START, NUDGE),
        "bowl_first_move": bowl_path[1] - bowl_path[0],
        "start": START_W,
        "lr": LEARNING_RATE,
        "steps": STEPS,
        "path": path,
        "path_losses": [ending_loss(w) for w in path],
        "first_slope": forward_slope(ending_loss, START_W, NUDGE),
        "final": path[-1],
        "final_loss": ending_loss(path[-1]),
        "start_loss": ending_loss(START_W),
        "share": share,
        "best_loss": ending_loss(share),
        "big_lr": BIG_LEARNING_RATE,
        "microgpt_lr": training_settings()[0],
        "big_path": big,
        "big_first": big[1],
        "curve": {"x": curve_ws, "y": [ending_loss(w) for w in curve_ws]},
        "walk": {"x": path, "y": [ending_loss(w) for w in path]},
        "big_walk": {"x": big[:8], "y": [ending_loss(w) for w in big[:8]]},
    }


def descent_worked():
    """The lab's worked example: the hand walk down (w - 3)²."""
    return {"path": descent()["bowl_path"]}


# --- lesson 4: the gradient of softmax and loss --------------------------------------------


def logit_grads(probs, target):
    return [p - (1 if index == target else 0) for index, p in enumerate(probs)]


def softmax_grads():
    """Toy logits [2, 1, 0]: the loss's slope for each logit, by the rule, by nudging each one and by autograd."""
    probs = softmax(TOY_LOGITS)
    grads = logit_grads(probs, TOY_TARGET)
    h = 1e-6

    def loss_with(index, nudge):
        logits = list(TOY_LOGITS)
        logits[index] += nudge
        return nll(softmax(logits), TOY_TARGET)

    nudged = [(loss_with(index, h) - loss_with(index, 0)) / h for index in range(len(TOY_LOGITS))]
    values = [Value(logit) for logit in TOY_LOGITS]
    loss = -value_softmax(values)[TOY_TARGET].log()
    loss.backward()  # microgpt's own autograd: the engine Module 6 builds
    return {
        "logits": TOY_LOGITS,
        "letters": TOY_LETTERS,
        "target": TOY_TARGET,
        "target_letter": TOY_LETTERS[TOY_TARGET],
        "probs": probs,
        "loss": nll(probs, TOY_TARGET),
        "one_hot": [1 if index == TOY_TARGET else 0 for index in range(len(TOY_LOGITS))],
        "grads": grads,
        "nudged": nudged,
        "autograd": [value.grad for value in values],
        "sure_p": SURE_P,
        "sure_grad": logit_grads([SURE_P, 1 - SURE_P], 0)[0],
        "h": h,
    }


def real_grads():
    """The trained model at its most surprised step of NAME (lesson 1's): the gradient of its 27 logits."""
    model = trained.model()
    tokens = model.tokenizer.encode(NAME)
    position = emma_surprise()["worst_position"]  # it has read the start marker and `position` letters
    logits, _ = run_tokens(model, tokens[: position + 1])
    probs = softmax(logits[-1])
    target = tokens[position + 1]
    grads = logit_grads(probs, target)
    labels = [token_label(model, token) for token in range(len(probs))]
    shown = [target] + sorted(range(len(grads)), key=lambda i: -grads[i])[:3]
    return {
        "name": NAME,
        "position": position,
        "seen": NAME[:position],
        "when": emma_surprise()["worst"]["when"],
        "tokens": len(probs),
        "target": labels[target],
        "target_p": probs[target],
        "target_grad": grads[target],
        "others": [{"letter": labels[i], "p": probs[i], "grad": grads[i]} for i in sorted(range(len(grads)), key=lambda i: -grads[i])[:3]],
        "chart": {"x": labels, "y": grads},
        # For the film, which has a phone's width: the right answer and the three most pushed down.
        "film": {"labels": [labels[i] for i in shown], "grads": [grads[i] for i in shown]},
    }


# --- lesson 5: learning-rate schedules -----------------------------------------------------


def training_settings():
    settings = trained.checkpoint().training
    return settings["learning_rate"], settings["num_steps"]


def lr_at(step, steps, lr0):
    return lr0 * (1 - step / steps)


def schedule():
    """microgpt's own schedule, read from its checkpoint: lr0 falling in a straight line to 0."""
    lr0, steps = training_settings()
    shown = list(range(0, steps, SCHEDULE_EVERY)) + [steps - 1]
    sampled = [0, steps // 4, steps // 2, 3 * steps // 4, steps - 1]  # for the film's bars
    half = steps // 2
    return {
        "lr0": lr0,
        "steps": steps,
        "last_step": steps - 1,
        "first": lr_at(0, steps, lr0),
        "second": lr_at(1, steps, lr0),
        "drop": lr_at(0, steps, lr0) - lr_at(1, steps, lr0),
        "half_step": half,
        "half": lr_at(half, steps, lr0),
        "last": lr_at(steps - 1, steps, lr0),
        "quarter_step": steps // 4,
        "quarter": lr_at(steps // 4, steps, lr0),
        "chart": {"x": shown, "y": [lr_at(step, steps, lr0) for step in shown]},
        "samples": [lr_at(step, steps, lr0) for step in sampled],
        "sample_labels": [f"step {step}" for step in sampled],
        "loss_ends": [loss_blocks()["y"][0], loss_blocks()["y"][-1]],
        "first_loss": trained.checkpoint().losses[0],
        "last_loss": trained.checkpoint().losses[-1],
        "block": LOSS_BLOCK,
        "losses": loss_blocks(),
        "first_block": loss_blocks()["y"][0],
        "last_block": loss_blocks()["y"][-1],
        # How far the block average fell over each half of training (the middle block starts the second half).
        "middle_block": loss_blocks()["y"][len(loss_blocks()["y"]) // 2],
        "middle_step": len(trained.checkpoint().losses) // 2,
        "first_half_drop": loss_blocks()["y"][0] - loss_blocks()["y"][len(loss_blocks()["y"]) // 2],
        "second_half_drop": loss_blocks()["y"][len(loss_blocks()["y"]) // 2] - loss_blocks()["y"][-1],
    }


def loss_blocks():
    """microgpt's training loss, averaged over each block of LOSS_BLOCK steps (one name a step is noisy)."""
    losses = trained.checkpoint().losses
    starts = range(0, len(losses), LOSS_BLOCK)
    blocks = [losses[start:start + LOSS_BLOCK] for start in starts]
    # Each block is drawn at its middle step and named by its steps, counted from 0 as the schedule does.
    return {
        "x": [start + (len(block) - 1) / 2 for start, block in zip(starts, blocks)],
        "y": [sum(block) / len(block) for block in blocks],
        "labels": [f"{start}–{start + len(block) - 1}" for start, block in zip(starts, blocks)],
    }


def schedule_worked():
    """The lab's worked example: the learning rate halfway through microgpt's training."""
    return {"lr": schedule()["half"]}


def softmax_grads_worked():
    """The lab's worked example: the toy logits' gradient."""
    return {"grads": softmax_grads()["grads"]}
