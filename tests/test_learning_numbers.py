"""Module 5's numbers, each recomputed here another way than course/numbers/learning.py does.

The names are counted with plain loops over names.txt; the trained model's surprise comes
from microgpt's own training loss (`document_loss`, on the autograd `Value` path, not the
float path the provider uses); slopes come from calculus instead of nudging; the logit
gradients from `Value.backward()` and from nudging each logit; the schedule from the
formula in microgpt's `Adam.update` and the checkpoint file read as plain JSON.
"""

import json
import math
import statistics
from pathlib import Path

import pytest

from microgpt import Value, document_loss, read_checkpoint
from site_builder.names_data import names_path
from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"


@pytest.fixture(scope="module")
def learning():
    return Providers(PROJECT).module("learning")


@pytest.fixture(scope="module")
def names():
    return names_path(PROJECT).read_text(encoding="utf-8").split()


@pytest.fixture(scope="module")
def model():
    return read_checkpoint(CHECKPOINT).model


@pytest.fixture(scope="module")
def share(names):
    ending = 0
    for name in names:
        if name[-1] == "a":
            ending += 1
    return ending / len(names)


def exact_loss(w, share):
    """The one-knob model's loss, averaged name by name would give the same: share·(-ln w) + rest·(-ln(1-w))."""
    return share * -math.log(w) + (1 - share) * -math.log(1 - w)


def exact_slope(w, share):
    return -share / w + (1 - share) / (1 - w)  # the derivative, by calculus


# --- lesson 1 ------------------------------------------------------------------------------


def test_surprise_is_minus_the_natural_log(learning):
    basics = learning.loss_basics()
    assert basics["surprises"] == pytest.approx([math.log(1 / p) for p in basics["probs"]])
    assert basics["uniform"] == pytest.approx(math.log(27)) and basics["vocab_size"] == 27
    assert basics["uniform_p"] == pytest.approx(1 / 27)
    answers = basics["answers"]
    probs = dict(zip(basics["letters"], basics["probs"]))
    assert basics["average"] == pytest.approx(-math.log(math.prod(probs[a] for a in answers)) / len(answers))
    assert basics["log10_wrong"] == pytest.approx(math.log(2, 10))
    assert basics["half_surprise"] == pytest.approx(math.log(2))
    assert basics["tenth_surprise"] == pytest.approx(math.log(10))
    assert basics["hundredth_surprise"] == pytest.approx(2 * math.log(10))
    assert learning.loss_worked()["surprise"] == pytest.approx(math.log(1 / 0.3))


def test_emma_surprise_is_the_models_own_training_loss(learning, model):
    real = learning.emma_surprise()
    tokens = model.tokenizer.encode("emma")
    assert real["positions"] == len(tokens) - 1
    loss = document_loss(model, tokens)  # the autograd path microgpt trains with
    assert real["loss"] == pytest.approx(loss.data, rel=1e-12)
    # Each position's surprise: -ln p, so exp(-surprise) is the probability shown.
    assert [math.exp(-s) for s in real["surprises"]] == pytest.approx(real["probs"])
    assert real["worst"]["surprise"] == max(real["surprises"])
    assert real["first_step_loss"] == json.loads(CHECKPOINT.read_text(encoding="utf-8"))["losses"][0]
    assert [step["next"] for step in real["steps"]] == ["e", "m", "m", "a", "end"]
    worst = real["worst_position"]
    assert real["steps"][worst] == real["worst"]
    assert real["worst_repeats"] == (real["worst"]["next"] in "emma"[:worst])
    assert real["worse_than_uniform"] == sum(s > math.log(27) for s in real["surprises"])
    for step in real["steps"]:
        assert step["best_p"] >= step["p"]


# --- lessons 2 and 3 -----------------------------------------------------------------------


def test_nudged_slopes_of_x_squared(learning):
    numbers = learning.slope_numbers()
    for row in numbers["rows"]:
        # (x + h)² - x² = 2xh + h², so the forward slope is exactly 2x + h.
        assert row["slope"] == pytest.approx(2 * 3 + row["h"], rel=1e-9)
        assert row["centred"] == pytest.approx(6, rel=1e-9)
    assert numbers["true_slope"] == 6
    assert learning.slope_worked()["slope"] == pytest.approx(6.01, rel=1e-9)


