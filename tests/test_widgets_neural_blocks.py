"""The next_letters and training widgets' requests, and the Python the page asks (labkit.realmodel, labkit.training).

Requests are refused with a message naming the argument; the page's Python gives the
trained model's own probabilities, and trains the learner's step with losses measured
here another way.
"""

import json
import math
from pathlib import Path

import pytest

from labkit import realmodel, training
from site_builder.constants import MAX_NAME_LETTERS
from site_builder.errors import WidgetError
from site_builder.widgets.next_letters import KIND as NEXT_LETTERS
from site_builder.widgets.next_letters import bars
from site_builder.widgets.training import KIND as TRAINING

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
COUNTS = [[0, 3, 1], [2, 0, 2], [4, 0, 0]]
GOOD_STEP = '''
import math

def train_step(W, counts, lr):
    pairs = sum(map(sum, counts))
    new = []
    for row, cs in zip(W, counts):
        exps = [math.exp(w) for w in row]
        probs = [e / sum(exps) for e in exps]
        new.append([w - lr * (sum(cs) * p - c) / pairs for w, p, c in zip(row, probs, cs)])
    return new
'''


@pytest.mark.parametrize("prefix", ["EM", "e m", "a" * (MAX_NAME_LETTERS + 1), 3])
def test_a_prefix_that_is_not_lower_case_letters_is_refused(prefix):
    with pytest.raises(WidgetError, match=f"prefix must be 0 to {MAX_NAME_LETTERS} lower-case letters"):
        NEXT_LETTERS.request(prefix, caption="Bars.")


def test_next_letters_needs_a_caption():
    with pytest.raises(WidgetError, match="caption must be a non-empty text"):
        NEXT_LETTERS.request("em")
    with pytest.raises(WidgetError, match="caption must be a non-empty text in quotes, not 3"):
        NEXT_LETTERS.request("em", caption=3)
    assert NEXT_LETTERS.request("", caption=" Bars. ") == {"prefix": "", "caption": "Bars."}


def test_the_pages_python_gives_the_softmax_of_the_models_last_logits():
    from microgpt import load_checkpoint, run_name

    model = load_checkpoint(CHECKPOINT)
    for prefix in ["em", "", "zzz"]:
        _maps, every = run_name(model, prefix)
        logits = every[-1]  # after the last letter read
        exps = [math.exp(v - max(logits)) for v in logits]
        reply = realmodel.next_letter_bars(prefix, CHECKPOINT)
        assert reply["status"] == "ok" and reply["tokens"][-1] == "end"
        assert reply["probs"] == pytest.approx([e / sum(exps) for e in exps], abs=1e-12)
    top = max(range(27), key=lambda i: reply["probs"][i])
    assert f"“{reply['tokens'][top]}” {100 * reply['probs'][top]:.1f}%" in reply["summary"]


@pytest.mark.parametrize("prefix, said", [("e1", "only knows the letters a to z"), ("a" * (MAX_NAME_LETTERS + 1), f"at most {MAX_NAME_LETTERS} letters")])
def test_a_prefix_the_model_cannot_read_gets_a_sentence(prefix, said):
    reply = realmodel.next_letter_bars(prefix, CHECKPOINT)
    assert reply["status"] == "error" and said in reply["summary"]


def test_the_box_takes_as_many_letters_as_the_model_reads():
    from types import SimpleNamespace

    from site_builder.memo import Memo
    from site_builder.pages import environment

    context = SimpleNamespace(course=SimpleNamespace(checkpoint=CHECKPOINT), memo=Memo())
    drawn = NEXT_LETTERS.prepare(NEXT_LETTERS.request("em", caption="Bars."), context, None)
    html = environment().get_template(f"widgets/{NEXT_LETTERS.template}").render(root="", number=1, **drawn)
    assert f'maxlength="{MAX_NAME_LETTERS}"' in html


def test_bars_are_drawn_against_the_largest():
    drawn = bars(["a", "b"], [0.25, 0.75])
    assert [bar["length"] for bar in drawn] == [pytest.approx(1 / 3), 1.0]
    assert [bar["text"] for bar in drawn] == ["25.0%", "75.0%"]


