"""labkit.realmodel: the trained model's attention maps, and the model run with a learner's block."""

import json
import math
from pathlib import Path

import pytest

import microgpt
from labkit import bundled, entry, realmodel
from site_builder.constants import HEADS, MAX_NAME_LETTERS

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
ATTEND_LAB = "08-attention/scaled-dot-product"
RMSNORM_LAB = "08-attention/rmsnorm-residuals"
HOOKS = {ATTEND_LAB: "attend", RMSNORM_LAB: "rmsnorm"}

# Wrong answers the real model cannot tell from right ones, and why.
INVISIBLE_IN_THE_MODEL = {
    # Without the max subtracted, exp() only overflows for scores above about 709; the
    # trained model's scores are a few units, so the weights come out the same.
    (ATTEND_LAB, "no_max_subtraction.py"),
    # These only get residual_block() wrong; the model plugs in rmsnorm() alone.
    (RMSNORM_LAB, "adds_to_normalised.py"),
    (RMSNORM_LAB, "block_reads_raw_x.py"),
    # It returns the right numbers and also overwrites x; the model never reads x again.
    (RMSNORM_LAB, "changes_x_in_place.py"),
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


@pytest.mark.parametrize("lab", [ATTEND_LAB, RMSNORM_LAB])
@pytest.mark.parametrize("name", ["emma", "a", "christopherjohn"])
def test_the_reference_solution_matches_the_real_model(lab, name, model):
    result = compare(lab, lab_file(lab, "solution.py"), name)
    assert result["status"] == "ok", result
    assert result["match"] is True
    assert 0 <= result["max_difference"] <= 1e-9
    assert result["hook"] == HOOKS[lab] and result["name"] == name
    assert result["reference"] == microgpt.attention_maps(model, name)
    assert "gives the same" in result["summary"] and f"“{name}”" in result["summary"]


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
    [(lab, path) for lab in (ATTEND_LAB, RMSNORM_LAB) for path in wrong_answers(lab)],
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
        assert "differs from the real model" in result["summary"]


def test_a_mismatch_says_where_the_difference_is_largest():
    result = compare(ATTEND_LAB, lab_file(ATTEND_LAB, "wrong/no_sqrt_scaling.py"))
    at = result["largest_at"]
    assert at["part"] in ("weights", "logits") and 0 <= at["position"] < 5
    token = result["reference"]["tokens"][at["position"]]
    assert f"position {at['position']} (“{token}”)" in result["summary"]
    assert realmodel.short_number(result["max_difference"]) in result["summary"]


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
