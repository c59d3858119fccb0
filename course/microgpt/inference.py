"""Fast inference on plain floats, and a look inside the attention."""

import math

from .model import KVCache, forward


def run_tokens(model, token_ids, weights=None, **blocks):
    """Feed `token_ids` one by one (as the model reads them in training).

    Returns (logits, trace): the next-token scores after each token, and per
    position the attention trace of `model.forward` (per layer, per head:
    scores and weights). Runs on plain floats, with no autograd graph.
    `blocks` (attention=, norm=, linear=, mlp=, embed=) replace the model's
    own blocks (see `forward`).
    """
    if weights is None:
        weights = model.plain_weights()
    cache = KVCache(model.config.n_layer)
    logits, trace = [], []
    for pos, token_id in enumerate(token_ids):
        position_trace = []
        logits.append(
            forward(weights, model.config, token_id, pos, cache, position_trace, **blocks)
        )
        trace.append(position_trace)
    return logits, trace


def run_many(model, token_lists, weights=None):
    """The logits `run_tokens` gives for each list of `token_lists`, every shared beginning read once.

    A position's scores depend only on the tokens up to it, and many names begin alike
    ("ma" starts mary, mason, mateo, ...). So the lists are laid out as a tree of
    prefixes and each prefix is read once, with the same arithmetic and the same cache
    as `run_tokens`: the same floats, for about half the work over the names data.
    Returns one list of logits per token list, in order. Lists that share a beginning
    share those rows too: read them, do not change them.
    """
    if weights is None:
        weights = model.plain_weights()
    config = model.config
    tree = {}  # token -> [its logits, the tree of what follows it]
    for tokens in token_lists:
        branch = tree
        for token_id in tokens:
            branch = branch.setdefault(token_id, [None, {}])[1]
    cache = KVCache(config.n_layer)

    def read(branch, pos):
        for token_id, node in branch.items():
            node[0] = forward(weights, config, token_id, pos, cache)
            read(node[1], pos + 1)
            for layer in range(config.n_layer):  # back to the prefix before this token
                cache.keys[layer].pop()
                cache.values[layer].pop()

    read(tree, 0)
    every = []
    for tokens in token_lists:
        branch, logits = tree, []
        for token_id in tokens:
            node = branch[token_id]
            logits.append(node[0])
            branch = node[1]
        every.append(logits)
    return every


def surprise(scores, target):
    """-log p(target) for the softmax of `scores`, the largest score taken out first."""
    top = max(scores)
    return math.log(sum(math.exp(s - top) for s in scores)) + top - scores[target]


def surprise_per_pair(model, token_lists, weights=None):
    """-log p(next token) at each pair of each list in `token_lists`, list by list, each list
    read from its first token. A list's surprises depend on that list alone, whichever others
    are read with it."""
    every = run_many(model, [tokens[:-1] for tokens in token_lists], weights)
    return [[surprise(scores, target) for scores, target in zip(logits, tokens[1:])] for tokens, logits in zip(token_lists, every)]


def added_in_order(values):
    """The values added one by one, left to right. sum() compensates for rounding (Python 3.12 on)
    and would differ in the last bits from a loss added up step by step."""
    total = 0.0
    for value in values:
        total += value
    return total


def mean_of_pairs(surprises):
    """(the mean, the number of pairs) of surprise_per_pair's lists, every pair added in order."""
    every = [each for one_list in surprises for each in one_list]
    return added_in_order(every) / len(every), len(every)


def mean_surprise(model, token_lists, weights=None):
    """(the mean of -log p(next token), the number of pairs) over every pair of every list in
    `token_lists`, each list read from its first token: a loss on data, without gradients."""
    return mean_of_pairs(surprise_per_pair(model, token_lists, weights))


def surprise_per_list(model, token_lists, weights=None):
    """The sum of -log p(next token) over the pairs of each list in `token_lists`, list by list,
    each read from its first token (surprise_per_pair, each list's added in order)."""
    return [added_in_order(surprises) for surprises in surprise_per_pair(model, token_lists, weights)]


def run_name(model, name, layer=0, **blocks):
    """Read `name` as in training: (its attention maps, the logits at each position).

    The maps are those of `attention_maps`; the logits are the next-token
    scores after each token read. `blocks` are passed on to `run_tokens`.
    """
    tokenizer = model.tokenizer
    token_ids = tokenizer.encode(name)[:-1][: model.config.block_size]  # drop the final BOS: it is never read
    logits, trace = run_tokens(model, token_ids, **blocks)
    heads = []
    for head in range(model.config.n_head):
        heads.append({
            "scores": [position[layer][head][0] for position in trace],
            "weights": [position[layer][head][1] for position in trace],
        })
    return {"tokens": [tokenizer.token_text(t) for t in token_ids], "heads": heads}, logits


def attention_maps(model, name, layer=0):
    """What each position of `name` attends to, head by head.

    The model reads BOS and then the letters (as in training, at most
    block_size tokens). Returns
        {"tokens": ["<BOS>", "e", "m", ...],   # the tokens read, in order
         "heads": [{"scores": rows, "weights": rows}, ...]}   # one per head
    where row t belongs to the token at position t and has t + 1 entries, one
    per position 0..t it can see (BOS first). "scores" are the scaled dot
    products before softmax; "weights" are after softmax, so each row adds
    up to 1.
    """
    maps, _ = run_name(model, name, layer)
    return maps