def test_the_one_knob_model_counts_the_real_names(learning, names, share):
    numbers = learning.slope_numbers()
    assert numbers["names"] == len(names)
    assert numbers["ending_count"] == round(share * len(names))
    assert numbers["share"] == pytest.approx(share)
    assert numbers["loss_at_w"] == pytest.approx(math.log(2))  # at w = 0.5 every name costs ln 2
    assert numbers["loss_nudged"] == pytest.approx(exact_loss(0.51, share))
    assert numbers["fine_slope_at_w"] == pytest.approx(exact_slope(0.5, share), rel=1e-5)
    assert numbers["fine_slope_at_w"] == pytest.approx(2 - 4 * share, rel=1e-5)
    assert abs(numbers["slope_at_share"]) < 1e-4  # flat at the bottom


def test_the_walk_downhill(learning, share):
    walk = learning.descent()
    # The hand walk down (w - 3)²: w moves by 0.1 · 2(3 - w) each step, so 3 - w shrinks by 0.8.
    for step, w in enumerate(walk["bowl_path"]):
        assert w == pytest.approx(3 - 3 * 0.8**step, abs=1e-5)
    # The real walk, with the exact slope instead of nudging.
    w = 0.5
    expected = [w]
    for _ in range(20):
        w -= 0.05 * exact_slope(w, share)
        expected.append(w)
    assert walk["path"] == pytest.approx(expected, abs=1e-5)
    assert walk["path_losses"] == pytest.approx([exact_loss(w, share) for w in expected], abs=1e-6)
    assert walk["final"] == pytest.approx(share, abs=0.002)
    assert walk["best_loss"] == pytest.approx(exact_loss(share, share))
    assert all(a > b for a, b in zip(walk["path_losses"], walk["path_losses"][1:]))  # downhill all the way
    big = [0.5]
    for _ in range(20):
        big.append(big[-1] - 0.3 * exact_slope(big[-1], share))
    assert walk["big_path"] == pytest.approx(big, abs=1e-4)
    assert walk["curve"]["x"][0] == pytest.approx(0.02) and walk["curve"]["x"][-1] == pytest.approx(0.62)
    assert min(walk["big_path"]) > 0.02 and max(walk["path"]) < 0.62  # both walks lie on the curve drawn
    assert walk["curve"]["y"] == pytest.approx([exact_loss(w, share) for w in walk["curve"]["x"]])
    assert walk["walk"]["x"] == walk["path"]


# --- lesson 4 ------------------------------------------------------------------------------


def autograd_grads(logits, target):
    """d(loss)/d(logit) by microgpt's own Value: build softmax and -log on Values, then backward()."""
    values = [Value(x) for x in logits]
    exps = [v.exp() for v in values]
    total = sum(exps)
    loss = -(exps[target] / total).log()
    loss.backward()
    return loss.data, [v.grad for v in values]


def nudged_grads(logits, target, h=1e-6):
    def loss(xs):
        return math.log(sum(math.exp(x) for x in xs)) - xs[target]  # -log softmax, written differently

    grads = []
    for i in range(len(logits)):
        up = list(logits)
        up[i] += h
        grads.append((loss(up) - loss(logits)) / h)
    return grads


def test_toy_logit_gradients_against_autograd_and_nudging(learning):
    toy = learning.softmax_grads()
    loss, grads = autograd_grads(toy["logits"], toy["target"])
    assert toy["loss"] == pytest.approx(loss)
    assert toy["grads"] == pytest.approx(grads, abs=1e-12)
    assert toy["grads"] == pytest.approx(nudged_grads(toy["logits"], toy["target"]), abs=1e-5)
    assert toy["nudged"] == pytest.approx(grads, abs=1e-5)
    assert toy["autograd"] == pytest.approx(grads, abs=1e-12)
    assert toy["sure_grad"] == pytest.approx(toy["sure_p"] - 1)
    total = sum(math.exp(x) for x in toy["logits"])
    assert toy["probs"] == pytest.approx([math.exp(x) / total for x in toy["logits"]])


