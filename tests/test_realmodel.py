"""labkit.realmodel: the trained model's attention maps, and the model run with a learner's block."""

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest

import microgpt
from labkit import bundled, entry, realmodel
from site_builder.constants import HEADS, MAX_NAME_LETTERS

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
ATTEND_LAB = "08-attention/scaled-dot-product"
RMSNORM_LAB = "08-attention/rmsnorm-residuals"
SOFTMAX_LAB = "04-maths/softmax"
LINEAR_LAB = "04-maths/linear-layer"
DOT_LAB = "04-maths/dot-product"
BLEND_LAB = "04-maths/weighted-average"
HOOKS = {
    ATTEND_LAB: "attend", RMSNORM_LAB: "rmsnorm", SOFTMAX_LAB: "softmax", LINEAR_LAB: "linear",
    DOT_LAB: "dot", BLEND_LAB: "weighted_average",
}

# Wrong answers the real model cannot tell from right ones, and why.
INVISIBLE_IN_THE_MODEL = {
    # Without the max subtracted, exp() only overflows for scores above about 709; the
    # trained model's scores are a few units, so the weights come out the same.
    (ATTEND_LAB, "no_max_subtraction.py"),
    # The smallest score subtracted instead of the largest: the same weights, until a gap passes 709.
    (ATTEND_LAB, "subtracts_min.py"),
    # These only get residual_block() wrong; the model plugs in rmsnorm() alone.
    (RMSNORM_LAB, "adds_to_normalised.py"),
    (RMSNORM_LAB, "block_reads_raw_x.py"),
    # It returns the right numbers and also overwrites x; the model never reads x again.
    (RMSNORM_LAB, "changes_x_in_place.py"),
    # As for attend: the model's attention scores are far below where exp overflows.
    (SOFTMAX_LAB, "no_max_subtraction.py"),
    (SOFTMAX_LAB, "subtracts_min.py"),
    # Right chances, written into the scores it was given: the model hands it a copy.
    (SOFTMAX_LAB, "changes_logits.py"),
    # Its only mistakes are for vectors of different lengths, which the model never multiplies.
    (DOT_LAB, "wrong_error.py"),
    (DOT_LAB, "zip_cuts_short.py"),
    # The right blend, made by scaling the vectors it was given: the model hands it copies.
    (BLEND_LAB, "scales_in_place.py"),
}


def lab_file(lab, name):
    return (PROJECT / "labs" / lab / name).read_text(encoding="utf-8")


def wrong_answers(lab):
    return sorted((PROJECT / "labs" / lab / "wrong").glob("*.py"))


def largest_gap(rows, other_rows):
    return max(abs(a - b) for row, other in zip(rows, other_rows, strict=True) for a, b in zip(row, other, strict=True))


def compare(lab, code, name="emma"):
    result = realmodel.compare(lab, code, name, CHECKPOINT, hook=HOOKS[lab])
    json.dumps(result, allow_nan=False)  # what the page receives must be plain JSON
    return result


@pytest.fixture(scope="module")
def model():
    return microgpt.load_checkpoint(CHECKPOINT)


# --- attention ------------------------------------------------------------------


def test_attention_for_emma_is_the_models_own(model):
    result = realmodel.attention("emma", CHECKPOINT)
    assert result["status"] == "ok" and result["name"] == "emma"
    maps = result["maps"]
    assert maps == microgpt.attention_maps(model, "emma")
    assert maps["tokens"] == ["<BOS>", "e", "m", "m", "a"]
    assert len(maps["heads"]) == HEADS
    for head in maps["heads"]:
        assert len(head["scores"]) == len(head["weights"]) == 5
        for t, (scores, weights) in enumerate(zip(head["scores"], head["weights"])):
            assert len(scores) == len(weights) == t + 1
            assert math.fsum(weights) == pytest.approx(1.0, abs=1e-12)
    json.dumps(result, allow_nan=False)


def test_attention_lower_cases_and_strips_the_name(model):
    result = realmodel.attention("  Emma \n", CHECKPOINT)
    assert result["name"] == "emma"
    assert result["maps"] == microgpt.attention_maps(model, "emma")


def test_a_fifteen_letter_name_fills_the_context(model):
    result = realmodel.attention("christopherjohn", CHECKPOINT)
    assert result["status"] == "ok"
    assert len(result["maps"]["tokens"]) == model.config.block_size


