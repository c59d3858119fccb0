"""The capstone: microgpt assembled from the learner's own lab functions, trained on every name.

The page sends the code of the labs the learner has passed (`parts`, a JSON object
{lab id: code}); each PIECE whose lab is among them is the learner's function, every
other piece is the course's own. The model trains with the course's Value (its
gradients), but every number a learner's block hands forward is the number their own
function computed on the same input: `lifted` runs both and, where they differ, carries
the learner's number on with the course's gradient. That is also how the first step
names the first piece whose output is not the course's.

`train` runs the steps from a saved state (or from seed 42's start) and reports each
step's loss, and the whole state every CHECKPOINT_EVERY steps, as JSON lines; the page
keeps the last state in IndexedDB, so a reload or Pause resumes from it. Every reply is
a plain, JSON-safe dict, like the rest of labkit's.
"""

import functools
import json
import math
import random
from pathlib import Path

import microgpt
from microgpt import layers
from microgpt.model import attention_head, forward
from microgpt.train import TrainingRun

from labkit import protocol, realmodel
from labkit.grading import describe_error
from labkit.guard import protected
from labkit.learner import LearnerError, exception_details, run_code

NAMES = Path(__file__).parent / protocol.NAMES
SEED = 42
LR0 = 0.01
CHECKPOINT_EVERY = 50
MAX_STEPS = 1000
QUICK_STEPS = 200  # the quick preset: its learning rate falls to 0 at its own last step
QUICK_RECORD = "quick-run.json"  # its losses, which `course train` writes beside the checkpoint
AGREE = 1e-9  # a learner's number this close to the course's counts as the same
HELD_OUT = 200  # the last names of the shuffled list: no run of at most MAX_STEPS steps reaches them
SAMPLES = 20
BETA1, BETA2, EPS = 0.85, 0.99, 1e-8


# (piece, the lab that asks for it, what it does in the model), in the order the model first uses them.
PIECES = (
    ("embed", "07-neural-blocks/embed", "looks up each token's and position's row"),
    ("rmsnorm", "08-attention/rmsnorm-residuals", "rescales every vector before attention and the MLP"),
    ("linear", "04-maths/linear-layer", "every matrix-vector product: q, k, v, attn_wo, lm_head"),
    ("softmax", "04-maths/softmax", "turns each head's scores into weights"),
    ("attend", "08-attention/scaled-dot-product", "blends each head's values"),
    ("mlp", "07-neural-blocks/mlp", "the MLP block, 16 to 64 to 16"),
    ("name_loss", "09-whole-gpt/name-loss", "the loss of the whole name"),
    ("lr_at", "05-learning/learning-rate-schedules", "each step's learning rate"),
    ("adam_step", "09-whole-gpt/adam", "moves every weight after backward"),
)


class PieceFailed(Exception):
    """A learner's piece could not run: a sentence for the page, and its error's details."""

    def __init__(self, summary, details=None):
        super().__init__(summary)
        self.summary = summary
        self.details = details


def reply(action, status, summary, error=None, **fields):
    return {"action": action, "status": status, "summary": summary, "error": error, **fields}


@functools.cache
def names():
    return tuple(line.strip() for line in NAMES.read_text(encoding="utf-8").splitlines() if line.strip())


# --- the course's own pieces, on plain floats --------------------------------------


def course_lr_at(step, steps, lr0):
    return lr0 * (1 - step / steps)


def course_adam_step(p, g, m, v, t, lr):
    """The same floats as microgpt.Adam.update, one weight at a time."""
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m / (1 - BETA1**t)
    v_hat = v / (1 - BETA2**t)
    return p - lr * m_hat / (v_hat**0.5 + EPS), m, v


def course_name_loss(logits, tokens):
    total = 0.0
    for scores, target in zip(logits, tokens[1:]):
        total += -math.log(layers.softmax(scores)[target])
    return total / len(logits)


# --- the learner's pieces ----------------------------------------------------------


def learner_pieces(parts):
    """{piece: the learner's function} for every piece whose lab they passed."""
    found = {}
    for piece, lab_id, _what in PIECES:
        code = parts.get(lab_id)
        if not isinstance(code, str):
            continue
        try:
            namespace = run_code(code, "learner")
        except LearnerError as failure:
            raise PieceFailed(f"Your code for {piece}() (lab {lab_id}) no longer runs: {describe_error(failure.details)}", failure.details) from None
        function = namespace.get(piece)
        if not callable(function):
            raise PieceFailed(f"Your code for lab {lab_id} does not define {piece}() any more.")
        found[piece] = guarded(piece, function, code)
    return found