def test_real_logit_gradients_against_autograd(learning, model):
    real = learning.real_grads()
    tokens = model.tokenizer.encode("emma")
    # The lesson's step is the one where the model was most surprised (lesson 1's worst).
    worst = learning.emma_surprise()["worst_position"]
    assert real["position"] == worst and real["seen"] == "emma"[:worst]
    # The model's own training loss on "emma", through Value, and the gradients it leaves on the logits.
    cache = model.new_cache()
    for position in range(worst + 1):
        logits = model.forward(tokens[position], position, cache)
    target = tokens[worst + 1]
    loss, grads = autograd_grads([logit.data for logit in logits], target)
    assert real["chart"]["y"] == pytest.approx(grads, abs=1e-12)
    assert real["target"] == real["chart"]["x"][target]
    assert real["target_grad"] == pytest.approx(math.exp(-loss) - 1)
    assert real["tokens"] == 27 and real["target_p"] == pytest.approx(math.exp(-loss))
    assert real["chart"]["x"][26] == "end" and real["chart"]["x"][0] == "a"
    assert [other["grad"] for other in real["others"]] == sorted(grads, reverse=True)[:3]
    assert real["film"]["grads"] == pytest.approx([grads[target], *sorted(grads, reverse=True)[:3]])
    assert [g < 0 for g in grads].count(True) == 1 and grads[target] < 0  # the lesson: the only bar below zero


# --- lesson 5 ------------------------------------------------------------------------------


def test_the_schedule_is_microgpts(learning):
    settings = json.loads(CHECKPOINT.read_text(encoding="utf-8"))["training"]
    lr0, steps = settings["learning_rate"], settings["num_steps"]
    numbers = learning.schedule()
    assert (numbers["lr0"], numbers["steps"]) == (lr0, steps) == (0.01, 1000)
    # Adam.update: lr_t = learning_rate * (1 - step / num_steps), step counted from 0.
    assert numbers["first"] == lr0
    assert numbers["half"] == pytest.approx(lr0 / 2)
    assert numbers["quarter"] == pytest.approx(lr0 * 3 / 4)
    assert numbers["last"] == pytest.approx(lr0 / steps)
    assert numbers["drop"] == pytest.approx(lr0 / steps)
    for step, lr in zip(numbers["chart"]["x"], numbers["chart"]["y"]):
        assert lr == pytest.approx(lr0 * (steps - step) / steps)
    assert numbers["chart"]["x"][-1] == steps - 1
    losses = json.loads(CHECKPOINT.read_text(encoding="utf-8"))["losses"]
    assert numbers["first_loss"] == losses[0] and numbers["last_loss"] == losses[-1]
    assert learning.schedule_worked()["lr"] == pytest.approx(0.005)
    assert numbers["samples"] == pytest.approx([lr0 * (steps - step) / steps for step in (0, 250, 500, 750, 999)])
    # The loss curve: plain averages of each 50 steps of the checkpoint's losses, drawn at each block's middle.
    blocks = [losses[i:i + 50] for i in range(0, len(losses), 50)]
    assert numbers["losses"]["y"] == pytest.approx([sum(block) / 50 for block in blocks])
    assert numbers["losses"]["x"] == [i + 24.5 for i in range(0, len(losses), 50)]
    assert numbers["losses"]["labels"] == [f"{i}–{i + 49}" for i in range(0, len(losses), 50)]  # the table names each block
    averages = [statistics.fmean(losses[i:i + 50]) for i in range(0, len(losses), 50)]
    assert numbers["middle_step"] == 500 and numbers["middle_block"] == pytest.approx(statistics.fmean(losses[500:550]))
    assert numbers["first_half_drop"] == pytest.approx(averages[0] - averages[10])
    assert numbers["second_half_drop"] == pytest.approx(averages[10] - averages[-1])
    assert numbers["loss_ends"] == [numbers["first_block"], numbers["last_block"]] == pytest.approx([statistics.fmean(losses[:50]), statistics.fmean(losses[-50:])])