@pytest.mark.parametrize(
    "name, says",
    [
        ("", "Type a name"),
        ("   ", "Type a name"),
        ("Émilie", "“é”"),
        ("a" * (MAX_NAME_LETTERS + 1), f"{MAX_NAME_LETTERS + 1} characters"),
        ("x1", "“1”"),
        ("mary ann", "a space"),
    ],
)
def test_names_the_model_cannot_read_get_a_friendly_error(name, says):
    result = realmodel.attention(name, CHECKPOINT)
    assert result["status"] == "error"
    assert says in result["summary"]
    assert f"1 to {MAX_NAME_LETTERS} letters from a to z" in result["summary"]
    assert "maps" not in result


def test_the_checkpoint_is_read_once(monkeypatch):
    realmodel.load_model(CHECKPOINT)
    monkeypatch.setattr(microgpt, "load_checkpoint", lambda path: pytest.fail("read the checkpoint again"))
    assert realmodel.attention("anna", CHECKPOINT)["status"] == "ok"


# --- compare ----------------------------------------------------------------------


@pytest.mark.parametrize("lab", list(HOOKS))
@pytest.mark.parametrize("name", ["emma", "a", "christopherjohn"])
def test_the_reference_solution_matches_the_real_model(lab, name, model):
    result = compare(lab, lab_file(lab, "solution.py"), name)
    assert result["status"] == "ok", result
    assert result["match"] is True
    assert 0 <= result["max_difference"] <= 1e-9
    assert result["hook"] == HOOKS[lab] and result["name"] == name
    assert result["reference"] == microgpt.attention_maps(model, name)
    assert "same" in result["summary"] and f"“{name}”" in result["summary"]
    assert "decimal places" in result["summary"] or "every number is identical" in result["summary"]


def test_attend_shows_the_learners_weights_and_no_scores():
    result = compare(ATTEND_LAB, lab_file(ATTEND_LAB, "solution.py"))
    for mine, real in zip(result["learner"]["heads"], result["reference"]["heads"]):
        assert mine["scores"] is None
        assert largest_gap(mine["weights"], real["weights"]) < 1e-12


def test_rmsnorm_shows_the_attention_downstream_of_the_learners_norm():
    result = compare(RMSNORM_LAB, lab_file(RMSNORM_LAB, "solution.py"))
    for mine, real in zip(result["learner"]["heads"], result["reference"]["heads"]):
        assert largest_gap(mine["scores"], real["scores"]) < 1e-12
        assert largest_gap(mine["weights"], real["weights"]) < 1e-12


@pytest.mark.parametrize(
    "lab, wrong",
    [(lab, path) for lab in HOOKS for path in wrong_answers(lab)],
    ids=lambda value: getattr(value, "name", value),
)
def test_wrong_answers_do_not_match(lab, wrong):
    result = compare(lab, wrong.read_text(encoding="utf-8"))
    if (lab, wrong.name) in INVISIBLE_IN_THE_MODEL:
        assert result["match"] is True, result["summary"]
        return
    assert result["status"] in ("ok", "error")
    assert result.get("match") is not True
    if result["status"] == "ok":
        assert result["max_difference"] > 1e-9
        assert "makes the model compute different numbers" in result["summary"]


def test_a_mismatch_says_where_the_difference_is_largest():
    result = compare(ATTEND_LAB, lab_file(ATTEND_LAB, "wrong/no_sqrt_scaling.py"))
    at = result["largest_at"]
    assert at["part"] in ("weights", "logits") and 0 <= at["position"] < 5
    token = result["reference"]["tokens"][at["position"]]
    assert f"from “{token}” (position {at['position']})" in result["summary"]
    assert f"the {realmodel.HEAD_NAMES[at['head']]} head" in result["summary"]
    assert realmodel.plain_number(result["max_difference"]) in result["summary"]


def test_the_learners_function_really_runs_inside_the_model(capsys):
    solution = lab_file(RMSNORM_LAB, "solution.py")
    code = solution.replace("def rmsnorm(x):\n", "def rmsnorm(x):\n    print('rmsnorm ran')\n")
    capsys.readouterr()
    assert compare(RMSNORM_LAB, code)["match"] is True
    runs = capsys.readouterr().out.count("rmsnorm ran")
    # The script's own two prints, then at each of 5 positions: embedding, before attention, before the MLP.
    assert runs == 2 + 5 * 3