def guarded(piece, function, code):
    def call(*args):
        # No protected() per call: thousands of calls a step would spend most of their time
        # on it. The whole run is inside one (see `assemble` and `train`).
        try:
            return function(*args)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            details = exception_details(error, code)
            where = f" on line {details['line']}" if details["line"] else ""
            raise PieceFailed(f"Your {piece}() raised {details['type']}{where} inside the model.", details) from None

    return call


def sources(parts):
    """One row per piece: whose it is (the page says why, naming the lab by its title)."""
    rows = []
    for piece, lab_id, what in PIECES:
        yours = isinstance(parts.get(lab_id), str)
        rows.append({"piece": piece, "lab": lab_id, "what": what, "yours": yours})
    return rows


# --- the model, with the learner's numbers carried forward --------------------------


class Differences:
    """The first place a learner's piece gave another number than the course's, on the same input."""

    def __init__(self):
        self.first = None

    def note(self, piece, got, expected):
        if self.first is not None:
            return
        gap = max((abs(a - b) for a, b in zip(got, expected)), default=0.0)
        if len(got) != len(expected) or not gap <= AGREE:
            self.first = {"piece": piece, "got": got[:6], "expected": expected[:6], "gap": gap if len(got) == len(expected) else None}


def plain_numbers(result, piece, size):
    """The learner's result as `size` floats, or a PieceFailed that says what came back."""
    if isinstance(result, (int, float)) and not isinstance(result, bool):
        result = [result]
    if not isinstance(result, (list, tuple)) or len(result) != size or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in result):
        raise PieceFailed(f"Your {piece}() returned {type(result).__name__} where the model needs {size} numbers.")
    return [float(x) for x in result]


def lifted(piece, learner, course, differences):
    """A block that computes with the course's Values and hands on the learner's numbers.

    Where the learner's number equals the course's, the course's Value goes on as it is
    (the common case, and then training is the course's to the last digit); where it
    differs, a Value with the learner's number takes its place, with the course's gradient.
    """

    def block(*args):
        out = course(*args)
        values = out[0] if piece == "attend" else out
        expected = [layers.data_of(x) for x in values]
        got = plain_numbers(learner(*[plain(a) for a in args]), piece, len(expected))
        differences.note(piece, got, expected)
        carried = [x if g == e else x + (g - e) for x, g, e in zip(values, got, expected)]
        return (carried, *out[1:]) if piece == "attend" else carried

    return block


def plain(value):
    if isinstance(value, list):
        return [plain(x) for x in value]
    return layers.data_of(value)


def blocks(pieces, differences):
    """forward()'s keyword blocks, the learner's where they have one."""
    def lift(piece, course):
        return lifted(piece, pieces[piece], course, differences) if piece in pieces else course

    softmax = lift("softmax", layers.softmax)
    attention = functools.partial(attention_head, softmax=softmax)
    return {
        "embed": lift("embed", layers.embed),
        "norm": lift("rmsnorm", layers.rmsnorm),
        "linear": lift("linear", layers.linear),
        "mlp": lift("mlp", layers.mlp),
        "attention": lift("attend", attention) if "attend" in pieces else attention,
    }


def name_loss_value(run, tokens, pieces, differences, model_blocks):
    """The loss of one name as a Value, from the assembled model."""
    model = run.model
    n = min(model.config.block_size, len(tokens) - 1)
    cache = model.new_cache()
    logits = [forward(model.weights, model.config, tokens[pos], pos, cache, **model_blocks) for pos in range(n)]
    losses = []
    for pos, scores in enumerate(logits):
        probs = layers.softmax(scores)
        losses.append(-probs[tokens[pos + 1]].log())
    loss = (1 / n) * layers.add_up(losses)
    if "name_loss" in pieces:
        expected = loss.data
        got = plain_numbers(pieces["name_loss"](plain(logits), list(tokens[: n + 1])), "name_loss", 1)[0]
        differences.note("name_loss", [got], [expected])
        if got != expected:
            loss = loss + (got - expected)
    return loss


