"""The course's trained microgpt, for the page: attention maps, and the model run with a learner's block.

`attention` shows what each letter of a name attends to. `compare` runs the
whole model on a name twice, once as trained and once with one of its blocks
replaced by the learner's function (PLUGS: their `attend` for every head,
`rmsnorm` everywhere the model normalises, `softmax` for every head's weights,
`weighted_average` for every head's blend, `dot` for every dot product, `linear`
for every matrix-vector product, `mlp` for the MLP block, `embed` for every
embedding lookup, `multi_head` for the four heads together), and says in plain
words how far apart the two runs end up. Every reply is a plain, JSON-safe dict, like the rest of labkit's.
"""

import functools
import math
from pathlib import Path

import microgpt
from microgpt.layers import dot as model_dot
from microgpt.layers import embed as model_embed
from microgpt.layers import linear as model_linear
from microgpt.layers import mlp as model_mlp
from microgpt.layers import rmsnorm as model_rmsnorm
from microgpt.layers import softmax as model_softmax
from microgpt.layers import weighted_average as model_weighted_average

from labkit import protocol
from labkit.bundled import lab_meta
from labkit.grading import describe_error
from labkit.learner import LearnerError, exception_details, run_code
from labkit.values import NotPlainData, is_number, plain, shape_of

CHECKPOINT = Path(__file__).parent / protocol.CHECKPOINT
MATCH_TOLERANCE = 1e-9
MATCH_PLACES = 9  # MATCH_TOLERANCE in words: "they agree to at least 9 decimal places"
NEXT_LETTERS_SHOWN = 5
MAX_LETTERS = 15  # BOS plus 15 letters fill the model's context of 16
NAME_RULE = f"A name is 1 to {MAX_LETTERS} letters from a to z (no accents, digits, spaces or punctuation)."
HEAD_NAMES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


class BlockFailed(Exception):
    """The learner's block could not run in the model: a sentence for the page, and labkit's error details."""

    def __init__(self, summary, details=None):
        super().__init__(summary)
        self.summary = summary
        self.details = details


@functools.cache
def _load_model(path):
    return microgpt.load_checkpoint(path)


def load_model(checkpoint_path=None):
    """The trained model, read once per process (the wheel's copy unless a path is given)."""
    return _load_model(str(Path(checkpoint_path or CHECKPOINT).resolve()))


def reply(action, status, summary, error=None, **fields):
    return {"action": action, "status": status, "summary": summary, "error": error, **fields}


def quoted(text):
    return f"\u201c{text}\u201d"


def name_problem(name):
    """Why `name` cannot be read by the model, as a sentence; None when it can."""
    if not name:
        return f"Type a name to look inside the model. {NAME_RULE}"
    if len(name) > MAX_LETTERS:
        too_long = f"{quoted(name)} has {len(name)} characters, but the model reads at most {MAX_LETTERS} letters."
        return f"{too_long} {NAME_RULE}"
    unknown = sorted(set(name) - set("abcdefghijklmnopqrstuvwxyz"))
    if unknown:
        shown = ", ".join(quoted(ch) if ch.strip() else "a space" for ch in unknown)
        return f"The model only knows the letters a to z, and {quoted(name)} also has {shown}. {NAME_RULE}"
    return None


def clean_name(name):
    return str(name).strip().lower()


def attention(name, checkpoint_path=None):
    """What each letter of `name` attends to in the trained model, head by head."""
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        return reply("attention", "error", problem)
    maps = microgpt.attention_maps(load_model(checkpoint_path), name)
    summary = f"What each letter of {quoted(name)} attends to in the trained model."
    return reply("attention", "ok", summary, name=name, maps=maps)


def bundled_model_hook(lab_id):
    """The block of the model that a bundled lab's function replaces ("attend", "rmsnorm"), or None."""
    return lab_meta(lab_id).get("model_hook")