def test_a_learner_function_that_raises_points_at_the_learners_line():
    code = (
        "def attend(q, keys, values):\n"
        "    if len(keys) > 2:\n"
        "        raise ValueError('too many keys')\n"
        "    return values[0]\n"
    )
    result = compare(ATTEND_LAB, code)
    assert result["status"] == "error"
    assert result["error"]["type"] == "ValueError" and result["error"]["line"] == 3
    assert "raise ValueError('too many keys')" in result["error"]["text"]
    assert "realmodel" not in result["error"]["text"] and "microgpt" not in result["error"]["text"]
    assert result["summary"] == "Your attend() raised ValueError on line 3 inside the model."


def test_a_result_of_the_wrong_shape_points_at_the_def_line():
    result = compare(RMSNORM_LAB, "\n\ndef rmsnorm(x):\n    return x[:3]\n")
    assert result["status"] == "error"
    assert result["error"]["line"] == 3
    assert "a list of 3 numbers" in result["summary"] and "a list of 16 numbers" in result["summary"]


def test_the_starters_do_not_match():
    assert compare(ATTEND_LAB, lab_file(ATTEND_LAB, "starter.py"))["status"] == "error"
    assert compare(RMSNORM_LAB, lab_file(RMSNORM_LAB, "starter.py"))["match"] is False


def test_numbers_that_are_not_finite_are_reported_not_returned():
    result = compare(RMSNORM_LAB, "def rmsnorm(x):\n    return [float('nan')] * len(x)\n")
    assert result["status"] == "ok" and result["match"] is False
    assert result["max_difference"] is None
    assert "not finite" in result["summary"]


@pytest.mark.parametrize(
    "code, says",
    [
        ("def attend(q, keys, values:\n    pass\n", "Your code raised SyntaxError on line 1."),
        ("x = 1 / 0\n", "Your code raised ZeroDivisionError on line 1."),
        ("def attention(q, keys, values):\n    return q\n", "does not define attend()"),
    ],
)
def test_code_that_cannot_plug_in_gets_an_error(code, says):
    result = compare(ATTEND_LAB, code)
    assert result["status"] == "error" and says in result["summary"]


def test_stop_inside_the_learners_function_stops():
    result = compare(ATTEND_LAB, "def attend(q, keys, values):\n    raise KeyboardInterrupt\n")
    assert result["status"] == "stopped"


# --- through the page's entry point ------------------------------------------------


@pytest.fixture
def bundled_labs(monkeypatch, tmp_path):
    """The package data the wheel carries: the checkpoint, and an index of labs with their lab.json."""
    monkeypatch.setattr(realmodel, "CHECKPOINT", CHECKPOINT)
    folder = tmp_path / "labs"
    labs = {ATTEND_LAB: "attend", "08-attention/causal-masking": None}
    for index, (lab, hook) in enumerate(labs.items()):
        (folder / str(index)).mkdir(parents=True)
        (folder / str(index) / "lab.json").write_text(json.dumps({"id": lab, "model_hook": hook}))
    (folder / "index.json").write_text(json.dumps({lab: str(index) for index, lab in enumerate(labs)}))
    monkeypatch.setattr(bundled, "BUNDLED_LABS", folder)


def test_entry_dispatches_attention(bundled_labs):
    assert entry.handle({"action": "attention", "name": "emma"}) == realmodel.attention("emma", CHECKPOINT)


def test_entry_dispatches_compare_with_the_labs_hook(bundled_labs):
    code = lab_file(ATTEND_LAB, "solution.py")
    result = entry.handle({"action": "compare", "lab": ATTEND_LAB, "code": code, "name": "Emma"})
    assert result["action"] == "compare" and result["status"] == "ok"
    assert result["hook"] == "attend" and result["name"] == "emma" and result["match"] is True


def test_a_lab_without_a_hook_says_so(bundled_labs):
    result = entry.handle({"action": "compare", "lab": "08-attention/causal-masking", "code": "", "name": "emma"})
    assert result["status"] == "error" and "does not plug into the real model" in result["summary"]