# --- the state the page keeps --------------------------------------------------------


def new_run(steps):
    return TrainingRun(names(), num_steps=steps, seed=SEED)


def fresh_state(run):
    params = run.model.parameters()
    return {"steps": run.num_steps, "step": 0, "params": [p.data for p in params], "m": [0.0] * len(params), "v": [0.0] * len(params), "losses": []}


def state_problem(state, run):
    size = len(run.model.parameters())
    if not isinstance(state, dict) or state.get("steps") != run.num_steps:
        return "the saved run is for another number of steps"
    if any(not isinstance(state.get(key), list) or len(state[key]) != size for key in ("params", "m", "v")):
        return f"the saved run does not hold {size} weights"
    if state.get("step") != len(state.get("losses", [])) or not 0 <= state["step"] <= run.num_steps:
        return "the saved run's step and losses disagree"
    return None


def one_step(run, state, pieces, differences, model_blocks):
    """The state after one more step; `state` itself is left as it was (so a Pause mid-step loses nothing)."""
    params = run.model.parameters()
    for p, data in zip(params, state["params"]):
        p.data, p.grad = data, 0
    step = state["step"]
    name = run.docs[step % len(run.docs)]
    loss = name_loss_value(run, run.model.tokenizer.encode(name), pieces, differences, model_blocks)
    loss.backward()
    lr_at = pieces.get("lr_at", course_lr_at)
    lr = float(lr_at(step, run.num_steps, LR0))
    if "lr_at" in pieces:
        differences.note("lr_at", [lr], [course_lr_at(step, run.num_steps, LR0)])
    adam = pieces.get("adam_step", course_adam_step)
    new_p, new_m, new_v = [], [], []
    for i, p in enumerate(params):
        result = adam(state["params"][i], p.grad, state["m"][i], state["v"][i], step + 1, lr)
        if not (isinstance(result, (tuple, list)) and len(result) == 3):
            raise PieceFailed("Your adam_step() must return three numbers: the new p, m and v.")
        if "adam_step" in pieces and i == 0:
            expected = course_adam_step(state["params"][i], p.grad, state["m"][i], state["v"][i], step + 1, lr)
            differences.note("adam_step", [float(x) for x in result], list(expected))
        new_p.append(float(result[0]))
        new_m.append(float(result[1]))
        new_v.append(float(result[2]))
    return {**state, "step": step + 1, "params": new_p, "m": new_m, "v": new_v, "losses": state["losses"] + [loss.data]}


# --- the page's requests ---------------------------------------------------------------


def parsed_parts(parts_text):
    try:
        parts = json.loads(parts_text or "{}")
    except ValueError:
        parts = None
    return parts if isinstance(parts, dict) else {}


def assemble(parts_text, reference_text):
    """The first seeded step with the learner's pieces: its loss, against the reference's."""
    parts = parsed_parts(parts_text)
    rows = sources(parts)
    try:
        reference = float(reference_text)
        pieces = learner_pieces(parts)
        differences = Differences()
        run = new_run(MAX_STEPS)
        with protected():
            after = one_step(run, fresh_state(run), pieces, differences, blocks(pieces, differences))
    except PieceFailed as failure:
        return reply("capstone_assemble", "error", failure.summary, failure.details, pieces=rows)
    except KeyboardInterrupt:
        return reply("capstone_assemble", "stopped", "Stopped before the first step finished.", pieces=rows)
    loss = after["losses"][0]
    same = round(loss, 4) == round(reference, 4)
    first = differences.first
    if same and first is None:
        summary = f"The first step's loss is {loss:.4f}, the reference's exactly: your model is ready to train."
    elif same:
        summary = f"The first step's loss is {loss:.4f}, as the reference's, though your {first['piece']}() differs from the course's a little."
    elif first is not None:
        summary = f"The first step's loss is {loss:.4f}, not the reference's {reference:.4f}. The first piece that differs is your {first['piece']}()."
    else:
        summary = f"The first step's loss is {loss:.4f}, not the reference's {reference:.4f}."
    return reply(
        "capstone_assemble", "ok" if same else "differs", summary,
        pieces=rows, loss=loss, reference=reference, matches=same, difference=first, name=run.docs[0],
    )


