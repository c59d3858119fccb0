"""Module 9's numbers, recomputed another way.

The provider (course/numbers/whole_gpt.py) runs course/microgpt's own functions. Here the
same numbers are worked out from course/checkpoint.json's JSON with plain loops and `math`
(a forward pass written out step by step, attention head by head), so a slip in the
provider, or in the way it calls microgpt, shows up as a disagreement.
"""

import importlib
import json
import math
from pathlib import Path

import pytest

from site_builder.numbers import fresh_package

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
TOLERANCE = 1e-9


@pytest.fixture(scope="module")
def whole_gpt():
    fresh_package(PROJECT / "course" / "numbers")
    return importlib.import_module("course_numbers.whole_gpt")


@pytest.fixture(scope="module")
def saved():
    return json.loads(CHECKPOINT.read_text(encoding="utf-8"))


def close(a, b):
    if isinstance(a, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return math.isclose(a, b, rel_tol=TOLERANCE, abs_tol=TOLERANCE)


# --- the forward pass, written out from the JSON ------------------------------------------


def matvec(w, x):
    return [math.fsum(a * b for a, b in zip(row, x)) for row in w]


def norm(x):
    scale = (math.fsum(v * v for v in x) / len(x) + 1e-5) ** -0.5
    return [v * scale for v in x]


def one_head(q, keys, values):
    scores = [math.fsum(a * b for a, b in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    exps = [math.exp(s - max(scores)) for s in scores]
    weights = [e / math.fsum(exps) for e in exps]
    blend = [math.fsum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
    return weights, blend


def read_name(saved, name):
    """Every step of the model reading BOS and the letters of `name`, position by position."""
    w = saved["weights"]
    chars = saved["vocabulary"]["chars"]
    bos = saved["vocabulary"]["bos"]
    n_head = saved["config"]["n_head"]
    tokens = [bos] + [chars.index(c) for c in name]
    keys, values, steps = [], [], []
    for pos, token in enumerate(tokens):
        x = norm([a + b for a, b in zip(w["wte"][token], w["wpe"][pos])])
        inner = norm(x)
        q = matvec(w["layer0.attn_wq"], inner)
        keys.append(matvec(w["layer0.attn_wk"], inner))
        values.append(matvec(w["layer0.attn_wv"], inner))
        size = len(q) // n_head
        heads = [
            one_head(q[h * size:(h + 1) * size], [k[h * size:(h + 1) * size] for k in keys],
                     [v[h * size:(h + 1) * size] for v in values])
            for h in range(n_head)
        ]
        joined = [number for _, blend in heads for number in blend]
        attended = matvec(w["layer0.attn_wo"], joined)
        after_attention = [a + b for a, b in zip(attended, x)]
        hidden = [max(0.0, h) for h in matvec(w["layer0.mlp_fc1"], norm(after_attention))]
        after_mlp = [a + b for a, b in zip(matvec(w["layer0.mlp_fc2"], hidden), after_attention)]
        steps.append({
            "token": token, "q": q, "weights": [weights for weights, _ in heads],
            "blends": [blend for _, blend in heads], "joined": joined, "attended": attended,
            "after_attention": after_attention, "after_mlp": after_mlp,
            "logits": matvec(w["lm_head"], after_mlp),
        })
    return tokens, steps


# --- lesson 1: multi-head attention ------------------------------------------------------


def test_toy_heads_by_hand(whole_gpt):
    toy = whole_gpt.multi_head()["toy"]
    # Head 0: q [1, 0, 0, 0] meets keys [1, 0, 0, 0] and [0, 0, 0, 0]: scores 1/2 and 0.
    w0 = [math.exp(0.5) / (math.exp(0.5) + 1), 1 / (math.exp(0.5) + 1)]
    # Head 1: q [0, 0, 2, 0] meets [0, 0, 0, 0] and [0, 0, 2, 0]: scores 0 and 4/2 = 2.
    w1 = [1 / (1 + math.exp(2)), math.exp(2) / (1 + math.exp(2))]
    assert close(toy["heads"][0]["weights"], w0)
    assert close(toy["heads"][1]["weights"], w1)
    expected = [4 * w0[0], 4 * w0[1], 0, 0, 8 * w1[0], 0, 8 * w1[1], 0]
    assert close(toy["joined"], expected)


def test_emma_heads_from_the_json(whole_gpt, saved):
    mh = whole_gpt.multi_head()
    tokens, steps = read_name(saved, "emma")
    last = steps[-1]
    assert mh["positions"] == len(tokens) == 5
    assert close(mh["q"], last["q"])
    assert close(mh["q_slices"], [last["q"][h * 4:(h + 1) * 4] for h in range(4)])
    assert close(mh["weights"], last["weights"])
    assert close(mh["blends"], last["blends"])
    assert close(mh["joined"], last["joined"])
    assert close(mh["mixed"], last["attended"])
    assert mh["strongest"] == [max(range(5), key=row.__getitem__) for row in last["weights"]]


def test_attn_wo_sizes_and_row_zero(whole_gpt, saved):
    mh = whole_gpt.multi_head()
    wo = saved["weights"]["layer0.attn_wo"]
    assert (mh["wo_rows"], mh["wo_cols"]) == (len(wo), len(wo[0])) == (16, 16)
    assert mh["wo_params"] == 256
    assert mh["attention_params"] == sum(len(saved["weights"][f"layer0.attn_w{t}"]) * 16 for t in "qkvo")
    joined = read_name(saved, "emma")[1][-1]["joined"]
    parts = [math.fsum(wo[0][j] * joined[j] for j in range(h * 4, h * 4 + 4)) for h in range(4)]
    assert close(mh["mixed0_from_head"], parts)
    assert math.isclose(math.fsum(parts), mh["mixed"][0], abs_tol=1e-12)


def test_what_the_lesson_says_about_the_heads(saved):
    """The words of lesson 1: head 2 looks at the "a" itself, heads 3 and 4 at the second "m",
    head 1 spreads itself thinly (no position above 30%)."""
    weights = read_name(saved, "emma")[1][-1]["weights"]
    assert [max(range(5), key=row.__getitem__) for row in weights[1:]] == [4, 3, 3]
    assert max(weights[0]) < 0.3


# --- lesson 2: the forward pass for one letter --------------------------------------------


def test_forward_pass_stages_from_the_json(whole_gpt, saved):
    fp = whole_gpt.forward_pass()
    tokens, steps = read_name(saved, "emma")
    w = saved["weights"]
    last = steps[-1]
    assert (fp["token"], fp["pos"], fp["letter"]) == (tokens[-1], 4, "a") == (saved["vocabulary"]["chars"].index("a"), 4, "a")
    embedded = [a + b for a, b in zip(w["wte"][fp["token"]], w["wpe"][4])]
    assert close(fp["embedded"], embedded)
    assert close(fp["normed"], norm(embedded))
    assert close(fp["inner"], norm(norm(embedded)))
    assert close(fp["attended"], last["attended"])
    assert close(fp["after_attention"], last["after_attention"])
    assert close(fp["mlp_in"], norm(last["after_attention"]))
    assert close(fp["after_mlp"], last["after_mlp"])
    assert close(fp["logits"], last["logits"])
    assert close(fp["bos_logits"], steps[0]["logits"])
    assert fp["n_logits"] == len(w["lm_head"]) == 27


def test_norming_twice_moves_each_number_by_less_than_a_thousandth(whole_gpt):
    fp = whole_gpt.forward_pass()
    assert max(abs(a - b) for a, b in zip(fp["normed"], fp["inner"])) < 1e-3
    assert fp["normed"] != fp["inner"]


def test_next_letters_after_emma(whole_gpt, saved):
    fp = whole_gpt.forward_pass()
    logits = read_name(saved, "emma")[1][-1]["logits"]
    exps = [math.exp(v - max(logits)) for v in logits]
    probs = [e / math.fsum(exps) for e in exps]
    chars = saved["vocabulary"]["chars"]
    ranked = sorted(range(27), key=lambda t: -probs[t])[:5]
    letters = ["end of name" if t == saved["vocabulary"]["bos"] else chars[t] for t in ranked]
    assert fp["next"]["letters"] == letters
    assert letters[:2] == ["n", "end of name"]  # what the lesson says in words
    assert close(fp["next"]["probs"], [probs[t] for t in ranked])


def test_forward_pass_matches_microgpt_on_values(whole_gpt):
    """The float path the provider runs and the Value path training runs give the same scores."""
    import microgpt

    fp = whole_gpt.forward_pass()
    model = microgpt.load_checkpoint(CHECKPOINT)
    tokens = model.tokenizer.encode("emma")[:-1]
    cache = model.new_cache()
    for pos, token in enumerate(tokens):
        logits = model.forward(token, pos, cache)
    assert [v.data for v in logits] == fp["logits"]


def test_three_norms_per_letter(whole_gpt):
    import microgpt

    calls = []

    def counting_norm(x):
        calls.append(1)
        return microgpt.layers.rmsnorm(x)

    model = microgpt.load_checkpoint(CHECKPOINT)
    microgpt.run_tokens(model, [26], norm=counting_norm)
    assert whole_gpt.forward_pass()["norms_per_letter"] == len(calls) == 3


# --- lesson 3: the loss of a whole name ---------------------------------------------------


def test_toy_loss_by_hand(whole_gpt):
    toy = whole_gpt.name_loss()["toy"]
    e = math.e
    surprises = [-math.log(e**2 / (e**2 + 2)), -math.log(e / (e + 2)), -math.log(e**3 / (e**3 + 2))]
    assert close(toy["losses"], surprises)
    assert close(toy["loss"], math.fsum(surprises) / 3)


def test_emma_loss_from_the_json(whole_gpt, saved):
    emma = whole_gpt.name_loss()["emma"]
    tokens, steps = read_name(saved, "emma")
    targets = tokens[1:] + [saved["vocabulary"]["bos"]]
    surprises = []
    for step, target in zip(steps, targets):
        logits = step["logits"]
        log_total = math.log(math.fsum(math.exp(v) for v in logits))
        surprises.append(log_total - logits[target])
    assert close(emma["losses"], surprises)
    assert close(emma["loss"], math.fsum(surprises) / 5)
    assert max(range(5), key=surprises.__getitem__) == 2  # "the second m surprises it most"
    assert emma["targets"][-1] == "end of name"


def test_first_step_loss_is_the_checkpoints(whole_gpt, saved):
    nl = whole_gpt.name_loss()
    assert nl["first"]["loss"] == pytest.approx(saved["losses"][0], abs=1e-12)
    assert round(saved["losses"][0], 12) == 3.365966947585  # the reference microgpt's first loss
    assert nl["uniform"] == math.log(27)
    assert all(abs(p - 1 / 27) < 0.03 for p in nl["first"]["probs"])  # "every chance is near 1/27"


def test_first_name_is_the_seed_42_shuffle(whole_gpt):
    import random

    from site_builder.names_data import names_path

    names = [line.strip() for line in names_path(PROJECT).read_text().splitlines() if line.strip()]
    random.Random(42).shuffle(names)
    assert whole_gpt.name_loss()["first"]["name"] == names[0]
    assert whole_gpt.first_step()["second_name"] == names[1]


# --- lesson 4: Adam -------------------------------------------------------------------------


def adam_by_hand(p, grads, lr, b1=0.85, b2=0.99, eps=1e-8):
    """Adam as the papers write it, one weight, t from 1."""
    m = v = 0.0
    out = []
    for t, g in enumerate(grads, start=1):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        p = p - lr * (m / (1 - b1**t)) / (math.sqrt(v / (1 - b2**t)) + eps)
        out.append([p, m, v])
    return out


def test_adam_walk_by_hand(whole_gpt):
    ad = whole_gpt.adam()
    assert (ad["beta1"], ad["beta2"], ad["eps"]) == (0.85, 0.99, 1e-8)
    assert close([s["result"] for s in ad["steps"]], adam_by_hand(0.5, [0.2, 0.2, -0.1], 0.01))
    assert close(ad["tiny"]["result"], adam_by_hand(0.5, [0.0001], 0.01)[0])
    assert abs(ad["big_move"] - 0.01) < 1e-9 and abs(ad["tiny_move"] - 0.01) < 1e-5
    assert ad["steps"][2]["m_hat"] > 0 and ad["steps"][2]["p"] < ad["steps"][1]["p"]  # "keeps going down"
    assert close(ad["no_correction_m"], 0.15 * 0.2)
    assert close(ad["plain"], [0.5 - 0.01 * 0.2, 0.5 - 0.01 * 0.0001])


def test_real_adam_step_matches_the_checkpoints_training(whole_gpt, saved):
    """The watched weight's first step, by hand, from the provider's gradient; and its start, from seed 42."""
    import random

    real = whole_gpt.adam()["real"]
    assert close(real["result"], adam_by_hand(real["before"], [real["grad"]], 0.01)[0])
    assert abs(real["before"] - real["after"] - 0.01) < 1e-6  # "by lr"
    # The starting weights are drawn after the shuffle, wte first, row by row.
    from site_builder.names_data import names_path

    names = [line.strip() for line in names_path(PROJECT).read_text().splitlines() if line.strip()]
    rng = random.Random(42)
    rng.shuffle(names)
    row = saved["vocabulary"]["chars"].index(real["letter"])
    draws = [rng.gauss(0, 0.08) for _ in range((row + 1) * 16)]
    assert real["before"] == draws[row * 16]


# --- lesson 5: one training step --------------------------------------------------------------


def starting_weights(saved):
    """The weights before training: seed 42, the names shuffled, then Gaussian draws in microgpt's order."""
    import random

    from site_builder.names_data import names_path

    names = [line.strip() for line in names_path(PROJECT).read_text().splitlines() if line.strip()]
    rng = random.Random(42)
    rng.shuffle(names)
    c = saved["config"]
    shapes = [("wte", c["vocab_size"], c["n_embd"]), ("wpe", c["block_size"], c["n_embd"]), ("lm_head", c["vocab_size"], c["n_embd"])]
    shapes += [(f"layer0.{n}", r, k) for n, r, k in [
        ("attn_wq", 16, 16), ("attn_wk", 16, 16), ("attn_wv", 16, 16), ("attn_wo", 16, 16), ("mlp_fc1", 64, 16), ("mlp_fc2", 16, 64)]]
    weights = {name: [[rng.gauss(0, c["init_std"]) for _ in range(cols)] for _ in range(rows)] for name, rows, cols in shapes}
    return names, {**saved, "weights": weights}


def test_first_step_gradients_of_lm_head_by_hand(whole_gpt, saved):
    """lm_head's gradient, worked out by hand: (softmax - one-hot) times the final vector, averaged over positions."""
    ts = whole_gpt.training_step()
    names, start = starting_weights(saved)
    name = names[0]
    tokens, steps = read_name(start, name)
    targets = tokens[1:] + [saved["vocabulary"]["bos"]]
    grad = [[0.0] * 16 for _ in range(27)]
    for step, target in zip(steps, targets):
        exps = [math.exp(v - max(step["logits"])) for v in step["logits"]]
        probs = [e / math.fsum(exps) for e in exps]
        for i in range(27):
            for j in range(16):
                grad[i][j] += (probs[i] - (i == target)) * step["after_mlp"][j] / len(steps)
    mean_abs = math.fsum(abs(g) for row in grad for g in row) / (27 * 16)
    assert ts["tables"]["lm_head"]["mean_abs_grad"] == pytest.approx(mean_abs, rel=1e-9)
    assert ts["name"] == name
    # The loss before the step, from the same hand-made forward pass.
    surprises = [math.log(math.fsum(math.exp(v) for v in s["logits"])) - s["logits"][t] for s, t in zip(steps, targets)]
    assert ts["loss"] == pytest.approx(math.fsum(surprises) / len(surprises), rel=1e-12)
    assert ts["loss"] > math.log(27)  # "just above ln 27"


def test_what_the_chart_shows(whole_gpt, saved):
    ts = whole_gpt.training_step()
    sizes = ts["tables"]
    ranked = sorted(sizes, key=lambda t: sizes[t]["mean_abs_grad"])
    assert ts["largest"] == ranked[-1] == "lm_head"
    assert set(ranked[:2]) == {"attn_wq", "attn_wk"}
    assert sizes["lm_head"]["mean_abs_grad"] / sizes["attn_wk"]["mean_abs_grad"] > 100  # Adam's "more than a hundred times"
    assert ts["chart"]["x"] == list(sizes) and ts["chart"]["y"] == [sizes[t]["mean_abs_grad"] for t in sizes]
    # wte: only the rows of the tokens the name uses get a gradient.
    used = {saved["vocabulary"]["bos"], *(saved["vocabulary"]["chars"].index(c) for c in ts["name"])}
    assert ts["used_rows"] == len(used)
    assert sizes["wte"]["zero"] == (27 - len(used)) * 16 and sizes["wte"]["count"] == 27 * 16
    assert "z" not in ts["name"]  # the question's "has no z"
    assert sum(t["count"] for t in sizes.values()) == ts["params"] == 4192


def test_adam_moves_the_row_by_the_rate(whole_gpt):
    ts = whole_gpt.training_step()
    before, (after, m, v) = ts["row"]["before"], ts["row"]["result"]
    assert close([[a, b, c] for a, b, c in zip(after, m, v)],
                 [adam_by_hand(p, [g], 0.01)[0] for p, g in zip(before, ts["row"]["grads"])])
    assert all(abs(abs(b - a) - 0.01) < 1e-4 for a, b in zip(before, after))
    assert ts["watched"]["before"] == before[0] and ts["watched"]["after"] == after[0]


def test_learning_rates_and_later_losses(whole_gpt, saved):
    ts = whole_gpt.training_step()
    assert ts["lr_at"] == {"0": 0.01, "500": 0.01 * 0.5, "999": 0.01 * (1 - 999 / 1000)}
    assert ts["second_loss"] == pytest.approx(saved["losses"][1], abs=1e-12)
    assert ts["last_loss"] == saved["losses"][-1] and round(saved["losses"][-1], 12) == 2.649694469741
    assert ts["after_loss"] < ts["loss"]
    assert ts["film_losses"] == [ts["loss"], ts["after_loss"]]


def test_loss_after_one_step_through_training_run(whole_gpt):
    """The same name's loss after step 0, with microgpt's TrainingRun taking the step itself."""
    from microgpt.train import TrainingRun, document_loss

    from site_builder.names_data import names_path

    names = [line.strip() for line in names_path(PROJECT).read_text().splitlines() if line.strip()]
    run = TrainingRun(names, num_steps=1000)
    first_loss = run.step()
    again = document_loss(run.model, run.model.tokenizer.encode(run.docs[0])).data
    ts = whole_gpt.training_step()
    assert first_loss == ts["loss"]
    assert again == pytest.approx(ts["after_loss"], rel=1e-12)


# --- the labs' snapshots of the checkpoint --------------------------------------------------


def test_the_labs_snapshots_are_the_checkpoints_numbers(whole_gpt, saved):
    """The labs' real-model cases hold literal copies of the trained model's numbers; they must
    still be exactly what course/checkpoint.json gives, so each lab checks the real model."""
    tokens, steps = read_name(saved, "emma")
    mh = whole_gpt.lab_inputs("multi-head")
    assert close(mh["EMMA_Q"], steps[-1]["q"])
    assert close(whole_gpt.multi_head()["lab_joined"], whole_gpt.multi_head()["joined"])
    fp = whole_gpt.lab_inputs("forward-pass")
    assert fp["W"] == {name.removeprefix("layer0."): table for name, table in saved["weights"].items()}
    assert close(whole_gpt.forward_pass()["lab_logits"], steps[-1]["logits"])
    assert close(whole_gpt.forward_pass()["lab_bos_logits"], steps[0]["logits"])
    nl = whole_gpt.lab_inputs("name-loss")
    assert nl["EMMA_TOKENS"] == tokens + [saved["vocabulary"]["bos"]]
    assert close(nl["EMMA_LOGITS"], [s["logits"] for s in steps])
    assert close(whole_gpt.name_loss()["lab_emma_loss"], whole_gpt.name_loss()["emma"]["loss"])
    first = whole_gpt.name_loss()["first"]
    assert close(nl["FIRST_LOGITS"], first["logits"]) and nl["FIRST_TOKENS"] == first["tokens"]
    adam = whole_gpt.lab_inputs("adam")
    assert (adam["REAL_P"], adam["REAL_G"]) == (whole_gpt.adam()["real"]["before"], whole_gpt.adam()["real"]["grad"])
    step = whole_gpt.lab_inputs("training-step")
    assert (step["ROW"], step["ROW_GRADS"]) == (whole_gpt.training_step()["row"]["before"], whole_gpt.training_step()["row"]["grads"])
