"""Writing new names: read BOS, pick a next letter at random, feed it back in."""

import random

from .layers import divide, softmax
from .model import KVCache, forward


def sample_name(model, rng, temperature=0.5, weights=None):
    """One new name, drawn letter by letter until BOS or the context is full.

    Temperature below 1 sharpens the probabilities (safer, more common
    letters); above 1 flattens them (wilder names).
    """
    config, tokenizer = model.config, model.tokenizer
    if weights is None:
        weights = model.plain_weights()  # plain floats: same numbers, much faster
    cache = KVCache(config.n_layer)
    token_id = tokenizer.bos
    letters = []
    for pos in range(config.block_size):
        logits = forward(weights, config, token_id, pos, cache)
        probs = softmax([divide(logit, temperature) for logit in logits])
        token_id = rng.choices(range(config.vocab_size), weights=probs)[0]
        if token_id == tokenizer.bos:  # the model says the name is over
            break
        letters.append(token_id)
    return tokenizer.decode(letters)


def sample_names(model, count=20, temperature=0.5, rng=None):
    """`count` new names. Pass `rng` (a random.Random) to make them repeatable."""
    rng = rng if rng is not None else random.Random()
    weights = model.plain_weights()
    return [sample_name(model, rng, temperature, weights) for _ in range(count)]