def train(parts_text, steps_text, state_text, report=None):
    """Train from the saved state (or the start) to the end; report each step, and the state every CHECKPOINT_EVERY."""
    parts = parsed_parts(parts_text)
    try:
        steps = int(steps_text)
    except ValueError:
        steps = 0
    if not 1 <= steps <= MAX_STEPS:
        return reply("capstone_train", "error", f"The number of steps must be 1 to {MAX_STEPS}.")
    run = new_run(steps)
    state = json.loads(state_text) if state_text else fresh_state(run)
    problem = state_problem(state, run)
    if problem:
        return reply("capstone_train", "error", f"Cannot resume: {problem}. Start a new run.")
    try:
        pieces = learner_pieces(parts)
        differences = Differences()
        model_blocks = blocks(pieces, differences)
        with protected():
            while state["step"] < steps:
                state = one_step(run, state, pieces, differences, model_blocks)
                if report is not None:
                    report(json.dumps({"step": state["step"], "steps": steps, "loss": state["losses"][-1]}))
                    if state["step"] % CHECKPOINT_EVERY == 0 or state["step"] == steps:
                        report(json.dumps({"checkpoint": state}))
    except PieceFailed as failure:
        return reply("capstone_train", "error", failure.summary, failure.details, state=state)
    except KeyboardInterrupt:
        # The page keeps asking until Python stops, so a second interrupt may cut this reply
        # short: hand the state over as a checkpoint first, again if that is interrupted too.
        while report is not None:
            try:
                report(json.dumps({"checkpoint": state}))
                break
            except KeyboardInterrupt:
                continue
        return reply("capstone_train", "paused", f"Paused after step {state['step']} of {steps}.", state=state)
    return reply("capstone_train", "ok", f"Trained all {steps} steps: the last name's loss was {state['losses'][-1]:.4f}.", state=state)


def model_from(state):
    """A microgpt model holding the state's weights (plain floats are enough to read and sample)."""
    run = new_run(state["steps"])
    for p, data in zip(run.model.parameters(), state["params"]):
        p.data = data
    return run


def held_out_lists(model, docs):
    """The held-out names' tokens: the last HELD_OUT of a run's shuffled `docs`, each cut to what the model can read."""
    return [model.tokenizer.encode(name)[: model.config.block_size + 1] for name in docs[-HELD_OUT:]]


def held_out_loss(model, weights, docs):
    return microgpt.mean_surprise(model, held_out_lists(model, docs), weights)[0]


def heads(model, course, name):
    """Both models' attention maps for `name`, to set side by side, or a sentence saying why not."""
    name = realmodel.clean_name(name)
    problem = realmodel.name_problem(name)
    if problem:
        return {"name": name, "problem": problem}
    return {"name": name, "yours": microgpt.attention_maps(model, name), "course": microgpt.attention_maps(course, name)}


def sample(state_text, temperature_text, seed_text, name="emma"):
    """Names from the trained state at a temperature, the share that are new, the held-out loss,
    and both models' heads reading `name`."""
    try:
        state = json.loads(state_text)
        temperature = float(temperature_text)
        seed = int(seed_text)
    except (ValueError, TypeError):
        return reply("capstone_sample", "error", "The page sent a run, temperature or seed it cannot read.")
    if not 0.05 <= temperature <= 2:
        return reply("capstone_sample", "error", "The temperature must be from 0.05 to 2.")
    run = model_from(state)
    model = run.model
    weights = model.plain_weights()
    rng = random.Random(seed)
    drawn = [microgpt.sample_name(model, rng, temperature, weights) for _ in range(SAMPLES)]
    course = realmodel.load_model()  # the course's trained checkpoint, with the same seed
    course_rng = random.Random(seed)
    course_drawn = [microgpt.sample_name(course, course_rng, temperature) for _ in range(SAMPLES)]
    known = set(names())
    new = [name for name in drawn if name not in known]
    return reply(
        "capstone_sample", "ok", f"{len(new)} of these {SAMPLES} names are not in the data.",
        names=[{"name": name, "new": name not in known} for name in drawn],
        course_names=[{"name": name, "new": name not in known} for name in course_drawn],
        new_share=len(new) / SAMPLES, course_new_share=sum(name not in known for name in course_drawn) / SAMPLES, held_out=held_out_loss(model, weights, run.docs), steps_done=state["step"],
        heads=heads(model, course, name),
    )
