"""The building blocks of the network: dot, linear, embed, mlp, softmax, weighted_average, rmsnorm.

Every function here works on lists of `Value`s (while training, to get
gradients) *and* on lists of plain floats (for fast inference). Both kinds of
number go through exactly the same operations in the same order, so the two
paths give bit-for-bit the same results.
"""

import math

from . import autograd
from .autograd import Value

# A plain number is a float or an int; anything else is taken to be a Value. Asking it
# that way round lets another class that behaves like Value (a learner's own, on the
# course's pages) run through the same layers.
PLAIN = (int, float)


def data_of(x):
    """The plain float inside a Value (a float is returned as it is)."""
    return x if isinstance(x, PLAIN) else x.data


def exp(x):
    return math.exp(x) if isinstance(x, PLAIN) else x.exp()


def relu(x):
    return max(0, x) if isinstance(x, PLAIN) else x.relu()


def add_up(terms):
    """Left-to-right sum.

    Not the built-in `sum`: since Python 3.12 it adds floats with extra
    precision, which would make the float path differ from the Value path
    in the last digits.
    """
    total = 0
    for term in terms:
        total = total + term
    return total


def dot(a, b):
    """a[0]*b[0] + a[1]*b[1] + ..., added left to right.

    On Values this is one node (autograd.dot) rather than a chain of * and +:
    the same numbers, built and walked back far faster.
    """
    if a and isinstance(a[0], Value):
        return autograd.dot(a, b)
    total = 0  # add_up's sum, written out: this loop is most of the time a forward pass takes
    for ai, bi in zip(a, b):
        total = total + ai * bi
    return total


def divide(a, b):
    """a / b, computed as a * b**-1 because that is how Value divides.

    For floats, a * (1/b) can round differently from a / b, so we use the
    same form on both paths.
    """
    return a * b**-1


def linear(x, w, *, dot_product=None):
    """Matrix times vector: output i is the dot product of row i of w with x.

    `w` is a list of rows, one per output (n_out rows of n_in numbers).
    `dot_product` replaces `dot` (the course's pages pass a learner's own); it is
    looked up when called, so a test can swap this module's `dot` for another.
    When `dot` would make autograd nodes (w holds the course's own Values), all the
    rows' nodes are made at once (autograd.dots): the same nodes, x's numbers read once.
    """
    if dot_product is None and w and w[0] and isinstance(w[0][0], autograd.Value):
        return autograd.dots(w, x)
    dot_product = dot_product or dot
    return [dot_product(row, x) for row in w]


def embed(table, index):
    """Row `index` of an embedding table: the vector that stands for token (or position) `index`."""
    return table[index]


def mlp(x, fc1, fc2, *, linear=linear):
    """The MLP block: widen x with fc1 (16 -> 64), keep each number's positive part (ReLU),
    then narrow back with fc2 (64 -> 16). `linear` is the matrix-vector product it uses."""
    hidden = [relu(h) for h in linear(x, fc1)]
    return linear(hidden, fc2)


def softmax(logits):
    """Turn scores into probabilities: positive, and adding up to 1."""
    # Subtracting the largest score changes nothing mathematically, but keeps
    # exp() from overflowing. It is a constant, so we take its plain float.
    max_val = max(data_of(v) for v in logits)
    exps = [exp(v - max_val) for v in logits]
    total = add_up(exps)
    return [divide(e, total) for e in exps]


def weighted_average(weights, vectors, *, dot_product=None):
    """The blend of attention: number j of the result is the dot product of the weights
    with number j of every vector (the weights add up to 1). `dot_product` as in linear."""
    dot_product = dot_product or dot
    return [dot_product(weights, [vector[j] for vector in vectors]) for j in range(len(vectors[0]))]


def rmsnorm(x, *, dot_product=None):
    """Rescale x so its root-mean-square is 1 (no learned weights here). `dot_product` as in linear."""
    mean_square = divide((dot_product or dot)(x, x), len(x))
    scale = (mean_square + 1e-5) ** -0.5  # the 1e-5 avoids dividing by zero
    return [xi * scale for xi in x]
