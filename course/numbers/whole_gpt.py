"""Numbers Module 9 shows: four heads at once, the whole forward pass, a name's loss, Adam.

Everything about the trained model is computed with the course's own microgpt
(course/microgpt/) from course/checkpoint.json: the model's own `attention_head`,
`linear`, `rmsnorm` and `forward`, so a page can never disagree with the answer key.
The toy examples are small whole numbers, run through the same functions.
"""

import ast
import functools
import math
from pathlib import Path

from microgpt.layers import linear, mlp, rmsnorm, softmax
from microgpt.model import KVCache, attention_head
from microgpt.model import forward as model_forward
from microgpt.inference import run_tokens
from microgpt.autograd import Value
from microgpt.train import Adam, TrainingRun, document_loss

from site_builder.names_data import course_names

from . import disk_cache
from . import model as trained

ROOT = Path(__file__).resolve().parents[2]
LABS = ROOT / "labs" / "09-whole-gpt"


@functools.cache
def lab_inputs(lab):
    """The literal inputs a lab's checks.py holds (its UPPER_CASE assignments), read without running it.

    The labs' real-model cases hold a snapshot of the checkpoint's numbers (checks run in the
    browser, which has no checkpoint to read); their worked examples are what course/microgpt
    computes on that snapshot, and tests/test_whole_gpt_numbers.py checks the snapshot still
    matches course/checkpoint.json.
    """
    tree = ast.parse((LABS / lab / "checks.py").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name.isupper():
                try:
                    found[name] = ast.literal_eval(node.value)
                except ValueError:
                    pass  # computed, not literal: not an input
    return found

NAME = "emma"  # the name the module follows; its last letter is read at position 4

# The lab's worked example: 8 numbers split into 2 heads of 4, and two positions seen.
TOY_Q = [1, 0, 0, 0, 0, 0, 2, 0]
TOY_KEYS = [[1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 2, 0]]
TOY_VALUES = [[4, 0, 0, 0, 8, 0, 0, 0], [0, 4, 0, 0, 0, 0, 8, 0]]
TOY_HEADS = 2


def split(vector, n_head):
    """The vector cut into n_head slices of equal length, in order."""
    size = len(vector) // n_head
    return [vector[h * size:(h + 1) * size] for h in range(n_head)]


def toy_heads():
    """The toy query, keys and values through microgpt's own attention_head, head by head."""
    heads = []
    for h in range(TOY_HEADS):
        q = split(TOY_Q, TOY_HEADS)[h]
        keys = [split(key, TOY_HEADS)[h] for key in TOY_KEYS]
        values = [split(value, TOY_HEADS)[h] for value in TOY_VALUES]
        output, scores, weights = attention_head(q, keys, values)
        heads.append({"q": q, "keys": keys, "values": values, "scores": scores, "weights": weights, "blend": output})
    joined = [number for head in heads for number in head["blend"]]
    return {"q": TOY_Q, "keys": TOY_KEYS, "values": TOY_VALUES, "n_head": TOY_HEADS,
            "head_dim": len(TOY_Q) // TOY_HEADS, "heads": heads, "joined": joined}


class Recorder:
    """An attention block for microgpt's forward that notes what every head was given and gave back."""

    def __init__(self):
        self.calls = []  # one (q, keys, values, output, weights) per head per position, in order

    def __call__(self, q, keys, values):
        output, scores, weights = attention_head(q, keys, values)
        self.calls.append({"q": q, "keys": keys, "values": values, "blend": output, "weights": weights})
        return output, scores, weights


@functools.cache
def emma_inside():
    """What each head of the trained model sees and makes at the last letter of "emma"."""
    m = trained.model()
    tokens = m.tokenizer.encode(NAME)[:-1]  # BOS e m m a: the final BOS is never read
    recorder = Recorder()
    logits, _ = run_tokens(m, tokens, attention=recorder)
    n_head = m.config.n_head
    last = recorder.calls[-n_head:]  # the heads at the last position read
    return m, tokens, last, logits


def multi_head():
    """Lesson 1: the toy example, and the real model's four heads at emma's final "a"."""
    m, tokens, heads, _ = emma_inside()
    weights = m.plain_weights()
    n_head, head_dim, width = m.config.n_head, m.config.head_dim, m.config.n_embd
    joined = [number for head in heads for number in head["blend"]]
    q = joined_of(head["q"] for head in heads)
    wo = weights["layer0.attn_wo"]
    mixed = linear(joined, wo)
    return {
        "toy": toy_heads(),
        "name": NAME,
        "positions": len(tokens),
        "width": width,
        "n_head": n_head,
        "head_dim": head_dim,
        "q": q,
        "q_slices": [head["q"] for head in heads],
        "weights": [head["weights"] for head in heads],
        "blends": [head["blend"] for head in heads],
        "strongest": [max(range(len(head["weights"])), key=head["weights"].__getitem__) for head in heads],
        "joined": joined,
        "wo_rows": len(wo),
        "wo_cols": len(wo[0]),
        "wo_params": len(wo) * len(wo[0]),
        "attention_params": 4 * len(wo) * len(wo[0]),
        "wo_row0": wo[0],
        "mixed": mixed,
        "mixed0_from_head": [sum(wo[0][j] * joined[j] for j in range(h * head_dim, (h + 1) * head_dim)) for h in range(n_head)],
        "token_labels": ["BOS", *NAME],
        "lab_joined": snapshot_heads(),
    }


def snapshot_heads():
    """microgpt's attention_head, head by head, on the multi-head lab's snapshot of emma's final "a"."""
    given = lab_inputs("multi-head")
    q, keys, values = given["EMMA_Q"], given["EMMA_KEYS"], given["EMMA_VALUES"]
    size = len(q) // trained.model().config.n_head
    joined = []
    for lo in range(0, len(q), size):
        part = slice(lo, lo + size)
        joined += attention_head(q[part], [k[part] for k in keys], [v[part] for v in values])[0]
    return joined


def joined_of(parts):
    return [number for part in parts for number in part]


# --- lesson 2: the forward pass for one letter --------------------------------------------


class Stages:
    """Blocks for microgpt's forward that note what they give back, so every stage can be shown.

    microgpt calls `norm` three times per position (after the embedding, before attention,
    before the MLP), `linear` five times (q, k, v, attn_wo, lm_head: the MLP brings its own)
    and `mlp` once.
    """

    def __init__(self):
        self.norms, self.linears, self.mlps = [], [], []

    def norm(self, x):
        out = rmsnorm(x)
        self.norms.append(out)
        return out

    def linear(self, x, w):
        out = linear(x, w)
        self.linears.append(out)
        return out

    def mlp(self, x, fc1, fc2):
        out = mlp(x, fc1, fc2)
        self.mlps.append(out)
        return out


def snapshot_forward(token, pos):
    """microgpt's forward on the forward-pass lab's snapshot of the weights and of emma's cache."""
    given = lab_inputs("forward-pass")
    config = trained.model().config
    weights = {(name if name in ("wte", "wpe", "lm_head") else f"layer0.{name}"): table for name, table in given["W"].items()}
    cache = KVCache(config.n_layer)
    if pos:
        cache.keys[0] = [list(k) for k in given["EMMA_KEYS"][:pos]]
        cache.values[0] = [list(v) for v in given["EMMA_VALUES"][:pos]]
    return model_forward(weights, config, token, pos, cache)


def letter_of(m, token):
    text = m.tokenizer.token_text(token)
    return "end of name" if text == "<BOS>" else text


@functools.cache
def forward_pass():
    """Lesson 2: every stage of the trained model reading the final "a" of "emma"."""
    m = trained.model()
    weights = m.plain_weights()
    tokens = m.tokenizer.encode(NAME)[:-1]
    pos = len(tokens) - 1
    stages = Stages()
    logits, _ = run_tokens(m, tokens, norm=stages.norm, linear=stages.linear, mlp=stages.mlp)
    norms, linears, mlps = stages.norms[-3:], stages.linears[-5:], stages.mlps[-1]
    token = tokens[pos]
    embedded = [a + b for a, b in zip(weights["wte"][token], weights["wpe"][pos])]
    attended = linears[3]
    after_attention = [a + b for a, b in zip(attended, norms[0])]
    after_mlp = [a + b for a, b in zip(mlps, after_attention)]
    probs = softmax(logits[-1])
    ranked = sorted(range(len(probs)), key=lambda t: -probs[t])[:5]
    return {
        "name": NAME,
        "token": token,
        "letter": letter_of(m, token),
        "pos": pos,
        "wte_row": weights["wte"][token],
        "wpe_row": weights["wpe"][pos],
        "embedded": embedded,
        "normed": norms[0],
        "inner": norms[1],
        "q": linears[0],
        "k": linears[1],
        "v": linears[2],
        "attended": attended,
        "after_attention": after_attention,
        "mlp_in": norms[2],
        "mlp_out": mlps,
        "after_mlp": after_mlp,
        "logits": logits[-1],
        "bos_logits": logits[0],
        "next": {"letters": [letter_of(m, t) for t in ranked], "probs": [probs[t] for t in ranked]},
        "n_logits": len(logits[-1]),
        "norms_per_letter": len(stages.norms) // len(tokens),
        "lab_logits": snapshot_forward(token, pos),
        "lab_bos_logits": snapshot_forward(m.tokenizer.bos, 0),
        "params": m.num_params,
    }


# --- lessons 3 and 5: a name's loss, and the first training step -----------------------------


def position_losses(m, weights, name):
    """The scores at each position of `name` read as in training, its targets, and -log p of each."""
    tokens = m.tokenizer.encode(name)
    read = tokens[:-1][: m.config.block_size]
    logits, _ = run_tokens(m, read, weights=weights)
    targets = tokens[1:len(read) + 1]
    probs = [softmax(row)[target] for row, target in zip(logits, targets)]
    losses = [-math.log(p) for p in probs]
    return {
        "name": name,
        "tokens": tokens,
        "read": [letter_of(m, t) if t != m.tokenizer.bos else "BOS" for t in read],
        "targets": [letter_of(m, t) for t in targets],
        "logits": logits,
        "probs": probs,
        "losses": losses,
        "total": sum(losses),
        "positions": len(losses),
        "loss": sum(losses) / len(losses),
    }


@disk_cache.on_disk(with_checkpoint=True)
def first_step():
    """The first training step from seed 42, run by course/microgpt's TrainingRun: its name,
    loss, gradients per table, and what Adam did. Kept on disk: it takes a second or two."""
    run = TrainingRun(course_names(ROOT), num_steps=trained.checkpoint().training["num_steps"])
    m = run.model
    name = run.docs[0]
    before = position_losses(m, m.plain_weights(), name)
    loss = document_loss(m, m.tokenizer.encode(name))
    loss.backward()
    tables = {}
    for table, matrix in m.weights.items():
        grads = [p.grad for row in matrix for p in row]
        tables[table.removeprefix("layer0.")] = {
            "mean_abs_grad": sum(abs(g) for g in grads) / len(grads),
            "zero": sum(1 for g in grads if g == 0),
            "count": len(grads),
        }
    row = m.weights["wte"][m.tokenizer.encode(name)[1]]  # a row this name uses: its first letter's
    first = row[0]
    row_before, row_grads = [p.data for p in row], [p.grad for p in row]
    watched = {"table": "wte", "letter": name[0], "before": first.data, "grad": first.grad}
    run.optimizer.update(0, run.num_steps)
    run.losses.append(loss.data)  # step 0 is done, as TrainingRun.step would have recorded it
    watched["after"] = first.data
    index = next(i for i, p in enumerate(run.optimizer.params) if p is first)
    watched["m"], watched["v"] = run.optimizer.m[index], run.optimizer.v[index]
    watched["result"] = [watched["after"], watched["m"], watched["v"]]
    watched["lr"] = run.optimizer.learning_rate * (1 - 0 / run.num_steps)
    indexes = [next(i for i, q in enumerate(run.optimizer.params) if q is p) for p in row]
    row_after = [p.data for p in row]
    row_m, row_v = [run.optimizer.m[i] for i in indexes], [run.optimizer.v[i] for i in indexes]
    watched_row = {"before": row_before, "grads": row_grads, "result": [row_after, row_m, row_v]}
    after = position_losses(m, m.plain_weights(), name)
    second_loss = run.step()  # the next step, on the next name
    order = list(tables)
    return {
        "name": name,
        "seed": run.seed,
        "steps": run.num_steps,
        "lr0": run.optimizer.learning_rate,
        "before": before,
        "loss": loss.data,
        "after_loss": after["loss"],
        "second_name": run.docs[1],
        "second_loss": second_loss,
        "tables": tables,
        "chart": {"x": order, "y": [tables[t]["mean_abs_grad"] for t in order]},
        "largest": max(order, key=lambda t: tables[t]["mean_abs_grad"]),
        "smallest": min(order, key=lambda t: tables[t]["mean_abs_grad"]),
        "watched": watched,
        "row": watched_row,
        "used_rows": len(set(m.tokenizer.encode(name)[:-1])),
        "params": m.num_params,
        "last_loss": trained.checkpoint().losses[-1],
        "lr_at": {"0": run.optimizer.learning_rate, "500": run.optimizer.learning_rate * (1 - 500 / run.num_steps),
                  "999": run.optimizer.learning_rate * (1 - 999 / run.num_steps)},
    }


# Lesson 3's toy: tokens a, b and BOS (2); the name "ab" is [2, 0, 1, 2], read as BOS, a, b.
TOY_TOKENS = [2, 0, 1, 2]
TOY_LOGITS = [[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0]]


def toy_loss():
    targets = TOY_TOKENS[1:]
    probs = [softmax(row)[t] for row, t in zip(TOY_LOGITS, targets)]
    losses = [-math.log(p) for p in probs]
    return {"tokens": TOY_TOKENS, "logits": TOY_LOGITS, "targets": targets, "probs": probs,
            "losses": losses, "total": sum(losses), "loss": sum(losses) / len(losses)}


def name_loss():
    """Lesson 3: a toy name, "emma" under the trained model, and the first training name at the start."""
    m = trained.model()
    given = lab_inputs("name-loss")
    lab_emma = [-math.log(softmax(row)[t]) for row, t in zip(given["EMMA_LOGITS"], given["EMMA_TOKENS"][1:])]
    return {"toy": toy_loss(), "emma": position_losses(m, m.plain_weights(), NAME), "first": first_step()["before"],
            "lab_emma_loss": sum(lab_emma) / len(lab_emma),
            "uniform": math.log(m.config.vocab_size), "vocab": m.config.vocab_size,
            "step_one_loss": trained.checkpoint().losses[0]}


# --- lesson 4: Adam -----------------------------------------------------------------------

TOY_P = 0.5
TOY_GRADS = [0.2, 0.2, -0.1]  # three steps' gradients for one weight
TOY_LR = 0.01


def adam_walk(p, grads, lr):
    """One weight through microgpt's own Adam, a step per gradient, at a learning rate that does not decay."""
    weight = Value(p)
    optimizer = Adam([weight], learning_rate=lr)
    b1, b2 = optimizer.beta1, optimizer.beta2
    steps = []
    for step, g in enumerate(grads):
        weight.grad = g
        optimizer.update(step, math.inf)  # 1 - step / inf is 1: the rate stays lr
        t = step + 1
        m, v = optimizer.m[0], optimizer.v[0]
        steps.append({"t": t, "g": g, "m": m, "v": v, "m_hat": m / (1 - b1**t), "v_hat": v / (1 - b2**t),
                      "p": weight.data, "result": [weight.data, m, v]})
    return steps


def adam():
    """Lesson 4: one weight through three Adam steps, Adam's first step for a big and a tiny gradient,
    and the real first step of training on one weight."""
    optimizer = Adam([Value(0.0)])
    walk = adam_walk(TOY_P, TOY_GRADS, TOY_LR)
    big, tiny = adam_walk(TOY_P, [0.2], TOY_LR)[0], adam_walk(TOY_P, [0.0001], TOY_LR)[0]
    return {
        "beta1": optimizer.beta1, "beta2": optimizer.beta2, "eps": optimizer.eps,
        "p": TOY_P, "grads": TOY_GRADS, "lr": TOY_LR, "steps": walk,
        "plain": [TOY_P - TOY_LR * TOY_GRADS[0], TOY_P - TOY_LR * 0.0001],
        "big": big, "tiny": tiny,
        "big_move": TOY_P - big["p"], "tiny_move": TOY_P - tiny["p"],
        "no_correction_m": walk[0]["m"],
        "correction1": 1 - optimizer.beta1, "correction2": 1 - optimizer.beta2,
        "real": first_step()["watched"],
        "params": first_step()["params"],
        "film": {
            "labels": ["g = 0.2", "g = 0.0001"],
            "plain_moves": [TOY_LR * TOY_GRADS[0], TOY_LR * 0.0001],
            "adam_moves": [TOY_P - big["p"], TOY_P - tiny["p"]],
            "t_labels": [f"t = {s['t']}" for s in walk],
            "ms": [s["m"] for s in walk],
            "m_hats": [s["m_hat"] for s in walk],
            "ps": [s["p"] for s in walk],
        },
    }


def training_step():
    """Lesson 5: the first step of training, and the lab's worked example (one row of wte)."""
    step = first_step()
    return {**step, "film_losses": [step["loss"], step["after_loss"]]}
