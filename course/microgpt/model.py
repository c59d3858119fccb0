"""The GPT itself: its settings, its weights, and one step of its forward pass.

The network reads one token at a time. Each position's keys and values are
kept in a cache, so a new token can attend to everything before it without
recomputing the past: this is how the model runs both in training (one
name, token by token) and when it writes new names.
"""

from dataclasses import asdict, dataclass

from .autograd import Value
from .layers import data_of, divide, dot, embed, linear, mlp, rmsnorm, softmax, weighted_average


@dataclass(frozen=True)
class GPTConfig:
    vocab_size: int = 27  # 26 letters + BOS
    n_layer: int = 1  # transformer blocks
    n_embd: int = 16  # width of every token's vector
    n_head: int = 4  # attention heads, each reading n_embd // n_head numbers
    block_size: int = 16  # longest context the model can see
    init_std: float = 0.08  # spread of the random starting weights

    @property
    def head_dim(self):
        return self.n_embd // self.n_head

    @property
    def mlp_hidden(self):
        return 4 * self.n_embd

    def to_dict(self):
        return asdict(self)


def parameter_shapes(config):
    """(name, rows, columns) of every weight matrix, in initialisation order.

    The order matters: the random numbers are drawn in it, so changing it
    would give different starting weights.
    """
    c = config
    shapes = [
        ("wte", c.vocab_size, c.n_embd),  # token embeddings: one row per token
        ("wpe", c.block_size, c.n_embd),  # position embeddings: one row per position
        ("lm_head", c.vocab_size, c.n_embd),  # final vector -> one score per token
    ]
    for layer in range(c.n_layer):
        shapes += [
            (f"layer{layer}.attn_wq", c.n_embd, c.n_embd),
            (f"layer{layer}.attn_wk", c.n_embd, c.n_embd),
            (f"layer{layer}.attn_wv", c.n_embd, c.n_embd),
            (f"layer{layer}.attn_wo", c.n_embd, c.n_embd),
            (f"layer{layer}.mlp_fc1", c.mlp_hidden, c.n_embd),
            (f"layer{layer}.mlp_fc2", c.n_embd, c.mlp_hidden),
        ]
    return shapes


def init_weights(config, rng):
    """Small random Gaussian weights, drawn row by row from `rng`."""
    return {
        name: [[Value(rng.gauss(0, config.init_std)) for _ in range(cols)] for _ in range(rows)]
        for name, rows, cols in parameter_shapes(config)
    }


class KVCache:
    """The keys and values of the positions read so far, one list per layer."""

    def __init__(self, n_layer):
        self.keys = [[] for _ in range(n_layer)]
        self.values = [[] for _ in range(n_layer)]


def attention_head(q, keys, values, *, softmax=softmax, dot_product=None, blend=weighted_average):
    """One head of attention: score every key, softmax the scores, blend the values.

    `q` is this position's query and `keys`/`values` hold one vector per
    position read so far, all cut down to this head's numbers. Returns
    (output, scores, weights): the blended vector, and per position its score
    and its attention weight. `softmax` turns the scores into weights,
    `dot_product` (`dot` unless given) scores a key and `blend(weights, values)`
    averages the values.
    """
    dot_product = dot_product or dot
    head_dim = len(q)
    # Dot product of the query with every key, scaled by sqrt(head_dim) so the
    # scores do not grow with the head's size.
    scores = [divide(dot_product(q, key), head_dim**0.5) for key in keys]
    weights = softmax(scores)
    # Blend the values, each weighted by its attention.
    output = blend(weights, values)
    return output, scores, weights


def multi_head_attention(q, keys, values, n_head, *, attention=attention_head):
    """Every head's attention, side by side.

    Head h reads numbers h * head_dim .. (h + 1) * head_dim - 1 of the query and of
    every key and value. Returns (the heads' outputs joined end to end, head 0
    first; and per head its (scores, weights) from `attention`).
    """
    head_dim = len(q) // n_head
    joined, per_head = [], []
    for head in range(n_head):
        lo, hi = head * head_dim, (head + 1) * head_dim  # this head reads numbers lo .. hi - 1
        output, scores, weights = attention(q[lo:hi], [key[lo:hi] for key in keys], [value[lo:hi] for value in values])
        joined += output
        per_head.append((scores, weights))
    return joined, per_head


def forward(
    weights, config, token_id, pos_id, cache, trace=None,
    *, attention=attention_head, norm=rmsnorm, linear=linear, mlp=mlp, embed=embed,
    multi_head=multi_head_attention,
):
    """Read one token at position `pos_id`; return scores for the next token.

    `weights` maps names to matrices of Values (to train) or of plain floats
    (to run fast); the arithmetic is the same either way. `cache` must hold
    the keys and values of positions 0..pos_id-1 and gets this position's
    appended. If `trace` is a list, one entry per layer is appended to it: a
    list, per head, of (scores, weights) of the attention at this position,
    as plain floats.

    `attention`, `norm`, `linear`, `mlp`, `embed` and `multi_head` are the
    blocks the model is built from; pass your own (with the same inputs and
    outputs as attention_head, rmsnorm, linear, mlp, embed and
    multi_head_attention) to see how the model runs with them. (`mlp` brings
    its own matrix-vector products; `multi_head` is handed `attention`.)
    """
    x = [t + p for t, p in zip(embed(weights["wte"], token_id), embed(weights["wpe"], pos_id))]
    x = norm(x)

    for layer in range(config.n_layer):
        prefix = f"layer{layer}."

        # 1) Attention: mix in information from earlier positions.
        residual = x
        x = norm(x)
        q = linear(x, weights[prefix + "attn_wq"])  # what this position is looking for
        k = linear(x, weights[prefix + "attn_wk"])  # what it can be found by
        v = linear(x, weights[prefix + "attn_wv"])  # what it hands over when found
        cache.keys[layer].append(k)
        cache.values[layer].append(v)
        keys, values = cache.keys[layer], cache.values[layer]

        heads, per_head = multi_head(q, keys, values, config.n_head, attention=attention)
        if trace is not None:
            trace.append([([data_of(s) for s in scores], [data_of(a) for a in w]) for scores, w in per_head])
        x = linear(heads, weights[prefix + "attn_wo"])
        x = [a + b for a, b in zip(x, residual)]

        # 2) MLP: work on what was gathered, each position on its own.
        residual = x
        x = norm(x)
        x = mlp(x, weights[prefix + "mlp_fc1"], weights[prefix + "mlp_fc2"])
        x = [a + b for a, b in zip(x, residual)]

    return linear(x, weights["lm_head"])


class GPT:
    """A config, a tokenizer and weights (as Values, so they can be trained)."""

    def __init__(self, config, tokenizer, weights):
        self.config = config
        self.tokenizer = tokenizer
        self.weights = weights

    @classmethod
    def initialise(cls, config, tokenizer, rng):
        return cls(config, tokenizer, init_weights(config, rng))

    def parameters(self):
        """Every weight as one flat list, matrix by matrix, row by row."""
        return [p for matrix in self.weights.values() for row in matrix for p in row]

    @property
    def num_params(self):
        return sum(len(row) for matrix in self.weights.values() for row in matrix)

    def plain_weights(self):
        """The current weights as plain floats, for fast inference."""
        return {name: [[p.data for p in row] for row in m] for name, m in self.weights.items()}

    def new_cache(self):
        return KVCache(self.config.n_layer)

    def forward(self, token_id, pos_id, cache, trace=None):
        """The forward pass on Values: slow, but gradients can flow back."""
        return forward(self.weights, self.config, token_id, pos_id, cache, trace)