def compare(lab_id, code, name, checkpoint_path=None, hook=None):
    """Run the model on `name` with the learner's block in place of its own; compare with the real run.

    `hook` defaults to the lab's `model_hook` in the bundled lab's meta (protocol.LAB_META).
    """
    hook = hook or bundled_model_hook(lab_id)
    if hook not in PLUGS:
        return reply("compare", "error", "This lab's function does not plug into the real model.")
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        return reply("compare", "error", problem)
    model = load_model(checkpoint_path)
    try:
        learner_maps, learner_logits = run_with_learner_block(model, name, hook, code)
    except BlockFailed as failure:
        return reply("compare", "error", failure.summary, failure.details)
    except KeyboardInterrupt:
        return reply("compare", "stopped", "Stopped before the model finished.")
    reference_maps, reference_logits = microgpt.run_name(model, name)
    if hook in ("attend", "multi_head"):  # they return only the blends: their scores are not there to show
        learner_maps = {**learner_maps, "heads": [{**head, "scores": None} for head in learner_maps["heads"]]}
    largest = largest_difference(reference_maps, reference_logits, learner_maps, learner_logits)
    if hook == "multi_head" and largest is not None and largest["part"] == "weights":
        # Its weights are read through one-hot values, which only shows them right for heads cut
        # side by side; when the next-letter scores differ too, those are the gap to report.
        scores_only = largest_difference({"heads": []}, reference_logits, {"heads": []}, learner_logits)
        if scores_only["difference"] > MATCH_TOLERANCE:
            largest = scores_only
    return reply(
        "compare", "ok", comparison_summary(hook, name, reference_maps, largest),
        hook=hook, name=name, reference=reference_maps, learner=finite_only(learner_maps),
        next_letters=next_letters(model, reference_logits[-1], learner_logits[-1]),
        max_difference=largest["difference"] if largest else None,
        match=largest is not None and largest["difference"] <= MATCH_TOLERANCE,
        largest_at=None if largest is None else {key: largest[key] for key in ("part", "head", "position")},
    )


# --- the learner's function as a block of the model ------------------------------


def run_with_learner_block(model, name, hook, code):
    """(maps, logits) of the model reading `name` with the learner's function as its `hook` block."""
    function = learner_function(code, hook)
    return microgpt.run_name(model, name, **PLUGS[hook](function, code))


def learner_function(code, name):
    """The learner's function called `name`, from running their code; BlockFailed if there is none."""
    try:
        namespace = run_code(code, "learner")
    except LearnerError as failure:
        raise BlockFailed(describe_error(failure.details), failure.details) from None
    function = namespace.get(name)
    if not callable(function):
        raise BlockFailed(f"Your code does not define {name}() yet. Keep the def line from the starter code.")
    return function


def call_learner(hook, function, code, args, length, needs):
    """The learner's function called inside the model: its result, if it is `length` numbers."""
    result = called(hook, function, code, args)
    if not is_numbers(result, length):
        raise wrong_result(hook, function, code, f"returned {shape_of(result)}, but the model needs {needs}")
    return result


def called(hook, function, code, args):
    """What the learner's function returns for `args`, as plain data; BlockFailed if it raises."""
    try:
        result = function(*args)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
        details = exception_details(error, code)
        where = f" on line {details['line']}" if details["line"] else ""
        raise BlockFailed(f"Your {hook}() raised {details['type']}{where} inside the model.", details) from None
    try:
        return plain(result)
    except NotPlainData as problem:
        raise wrong_result(hook, function, code, f"returned something the model cannot use: {problem}") from None


def is_numbers(value, length):
    return isinstance(value, list) and len(value) == length and all(is_number(item) for item in value)


def wrong_result(hook, function, code, what):
    """A BlockFailed for a result the model cannot use, pointing at the line that defines the function."""
    message = f"Inside the model, your {hook}() {what}."
    source = getattr(function, "__code__", None)
    line = source.co_firstlineno if source is not None and source.co_filename == protocol.LEARNER_FILE else None
    lines = code.splitlines()
    text = [f"  line {line}, in {hook}", f"    {lines[line - 1].strip()}"] if line and line <= len(lines) else []
    details = {"type": "WrongShape", "line": line, "message": message, "text": "\n".join([*text, message])}
    return BlockFailed(message, details)


def plug_attend(attend, code):
    """The learner's attend(q, keys, values) as the attention of every head.

    Called once more with one-hot values (row t is 1 at t and 0 elsewhere),
    the blend it returns is its attention weights themselves.
    """

    def attention(q, keys, values):
        width, seen = len(values[0]), len(keys)
        needs = f"a list of {width} numbers, one per number of each value"
        # Copies, so that a learner's function that changes its arguments cannot change the model.
        output = call_learner("attend", attend, code, (list(q), copied(keys), copied(values)), width, needs)
        one_hot = [[1.0 if t == s else 0.0 for s in range(seen)] for t in range(seen)]
        needs = f"a list of {count(seen, 'number')} when each value is a one-hot list of {seen}"
        weights = call_learner("attend", attend, code, (list(q), copied(keys), one_hot), seen, needs)
        return output, [], weights  # attend() keeps its scores to itself: none to trace

    return {"attention": attention}