def test_an_unknown_lab_is_refused(bundled_labs):
    with pytest.raises(ValueError, match="No lab called"):
        entry.handle({"action": "compare", "lab": "../../etc", "code": "", "name": "emma"})


# --- the blocks of Modules 4-7: softmax, linear, mlp, embed -------------------------

PLAIN_SOFTMAX = """
import math
import re

def softmax(logits):
    top = max(logits)
    exps = [math.exp(value - top) for value in logits]
    return [e / sum(exps) for e in exps]
"""
PLAIN_LINEAR = """
def linear(x, w):
    return [sum(weight * number for weight, number in zip(row, x)) for row in w]
"""
PLAIN_MLP = PLAIN_LINEAR + """
def mlp(x, fc1, fc2):
    hidden = [max(0.0, h) for h in linear(x, fc1)]
    return linear(hidden, fc2)
"""
PLAIN_EMBED = """
def embed(wte, token):
    return list(wte[token])
"""
PLAIN_DOT = """
def dot(a, b):
    return sum(x * y for x, y in zip(a, b))
"""
PLAIN_BLEND = """
def weighted_average(weights, vectors):
    return [sum(w * v[i] for w, v in zip(weights, vectors)) for i in range(len(vectors[0]))]
"""
RIGHT = {
    "softmax": PLAIN_SOFTMAX, "linear": PLAIN_LINEAR, "mlp": PLAIN_MLP, "embed": PLAIN_EMBED,
    "dot": PLAIN_DOT, "weighted_average": PLAIN_BLEND,
}
WRONG = {
    "dot": PLAIN_DOT.replace("sum(x * y for x, y in zip(a, b))", "sum(a) * sum(b)"),  # the totals multiplied, not the pairs
    "weighted_average": PLAIN_BLEND.replace("zip(weights, vectors)", "zip(weights, vectors[::-1])"),  # weights on the wrong vectors
    "softmax": PLAIN_SOFTMAX.replace("e / sum(exps)", "e / max(exps)"),  # divided by the max, not the sum
    "linear": PLAIN_LINEAR + "\nmodel_linear = linear\n\ndef linear(x, w):\n    return model_linear(x, w)[::-1]\n",
    "mlp": PLAIN_MLP.replace("max(0.0, h)", "h"),  # forgot the ReLU
    "embed": PLAIN_EMBED.replace("wte[token]", "wte[token - 1]"),  # off by one row
}


def compare_hook(hook, code, name="emma"):
    result = realmodel.compare("any/lab", code, name, CHECKPOINT, hook=hook)
    json.dumps(result, allow_nan=False)
    return result


@pytest.mark.parametrize("hook", sorted(RIGHT))
@pytest.mark.parametrize("name", ["emma", "christopherjohn"])
def test_a_right_block_matches_the_real_model(hook, name, model):
    result = compare_hook(hook, RIGHT[hook], name)
    assert result["status"] == "ok", result
    assert result["match"] is True and result["max_difference"] <= 1e-9
    assert result["reference"] == microgpt.attention_maps(model, name)
    assert f"Your {hook}() gives the model" in result["summary"] and "same" in result["summary"]
    if result["max_difference"] == 0:
        assert "exactly the same" in result["summary"] and "every number is identical" in result["summary"]
    else:
        assert "they agree to at least 9 decimal places" in result["summary"]


@pytest.mark.parametrize("hook", sorted(WRONG))
def test_a_wrong_block_does_not_match(hook):
    result = compare_hook(hook, WRONG[hook])
    assert result["status"] == "ok", result
    assert result["match"] is False and result["max_difference"] > 1e-3
    assert "makes the model compute different numbers for “emma”" in result["summary"]
    assert realmodel.plain_number(result["max_difference"]) in result["summary"]


def test_the_mlp_changes_only_the_next_letter_scores():
    result = compare_hook("mlp", WRONG["mlp"])
    # One layer: attention comes before the MLP, so only the logits can differ.
    assert result["largest_at"]["part"] == "logits"
    assert "next-letter scores after" in result["summary"]
    for mine, real in zip(result["learner"]["heads"], result["reference"]["heads"]):
        assert largest_gap(mine["weights"], real["weights"]) == 0


