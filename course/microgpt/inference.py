"""Fast inference on plain floats, and a look inside the attention."""

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