def count(n, noun):
    """"1 number", "4 numbers"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def copied(rows):
    return [list(row) for row in rows]


def plug_rmsnorm(rmsnorm, code):
    """The learner's rmsnorm(x) everywhere the model normalises a vector."""

    def norm(x):
        needs = f"a list of {len(x)} numbers, as long as x"
        return call_learner("rmsnorm", rmsnorm, code, (list(x),), len(x), needs)

    return {"norm": norm}


def plug_softmax(softmax, code):
    """The learner's softmax(logits) wherever the model takes one: every head's attention weights."""

    def learner_softmax(logits):
        needs = f"a list of {count(len(logits), 'number')}, one per score"
        return call_learner("softmax", softmax, code, (list(logits),), len(logits), needs)

    def attention(q, keys, values):
        return microgpt.attention_head(q, keys, values, softmax=learner_softmax)

    return {"attention": attention}


def plug_weighted_average(weighted_average, code):
    """The learner's weighted_average(weights, vectors) as every head's blend of its values."""

    def blend(weights, values):
        needs = f"a list of {count(len(values[0]), 'number')}, as long as each value"
        return call_learner("weighted_average", weighted_average, code, (list(weights), copied(values)), len(values[0]), needs)

    return {"attention": functools.partial(microgpt.attention_head, blend=blend)}


def plug_dot(dot, code):
    """The learner's dot(a, b) for every dot product of the model: each row of every
    matrix-vector product, every attention score and blend, and every normalisation."""

    def learner_dot(a, b):
        result = called("dot", dot, code, (list(a), list(b)))
        if not is_number(result):
            raise wrong_result("dot", dot, code, f"returned {shape_of(result)}, but the model needs one number")
        return result

    def squares_dot(x, same_x):
        # rmsnorm takes the square root of x · x: below 0 it would become a complex number.
        result = learner_dot(x, same_x)
        if result < 0:
            what = f"gave -{plain_number(-result)} for a vector times itself, where every product is a square and none is below 0"
            raise wrong_result("dot", dot, code, f"{what}, so the model cannot normalise that vector")
        return result

    linear = functools.partial(model_linear, dot_product=learner_dot)
    return {
        "linear": linear,
        "mlp": functools.partial(model_mlp, linear=linear),
        "norm": functools.partial(model_rmsnorm, dot_product=squares_dot),
        "attention": functools.partial(
            microgpt.attention_head, dot_product=learner_dot,
            blend=functools.partial(model_weighted_average, dot_product=learner_dot),
        ),
    }


def plug_linear(linear, code):
    """The learner's linear(x, w) for every matrix-vector product: q, k, v, attn_wo, the MLP's two and lm_head."""

    def learner_linear(x, w):
        needs = f"a list of {len(w)} numbers, one per row of w"
        return call_learner("linear", linear, code, (list(x), copied(w)), len(w), needs)

    return {"linear": learner_linear, "mlp": functools.partial(model_mlp, linear=learner_linear)}


def plug_mlp(mlp, code):
    """The learner's mlp(x, fc1, fc2) as the model's MLP block."""

    def learner_mlp(x, fc1, fc2):
        needs = f"a list of {len(fc2)} numbers, one per row of fc2"
        return call_learner("mlp", mlp, code, (list(x), copied(fc1), copied(fc2)), len(fc2), needs)

    return {"mlp": learner_mlp}


def plug_embed(embed, code):
    """The learner's embed(wte, token) for both lookups: the token's row of wte and the position's row of wpe."""

    def learner_embed(table, index):
        needs = f"a list of {len(table[0])} numbers, one row of the table"
        return call_learner("embed", embed, code, (copied(table), index), len(table[0]), needs)

    return {"embed": learner_embed}