def test_a_learners_linear_is_every_matrix_vector_product(capsys):
    code = PLAIN_LINEAR.replace("def linear(x, w):\n", "def linear(x, w):\n    print(len(w), len(x))\n")
    capsys.readouterr()
    assert compare_hook("linear", code, "ab")["match"] is True
    shapes = capsys.readouterr().out.split("\n")
    # Per position: q, k, v (16x16), attn_wo (16x16), fc1 (64x16), fc2 (16x64), lm_head (27x16).
    per_position = ["16 16"] * 4 + ["64 16", "16 64", "27 16"]
    assert shapes[:-1] == per_position * 3


def test_a_learners_softmax_gives_every_heads_weights(capsys):
    code = PLAIN_SOFTMAX.replace("    top = max(logits)\n", "    print(len(logits))\n    top = max(logits)\n")
    capsys.readouterr()
    assert compare_hook("softmax", code, "ab")["match"] is True
    # 4 heads at each of 3 positions, each seeing 1, 2, then 3 positions.
    assert capsys.readouterr().out.split() == ["1"] * 4 + ["2"] * 4 + ["3"] * 4


def test_a_learners_dot_is_every_dot_product_of_the_model(capsys):
    code = PLAIN_DOT.replace("def dot(a, b):\n", "def dot(a, b):\n    print(len(a))\n")
    capsys.readouterr()
    assert compare_hook("dot", code, "a")["match"] is True
    lengths = Counter(int(n) for n in capsys.readouterr().out.split())
    # Two positions (BOS, then "a"). At each: x · x in 3 normalisations, then one dot product per
    # row of q, k, v, attn_wo (16 rows each), fc1 (64 rows) and lm_head (27 rows), all of 16
    # numbers; fc2's 16 rows of 64; in each of 4 heads, a score of 4 numbers for each position
    # seen, and 4 blends as long as the positions seen (1, then 2).
    sixteen = 3 + 4 * 16 + 64 + 27
    assert lengths == Counter({16: 2 * sixteen, 64: 2 * 16, 4: 4 * 1 + 4 * 2, 1: 4 * 4, 2: 4 * 4})


def test_a_learners_weighted_average_blends_every_heads_values(capsys):
    code = PLAIN_BLEND.replace("    return", "    print(len(weights), len(vectors[0]))\n    return")
    capsys.readouterr()
    result = compare_hook("weighted_average", code, "ab")
    assert result["match"] is True
    # 4 heads at each of 3 positions, blending 1, 2, then 3 values of 4 numbers.
    assert capsys.readouterr().out.split("\n")[:-1] == ["1 4"] * 4 + ["2 4"] * 4 + ["3 4"] * 4
    wrong = compare_hook("weighted_average", WRONG["weighted_average"])
    # The blend comes after the attention weights: only the next-letter scores can differ.
    assert wrong["largest_at"]["part"] == "logits" and "next-letter scores after" in wrong["summary"]


def test_a_learners_embed_reads_both_tables(capsys):
    code = PLAIN_EMBED.replace("    return", "    print(len(wte), token)\n    return")
    capsys.readouterr()
    assert compare_hook("embed", code, "ab")["match"] is True
    # BOS, a, b: each token's row of wte (27 rows), then its position's row of wpe (16 rows).
    assert capsys.readouterr().out.split("\n")[:-1] == ["27 26", "16 0", "27 0", "16 1", "27 1", "16 2"]


def test_a_block_that_changes_its_arguments_cannot_change_the_model():
    code = PLAIN_EMBED.replace("    return list(wte[token])", "    row = wte[token]\n    wte[token] = [0.0] * len(row)\n    return row")
    assert compare_hook("embed", code)["match"] is True


@pytest.mark.parametrize(
    "hook, code, says",
    [
        ("softmax", "def softmax(logits):\n    print(logits)\n", "returned None"),
        ("linear", "def linear(x, w):\n    return [sum(x)]\n", "a list of 16 numbers, one per row of w"),
        ("mlp", "def mlp(x, fc1, fc2):\n    return x + x\n", "a list of 16 numbers, one per row of fc2"),
        ("embed", "def embed(wte, token):\n    return wte\n", "a list of 16 numbers"),
        ("dot", PLAIN_DOT.replace("return sum(", "return list("), "returned a list of 16 numbers, but the model needs one number"),
        ("weighted_average", "def weighted_average(weights, vectors):\n    return weights\n", "a list of 4 numbers, as long as each value"),
        # Added, not multiplied: x · x can come out below 0, and a normalisation needs its square root.
        ("dot", PLAIN_DOT.replace("x * y", "x + y"), "for a vector times itself, where every product is a square and none is below 0"),
    ],
)
def test_a_block_of_the_wrong_shape_says_what_the_model_needs(hook, code, says):
    result = compare_hook(hook, code)
    assert result["status"] == "error" and says in result["summary"]


