"""Today's straightforward autograd, kept as the reference the fast engine must equal.

This is course/microgpt/autograd.py as it was before the engine was made faster
(one Value per + and *, every constant wrapped in a Value, sums built as chains),
with `dot` written as the layers wrote it then and Adam's update as it was
(its bias corrections worked out for every weight). `installed()` runs the
course's model on it, so a test (and bench/model.py) can train with both engines and
compare every float.
"""

import contextlib
import math


class Value:
    # __slots__ keeps each of the ~100,000 nodes a training step builds small.
    __slots__ = ("data", "grad", "children", "local_grads")

    def __init__(self, data, children=(), local_grads=()):
        self.data = data  # the number itself
        self.grad = 0  # d(loss)/d(this number), filled in by backward()
        self.children = children  # the Values this one was computed from
        self.local_grads = local_grads  # d(this)/d(child), one per child

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    # --- the primitive operations -------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # d(a + b)/da = 1 and d(a + b)/db = 1
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # d(a * b)/da = b and d(a * b)/db = a
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, exponent):
        # The exponent is a plain number here, never a Value.
        return Value(self.data**exponent, (self,), (exponent * self.data ** (exponent - 1),))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def exp(self):
        # exp is its own derivative
        return Value(math.exp(self.data), (self,), (math.exp(self.data),))

    def relu(self):
        # slope 1 where the input is positive, 0 elsewhere
        return Value(max(0, self.data), (self,), (float(self.data > 0),))

    # --- everything else, built from the primitives -------------------------

    def __neg__(self):
        return self * -1

    def __radd__(self, other):  # lets `0 + value` (and so `sum(...)`) work
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    # --- backpropagation ----------------------------------------------------

    def backward(self):
        """Fill in `.grad` of every Value this one depends on."""
        order = topological_order(self)
        self.grad = 1
        # Walk from the output back to the inputs: by the time we reach a node,
        # every node that used it has already passed its gradient down to it.
        for node in reversed(order):
            for child, local_grad in zip(node.children, node.local_grads):
                child.grad += local_grad * node.grad


def topological_order(root):
    """Every node reachable from `root`, each listed after all of its children.

    This is the classic recursive depth-first search (visit the children in
    order, then list the node), written with an explicit stack because the
    graph can be deeper than Python's recursion limit allows in a browser.
    The order must be exactly the recursive one: it decides the order in which
    gradients are added up, and so their last digits.
    """
    order = []
    visited = {root}
    stack = [(root, iter(root.children))]
    while stack:
        node, children = stack[-1]
        for child in children:
            if child not in visited:
                visited.add(child)
                stack.append((child, iter(child.children)))
                break
        else:  # all children listed: the node itself can go
            stack.pop()
            order.append(node)
    return order


def add_up(terms):
    total = 0
    for term in terms:
        total = total + term
    return total


def dot(a, b):
    """What layers.linear, rmsnorm and attention_head computed: a chain of * and +."""
    return add_up(ai * bi for ai, bi in zip(a, b))


def adam_update(self, step, num_steps):
    """microgpt.train.Adam.update as it was."""
    lr_t = self.learning_rate * (1 - step / num_steps)
    beta1, beta2 = self.beta1, self.beta2
    for i, p in enumerate(self.params):
        self.m[i] = beta1 * self.m[i] + (1 - beta1) * p.grad
        self.v[i] = beta2 * self.v[i] + (1 - beta2) * p.grad**2
        m_hat = self.m[i] / (1 - beta1 ** (step + 1))
        v_hat = self.v[i] / (1 - beta2 ** (step + 1))
        p.data -= lr_t * m_hat / (v_hat**0.5 + self.eps)
        p.grad = 0


@contextlib.contextmanager
def installed():
    """Run microgpt on this engine inside the `with` block (weights made inside it)."""
    from microgpt import layers, model
    from microgpt.train import Adam

    replacements = [
        (layers, "Value", Value), (layers, "dot", dot),
        (model, "Value", Value), (model, "dot", dot),
        (Adam, "update", adam_update),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in replacements]
    for owner, name, replacement in replacements:
        setattr(owner, name, replacement)
    try:
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)