def plug_multi_head(multi_head, code):
    """The learner's multi_head(q, keys, values, n_head) as the model's whole attention.

    Its weights come from more calls with one-hot values: in call c, every head's slice
    of the value at position t is 1 at t - c * head_dim (for the head_dim positions from
    c * head_dim) and 0 elsewhere, so each head's blend is its weights for those positions.
    """

    def attention(q, keys, values, n_head, **_blocks):
        width, seen, head_dim = len(q), len(keys), len(q) // n_head
        needs = f"a list of {width} numbers, as long as q"
        # Copies, so that a learner's function that changes its arguments cannot change the model.
        joined = call_learner("multi_head", multi_head, code, (list(q), copied(keys), copied(values), n_head), width, needs)
        weights = [[] for _ in range(n_head)]
        for first in range(0, seen, head_dim):
            one_hot = [[0.0] * width for _ in range(seen)]
            for t in range(first, min(first + head_dim, seen)):
                for head in range(n_head):
                    one_hot[t][head * head_dim + t - first] = 1.0
            blends = call_learner("multi_head", multi_head, code, (list(q), copied(keys), one_hot, n_head), width, needs)
            for head in range(n_head):
                weights[head] += blends[head * head_dim : head * head_dim + min(head_dim, seen - first)]
        return joined, [([], head_weights) for head_weights in weights]  # no scores: multi_head() keeps them

    return {"multi_head": attention}


PLUGS = {
    "attend": plug_attend,
    "multi_head": plug_multi_head,
    "rmsnorm": plug_rmsnorm,
    "softmax": plug_softmax,
    "weighted_average": plug_weighted_average,
    "dot": plug_dot,
    "linear": plug_linear,
    "mlp": plug_mlp,
    "embed": plug_embed,
}


def model_attend(q, keys, values):
    """The model's own attention head, called as a learner's attend() is: the blend alone."""
    output, _scores, _weights = microgpt.attention_head(q, keys, values)
    return output


def model_multi_head(q, keys, values, n_head):
    """The model's own four heads, called as a learner's multi_head() is: the joined blends alone."""
    joined, _per_head = microgpt.multi_head_attention(q, keys, values, n_head)
    return joined


# The model's own block for each hook, called with the same arguments as the learner's
# function: the build checks a lab's expected answers against it.
MODEL_BLOCKS = {
    "attend": model_attend,
    "multi_head": model_multi_head,
    "rmsnorm": model_rmsnorm,
    "softmax": model_softmax,
    "weighted_average": model_weighted_average,
    "dot": model_dot,
    "linear": model_linear,
    "mlp": model_mlp,
    "embed": model_embed,
}


# --- how far apart the two runs are ------------------------------------------------


def largest_difference(reference_maps, reference_logits, learner_maps, learner_logits):
    """Where the learner's run differs most from the real one, over every attention weight and
    every logit: {"difference", "part": "weights" | "logits", "head", "position"}. None when
    the learner's run has a number that is not finite (nothing can be compared then)."""
    pairs = []  # (reference row, learner row, part, head, position)
    for head, (want, got) in enumerate(zip(reference_maps["heads"], learner_maps["heads"])):
        for position, rows in enumerate(zip(want["weights"], got["weights"])):
            pairs.append((*rows, "weights", head, position))
    for position, rows in enumerate(zip(reference_logits, learner_logits)):
        pairs.append((*rows, "logits", None, position))
    largest = {"difference": 0.0, "part": "weights", "head": 0, "position": 0}
    for want, got, part, head, position in pairs:
        if not all(math.isfinite(value) for value in got):
            return None
        difference = max(abs(g - w) for g, w in zip(got, want))
        if difference > largest["difference"]:
            largest = {"difference": difference, "part": part, "head": head, "position": position}
    return largest


def finite_only(maps):
    """The maps with every number that is not finite replaced by None, so they stay valid JSON."""

    def clean(value):
        if isinstance(value, list):
            return [clean(item) for item in value]
        return None if isinstance(value, float) and not math.isfinite(value) else value

    heads = [{key: clean(rows) for key, rows in head.items()} for head in maps["heads"]]
    return {"tokens": maps["tokens"], "heads": heads}