GOOD_TRAINING = {"lab": "neural-bigram", "steps": 10, "lr": 1.0, "counts": COUNTS, "target": 0.6, "caption": "Loss."}


@pytest.mark.parametrize(
    "change, said",
    [
        ({"steps": 0}, "steps must be a whole number"),
        ({"steps": 2.5}, "steps must be a whole number"),
        ({"steps": 5001}, "steps must be a whole number from 1 to 5000"),
        ({"lr": -1}, "lr must be a number above 0"),
        ({"target": "low"}, "target must be a number"),
        ({"counts": [[1, 2]]}, "counts must be a square table"),
        ({"counts": [[0, 0], [0, 0]]}, "counts must be a square table"),
        ({"counts": [[1, -1], [0, 0]]}, "counts must be a square table"),
        ({"caption": ""}, "caption must be a non-empty text"),
        ({"lab": ""}, "lab must be the name"),
        ({"lab": 3}, "lab must be the name"),
        ({"steps": True}, "steps must be a whole number"),
        ({"lr": float("inf")}, "lr must be a number above 0"),
        ({"lr": "0.5"}, "lr must be a number above 0"),
        ({"caption": 3}, "caption must be a non-empty text"),
    ],
)
def test_a_bad_training_argument_is_refused(change, said):
    with pytest.raises(WidgetError, match=said):
        TRAINING.request(**{**GOOD_TRAINING, **change})


def loss_here(W, counts):
    pairs = sum(map(sum, counts))
    return -sum(c * (w - math.log(sum(math.exp(v) for v in row))) for row, cs in zip(W, counts) for w, c in zip(row, cs)) / pairs


def test_training_reports_every_steps_loss_as_measured_another_way():
    heard = []
    reply = training.train(GOOD_STEP, json.dumps(COUNTS), "3", "1.0", heard.append)
    assert reply["status"] == "ok"
    updates = [json.loads(text) for text in heard]
    assert [u["step"] for u in updates] == [0, 1, 2, 3] and all(u["steps"] == 3 for u in updates)
    W = [[0.0] * 3 for _ in range(3)]
    expected = []
    for _ in range(4):
        expected.append(loss_here(W, COUNTS))
        pairs = sum(map(sum, COUNTS))
        W = [[w - (sum(cs) * math.exp(w) / sum(math.exp(v) for v in row) - c) / pairs for w, c in zip(row, cs)] for row, cs in zip(W, COUNTS)]
    assert reply["losses"] == pytest.approx(expected) and [u["loss"] for u in updates] == pytest.approx(expected)
    assert expected[0] == pytest.approx(math.log(3)) and expected[-1] < expected[0]


@pytest.mark.parametrize(
    "code, said",
    [
        (GOOD_STEP.replace("    return new", "    print(new)"), "At step 1, your train_step() returned None"),
        (GOOD_STEP.replace("    return new", "    return new[:2]"), "did not return a table of 3 rows of 3 numbers"),
        (GOOD_STEP.replace("    pairs = sum(map(sum, counts))", "    pairs = 0"), "raised ZeroDivisionError on line 10"),
        ("def train_step(W, counts, lr)\n    return W\n", "SyntaxError"),
        ("x = 1\n", "does not define train_step() yet"),
        (GOOD_STEP.replace("w - lr", "w + 1e308 * lr"), "not finite"),
    ],
)
def test_a_step_that_cannot_train_is_named(code, said):
    reply = training.train(code, json.dumps(COUNTS), "3", "1.0")
    assert reply["status"] == "error" and said in reply["summary"] + str((reply["error"] or {}).get("text", ""))


