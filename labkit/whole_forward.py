"""The learner's forward pass and name loss on the trained microgpt, beside the course's own.

`forward_view`: the learner's forward_letter() reads BOS and the letters a reader typed,
one at a time, on the trained weights and with its own KV cache; its scores at every
position are compared with microgpt.run_name's, and the page shows the next-letter chances
after the last letter. `loss_view`: the learner's name_loss() on the trained model's scores
for a typed name, beside microgpt.document_loss on the same name.
"""

import math

import microgpt
from microgpt.layers import softmax as model_softmax

from labkit.model_table import MATCH_DECIMALS, agree, apart, decimals_alike, fixed, how_close, opened, table, table_reply
from labkit.realmodel import BlockFailed, called, clean_name, is_numbers, learner_function
from labkit.realmodel import load_model, prefix_problem, quoted, wrong_result
from labkit.values import shape_of

LAYER = "layer0."  # microgpt's one layer: the lab names its tables without this prefix
NEXT_SHOWN = 5
N_HEAD = 4


def lab_weights(model):
    """The trained weights as the forward-pass lab names them ("attn_wq", not "layer0.attn_wq"), as plain floats."""
    return {name.removeprefix(LAYER): rows for name, rows in model.plain_weights().items()}


def token_words(model, token):
    return "the start token" if token == model.tokenizer.bos else quoted(model.tokenizer.token_text(token))


def next_words(model, token):
    return "the end of the name" if token == model.tokenizer.bos else quoted(model.tokenizer.token_text(token))


# --- forward_letter ----------------------------------------------------------------


def forward_view(code, prefix, checkpoint_path=None):
    """The learner's forward_letter() on BOS and `prefix`, position by position, beside the model's own run."""
    model = load_model(checkpoint_path)
    prefix = clean_name(prefix)
    problem = prefix_problem(prefix)
    if problem:
        raise BlockFailed(problem.replace("look inside the model", "see its guess"))
    function = learner_function(code, "forward_letter")
    tokens = model.tokenizer.encode(prefix)[:-1]
    vocab = model.config.vocab_size
    weights, keys, values = lab_weights(model), [], []
    learner = []
    for pos, token in enumerate(tokens):
        scores = called("forward_letter", function, code, (token, pos, keys, values, weights))
        if not is_numbers(scores, vocab):
            needs = f"a list of {vocab} numbers, one score per row of lm_head"
            raise wrong_result("forward_letter", function, code, f"returned {shape_of(scores)} at position {pos}, but the model needs {needs}")
        learner.append([float(x) for x in scores])
    _maps, reference = microgpt.run_name(model, prefix)
    return forward_reply(model, prefix, tokens, learner, reference)


def forward_reply(model, prefix, tokens, learner, reference):
    gaps = [(abs(g - w) if math.isfinite(g) else math.inf, pos, token)
            for pos, (got, want) in enumerate(zip(learner, reference)) for token, (g, w) in enumerate(zip(got, want))]
    gap, pos, token = max(gaps)
    got, want = learner[pos][token], reference[pos][token]
    after = f"after {quoted(prefix)}" if prefix else "at the start of a name"
    match = agree(got, want)
    if match:
        fewest = min(decimals_alike(g, w) for got_row, want_row in zip(learner, reference) for g, w in zip(got_row, want_row))
        summary = (f"Your forward_letter() gives the same next-letter scores as the model {after}, at all "
                   f"{len(tokens)} positions, {how_close(fewest)}.")
    else:
        yours, model_s, shared = apart(got, want)
        read = token_words(model, tokens[pos])
        summary = (f"Your forward_letter() gives different scores from the model's. The biggest gap is after reading "
                   f"{read} (position {pos}), in the score for {next_words(model, token)}: {yours} yours, "
                   f"{model_s} the model's (they agree to {shared}).")
    chances = model_softmax(reference[-1])
    learner_chances = model_softmax(learner[-1]) if all(math.isfinite(x) for x in learner[-1]) else None
    ranked = sorted(range(len(chances)), key=lambda t: -chances[t])[:NEXT_SHOWN]
    rows = [[next_words(model, t).strip("\u201c\u201d"), percent(None if learner_chances is None else learner_chances[t]),
             percent(chances[t])] for t in ranked]
    caption = f"The model's likeliest next letters {after}"
    columns = ["Next", "Your forward_letter()", "The course's model"]
    return table_reply("forward_letter", prefix, summary, match, table(caption, columns, rows), max_difference=finite(gap))


def percent(p):
    return "not a number" if p is None else f"{100 * p:.4f}%"


def finite(x):
    return x if math.isfinite(x) else None


def model_forward_letter(token, pos, keys, values, w):
    """The course's forward pass, called as a learner's forward_letter() is (the lab's tables, a list KV cache)."""
    config = microgpt.GPTConfig(vocab_size=len(w["lm_head"]), n_embd=len(w["wte"][0]), n_head=N_HEAD, block_size=len(w["wpe"]))
    weights = {name if name in ("wte", "wpe", "lm_head") else LAYER + name: rows for name, rows in w.items()}
    cache = microgpt.KVCache(1)
    cache.keys[0], cache.values[0] = keys, values  # the same lists: the model appends this letter's k and v to them
    return microgpt.forward(weights, config, token, pos, cache)


# --- name_loss -----------------------------------------------------------------------


def loss_view(code, name, checkpoint_path=None):
    """The learner's name_loss() on the trained model's scores for `name`, beside microgpt.document_loss."""
    model, name, function = opened(code, name, "name_loss", checkpoint_path)
    tokens = model.tokenizer.encode(name)
    _maps, logits = microgpt.run_name(model, name)
    got = called("name_loss", function, code, ([list(row) for row in logits], list(tokens)))
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        raise wrong_result("name_loss", function, code, f"returned {shape_of(got)}, but the loss is one number")
    got = float(got)
    want = microgpt.document_loss(model, tokens).data
    match = agree(got, want)
    for_name = f"for {quoted(name)}"
    if match:
        summary = f"Your name_loss() gives the same loss as the course's document_loss() {for_name}, {how_close(decimals_alike(got, want))}."
    else:
        yours, course, shared = apart(got, want)
        summary = (f"Your name_loss() gives a loss of {yours} {for_name}, where the course's document_loss() gives "
                   f"{course}: they agree to {shared}. The course's averages over the {len(logits)} next letters of "
                   f"{quoted(name)}, the end of the name included.")
    rows = [[f"Loss of {quoted(name)}", fixed(got), fixed(want)]]
    columns = ["", "Your name_loss()", "The course's document_loss()"]
    caption = f"The loss of {quoted(name)} ({len(logits)} next letters to predict, averaged)"
    return table_reply("name_loss", name, summary, match, table(caption, columns, rows),
                       loss={"learner": finite(got), "reference": want}, decimals=MATCH_DECIMALS)


class ReplayedScores:
    """Just enough of a GPT for microgpt.document_loss: its forward hands back given scores, one position at a time."""

    def __init__(self, logits):
        self.logits = logits
        self.config = microgpt.GPTConfig(block_size=len(logits))

    def new_cache(self):
        return None

    def forward(self, token, pos, cache):
        return [microgpt.Value(x) for x in self.logits[pos]]


def model_name_loss(logits, tokens):
    """The course's document_loss on given scores, called as a learner's name_loss() is."""
    return microgpt.document_loss(ReplayedScores(logits), tokens).data