def comparison_summary(hook, name, maps, largest):
    """What the comparison found, in words a beginner reads: no tolerances, no scientific notation."""
    yours, for_name = f"Your {hook}()", f"for {quoted(name)}"
    if largest is None:
        not_finite = "numbers that are not finite (inf or nan)"
        return f"{yours} makes the model produce {not_finite} {for_name}, so there is nothing to compare."
    difference = largest["difference"]
    if difference <= MATCH_TOLERANCE:
        how = "exactly the" if difference == 0 else "the"
        agree = "every number is identical" if difference == 0 else f"they agree to at least {MATCH_PLACES} decimal places"
        return f"{yours} gives the model {how} same {WHAT_IT_CHANGES[hook]} as its own {for_name} ({agree})."
    position = largest["position"]
    token = maps["tokens"][position]
    letter = "the start token" if token == "<BOS>" else quoted(token)
    if largest["part"] == "logits":
        where = f"in the next-letter scores after {letter} (position {position})"
        what = "a score"
    else:
        where = f"in what the {HEAD_NAMES[largest['head']]} head attends to from {letter} (position {position})"
        what = "a weight (weights run from 0 to 1)"
    return f"{yours} makes the model compute different numbers {for_name}. The biggest gap is {where}: {what} {how_far(difference)}."


# What the comparison can see each block change: attention weights and next-letter scores.
WHAT_IT_CHANGES = {
    "attend": "attention and next-letter scores",
    "multi_head": "attention and next-letter scores",
    "rmsnorm": "attention and next-letter scores",
    "softmax": "attention weights and next-letter scores",
    # The blend comes after the weights: only what follows it, the next-letter scores, can change.
    "weighted_average": "next-letter scores",
    "dot": "attention and next-letter scores",
    "linear": "attention and next-letter scores",
    "mlp": "next-letter scores",
    "embed": "attention and next-letter scores",
}


def how_far(difference):
    """"is off by 0.52", or for a small gap "agrees to 4 decimal places, but not to 9"."""
    if difference >= 0.001:
        return f"is off by {plain_number(difference)}"
    places = max(0, math.floor(-math.log10(difference)))
    return f"agrees with the model's to {places} decimal places, but not to {MATCH_PLACES}"


def plain_number(x):
    """Two significant digits, written as a learner would: 0.0012, 0.52, 5.5, 1,700 (never 1.7e+03 or 1e-09)."""
    if x >= 10:
        return f"{float(f'{x:.2g}'):,.0f}"
    decimals = max(1, 1 - math.floor(math.log10(x))) if x > 0 else 1
    return f"{x:.{decimals}f}"


def next_letters(model, reference_logits, learner_logits):
    """The model's most likely next letters after the whole name, with the learner's run's chance of each."""
    reference = model_softmax(reference_logits)
    learner = model_softmax(learner_logits) if all(math.isfinite(v) for v in learner_logits) else None
    ranked = sorted(range(len(reference)), key=lambda token: -reference[token])[:NEXT_LETTERS_SHOWN]
    text = model.tokenizer.token_text
    return [
        {"letter": "end of name" if text(token) == "<BOS>" else text(token),
         "model": reference[token], "learner": None if learner is None else learner[token]}
        for token in ranked
    ]


# --- next-letter bars: the model's guess after the letters a reader types ------------

END_TOKEN = "end"  # how the page names BOS after a prefix: the name ends here
FAVOURITES = 3


def next_token_probs(model, prefix):
    """The trained model's probability of every token after BOS and `prefix`, as plain floats."""
    _maps, logits = microgpt.run_name(model, prefix)
    return [float(p) for p in model_softmax(logits[-1])]


def next_letters_summary(prefix, tokens, probs):
    """One sentence: the model's favourite next tokens after `prefix`, with their chances."""
    ranked = sorted(range(len(probs)), key=lambda i: probs[i], reverse=True)[:FAVOURITES]
    shown = ", ".join(f"{quoted(tokens[i])} {100 * probs[i]:.1f}%" for i in ranked)
    after = f"After {quoted(prefix)}" if prefix else "At the start of a name"
    return f"{after}, the model's favourites are {shown}."


def prefix_problem(prefix):
    """Why the model cannot read `prefix` (letters a name starts with, maybe none), or None."""
    return name_problem(prefix) if prefix else None


def next_letter_bars(prefix, checkpoint_path=None):
    """The reply for the page's next-letter bars: the probability of every token after `prefix`."""
    prefix = clean_name(prefix)
    problem = prefix_problem(prefix)
    if problem:
        return reply("next_letters", "error", problem.replace("look inside the model", "see its guess"))
    model = load_model(checkpoint_path)
    probs = next_token_probs(model, prefix)
    tokens = [*model.tokenizer.chars, END_TOKEN]
    return reply("next_letters", "ok", next_letters_summary(prefix, tokens, probs), prefix=prefix, tokens=tokens, probs=probs)