@pytest.mark.parametrize("hook", sorted(RIGHT))
def test_each_model_block_is_the_models_own_function(hook, model):
    # MODEL_BLOCKS is what the build checks a lab's answers against: it must give what the model computes.
    weights = model.plain_weights()
    x = weights["wte"][4]
    block = realmodel.MODEL_BLOCKS[hook]
    if hook == "softmax":
        exps = [math.exp(v - 1000) for v in (1000, 999, 998)]
        assert block([1000, 999, 998]) == pytest.approx([e / sum(exps) for e in exps], abs=1e-15)
    elif hook == "linear":
        assert block(x, weights["lm_head"]) == pytest.approx([math.fsum(a * b for a, b in zip(row, x)) for row in weights["lm_head"]], abs=1e-12)
    elif hook == "dot":
        assert block(x, weights["wpe"][3]) == pytest.approx(math.fsum(a * b for a, b in zip(x, weights["wpe"][3])), abs=1e-12)
    elif hook == "weighted_average":
        vectors = weights["wte"][:3]
        assert block([0.5, 0.25, 0.25], vectors) == pytest.approx(
            [math.fsum(w * v[i] for w, v in zip([0.5, 0.25, 0.25], vectors)) for i in range(16)], abs=1e-12
        )
    elif hook == "mlp":
        fc1, fc2 = weights["layer0.mlp_fc1"], weights["layer0.mlp_fc2"]
        hidden = [max(0.0, math.fsum(a * b for a, b in zip(row, x))) for row in fc1]
        assert block(x, fc1, fc2) == pytest.approx([math.fsum(a * b for a, b in zip(row, hidden)) for row in fc2], abs=1e-12)
    else:
        assert block(weights["wte"], 4) == x


def test_the_next_letters_are_the_models_most_likely(model):
    result = compare_hook("mlp", WRONG["mlp"])
    letters = result["next_letters"]
    logits = microgpt.run_name(model, "emma")[1][-1]
    exps = [math.exp(v) for v in logits]
    probs = [e / math.fsum(exps) for e in exps]
    best = sorted(range(27), key=lambda t: -probs[t])[: len(letters)]
    assert [entry["model"] for entry in letters] == pytest.approx([probs[t] for t in best], abs=1e-12)
    shown = [model.tokenizer.token_text(t) for t in best]
    assert [entry["letter"] for entry in letters] == ["end of name" if s == "<BOS>" else s for s in shown]
    assert any(abs(entry["learner"] - entry["model"]) > 1e-6 for entry in letters)


SCIENTIFIC = re.compile(r"\d(\.\d+)?[eE][-+]?\d")


def every_summary():
    for lab in HOOKS:
        for path in [PROJECT / "labs" / lab / "solution.py", *wrong_answers(lab)]:
            yield compare(lab, path.read_text(encoding="utf-8"))["summary"]
    for hook in RIGHT:
        for code in (RIGHT[hook], WRONG[hook]):
            for name in ("emma", "a", "christopherjohn"):
                yield compare_hook(hook, code, name)["summary"]


def test_no_summary_uses_scientific_notation():
    summaries = list(every_summary())
    assert len(summaries) > 30
    for summary in summaries:
        assert not SCIENTIFIC.search(summary), summary
        assert "1e-" not in summary and "tolerance" not in summary


@pytest.mark.parametrize(
    "difference, words",
    [
        (0.52, "is off by 0.52"),
        (1734.2, "is off by 1,700"),
        (0.0123, "is off by 0.012"),
        (0.00034, "agrees with the model's to 3 decimal places, but not to 9"),
        (2.5e-8, "agrees with the model's to 7 decimal places, but not to 9"),
    ],
)
def test_a_gap_is_said_in_words(difference, words):
    assert realmodel.how_far(difference) == words