def test_training_stops_at_the_first_step_whose_loss_reaches_the_target():
    everything = training.train(GOOD_STEP, json.dumps(COUNTS), "40", "1.0")
    assert everything["reached"] is None and len(everything["losses"]) == 41
    losses = everything["losses"]
    target = (losses[6] + losses[7]) / 2  # between steps 6 and 7: step 7 is the first at or below it
    heard = []
    reply = training.train(GOOD_STEP, json.dumps(COUNTS), "40", "1.0", heard.append, repr(target))
    assert reply["status"] == "ok" and reply["reached"] == 7
    assert reply["losses"] == losses[:8] and [json.loads(text)["step"] for text in heard] == list(range(8))
    assert reply["summary"] == f"Your train_step reached the target loss, {target:.4f}, at step 7: the loss went from {losses[0]:.4f} to {losses[7]:.4f}."
    exactly = training.train(GOOD_STEP, json.dumps(COUNTS), "40", "1.0", None, repr(losses[7]))
    assert exactly["reached"] == 7  # at the target counts as reached


def test_a_target_the_steps_do_not_reach_runs_every_step():
    reply = training.train(GOOD_STEP, json.dumps(COUNTS), "5", "1.0", None, "0.001")
    assert reply["status"] == "ok" and reply["reached"] is None and len(reply["losses"]) == 6
    assert reply["summary"].startswith("Your train_step ran 5 steps")
    bad = training.train(GOOD_STEP, json.dumps(COUNTS), "5", "1.0", None, "nan")
    assert bad["status"] == "error" and bad["summary"] == "The target loss must be a number."


def test_the_entry_point_passes_the_target_on():
    from labkit.entry import handle

    request = {"action": "train", "code": GOOD_STEP, "counts": json.dumps(COUNTS), "steps": "40", "lr": "1.0", "target": "0.9"}
    reply = handle(request, lambda text: None)
    assert reply["reached"] is not None and reply["losses"][-1] <= 0.9 < reply["losses"][-2]
    assert handle({**request, "target": ""})["reached"] is None


@pytest.mark.parametrize("steps, every", [(1, 1), (25, 1), (26, 10), (100, 10), (2000, 100), (5000, 1000)])
def test_the_table_under_the_curve_keeps_at_most_about_25_rows(steps, every):
    from site_builder.widgets.training import table_every

    assert table_every(steps) == every


def test_a_failing_try_out_below_the_function_does_not_stop_training():
    reply = training.train(GOOD_STEP + "\nprint(train_step(None, None, 1))\n", json.dumps(COUNTS), "2", "1.0")
    assert reply["status"] == "ok" and len(reply["losses"]) == 3


def test_stop_keeps_the_losses_so_far():
    code = GOOD_STEP.replace("    pairs = sum(", "    if W[0][1] > 0.2:\n        raise KeyboardInterrupt\n    pairs = sum(")
    reply = training.train(code, json.dumps(COUNTS), "50", "1.0")
    assert reply["status"] == "stopped" and 1 < len(reply["losses"]) < 51
    assert reply["summary"] == f"Stopped after {len(reply['losses']) - 1} of 50 steps."


def test_the_step_gets_copies_so_it_cannot_change_the_run():
    code = GOOD_STEP.replace("    pairs = sum(", "    counts[0][0] = 10**6\n    W[0][0] = 99.0\n    pairs = sum(")
    reply = training.train(code, json.dumps(COUNTS), "2", "1.0")
    good = training.train(GOOD_STEP, json.dumps(COUNTS), "2", "1.0")
    assert reply["losses"][0] == good["losses"][0]  # the loss is measured on the page's own counts


@pytest.mark.parametrize(
    "lab, said",
    [
        ("nope", "training lab 'nope' is not one of this lesson's labs ('add')"),
        ("add", "training runs train_step(), which lab '01-basics/add' does not ask for"),
    ],
)
def test_a_training_lab_the_lesson_lacks_or_without_train_step_is_refused_at_its_line(lab, said, mini_course, tmp_path):
    from click.testing import CliRunner

    from site_builder.cli import main

    lesson = "lessons/01-basics/adding.md"
    call = f'{{{{ training(lab="{lab}", steps=3, lr=1.0, counts=[[1, 2], [3, 4]], target=0.5, caption="Loss.") }}}}'
    path = mini_course / lesson
    lines = path.read_text(encoding="utf-8").splitlines() + ["", call, ""]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(mini_course), "build", "--out", str(tmp_path / "dist")])
    assert result.exit_code == 1, result.output
    assert f"{lesson}:{lines.index(call) + 1}: " in result.output and said in result.output, result.output
