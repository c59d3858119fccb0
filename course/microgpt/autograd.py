"""A scalar that remembers how it was computed, so it can find its own gradient.

Every arithmetic operation on a `Value` makes a new `Value` that records its
inputs (`children`) and, for each input, the *local* derivative of the result
with respect to that input (`local_grads`). `backward()` walks the recorded
graph from the output back to the inputs and applies the chain rule.

Only a handful of primitive operations are needed (+, *, **, log, exp, relu);
subtraction and division are written in terms of them. The exact way each
operation is written matters: it fixes the order of floating-point roundings,
and we reproduce the reference microgpt to the last digit.

One more operation, `dot`, is only there for speed: a whole sum of products
as a single node. A training step builds thousands of them (every row of
every matrix-vector product, made together by `dots`), and one node is much
cheaper than a chain of * and + while giving exactly the same numbers.
"""

import math


class Value:
    # __slots__ keeps each of the ~10,000 nodes a training step builds small.
    __slots__ = ("data", "grad", "children", "local_grads")

    def __init__(self, data, children=(), local_grads=()):
        self.data = data  # the number itself
        self.grad = 0  # d(loss)/d(this number), filled in by backward()
        self.children = children  # the Values this one was computed from
        self.local_grads = local_grads  # d(this)/d(child), one per child

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    # --- the primitive operations -------------------------------------------
    # A plain number on the other side is a constant: no gradient is wanted
    # for it, so it gets no node of its own (the result is the same float).

    def __add__(self, other):
        if isinstance(other, Value):
            # d(a + b)/da = 1 and d(a + b)/db = 1
            return Value(self.data + other.data, (self, other), (1, 1))
        return Value(self.data + other, (self,), (1,))

    def __mul__(self, other):
        if isinstance(other, Value):
            # d(a * b)/da = b and d(a * b)/db = a
            return Value(self.data * other.data, (self, other), (other.data, self.data))
        return Value(self.data * other, (self,), (other,))

    def __pow__(self, exponent):
        # The exponent is a plain number here, never a Value.
        return Value(self.data**exponent, (self,), (exponent * self.data ** (exponent - 1),))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def exp(self):
        result = math.exp(self.data)
        return Value(result, (self,), (result,))  # exp is its own derivative

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
        order = computed_nodes(self)
        self.grad = 1
        # Walk from the output back to the inputs: by the time we reach a node,
        # every node that used it has already passed its gradient down to it.
        # (Leaves, the weights and inputs, are left out of `order`: nothing is
        # further back from them.)
        for node in reversed(order):
            grad = node.grad
            children, local_grads = node.children, node.local_grads
            # Last child first, as a chain of + passes its gradient back from
            # the last term to the first: in a `dot`, a Value used in two
            # products then adds up its gradients in the chain's order.
            # (Counting down an index is the cheapest way to walk both lists,
            # and most nodes have one or two children: those go without a loop.)
            count = len(children)
            if count == 1:
                children[0].grad += local_grads[0] * grad
            elif count == 2:
                children[1].grad += local_grads[1] * grad
                children[0].grad += local_grads[0] * grad
            else:
                for i in range(count - 1, -1, -1):
                    children[i].grad += local_grads[i] * grad


def dot(a, b):
    """a[0]*b[0] + a[1]*b[1] + ... for two lists of Values, as one node.

    Written with * and +, this sum is a chain of 2n nodes. Here the products
    are added in the same order (left to right, starting from 0), so the
    value is the same float; the children are a[0], b[0], a[1], b[1], ... (the
    order in which the chain would reach them) and each one's local gradient
    is the other factor of its product, as for *. backward() then hands out
    the gradients in the chain's order too, so long as no factor is computed
    from another factor of the same sum (true of every sum microgpt builds;
    tests/test_engine.py checks training against the chain to the last bit).
    """
    return dots([a], b)[0]


def dots(rows, x):
    """[dot(row, x) for row in rows]: a matrix times a vector, x's numbers read only once."""
    x_data = [v.data for v in x]
    columns = range(len(x_data))  # indexing beats zip() here, in CPython and more so in Pyodide
    # Every row's node has x at the odd places of its children, and x's numbers (the local
    # gradients of the row's weights) at the even places of its local gradients: fill those
    # in once, and copy.
    x_children = [None] * (2 * len(x_data))
    x_children[1::2] = x
    x_local_grads = [None] * len(x_children)
    x_local_grads[0::2] = x_data
    nodes = []
    for row in rows:
        row_data = [w.data for w in row]
        total = 0
        for j in columns:
            total = total + row_data[j] * x_data[j]
        children = x_children[:]
        children[0::2] = row
        local_grads = x_local_grads[:]
        local_grads[1::2] = row_data
        nodes.append(Value(total, children, local_grads))
    return nodes


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
                if child.children:
                    stack.append((child, iter(child.children)))
                    break
                order.append(child)  # a leaf (a weight, say): nothing to visit, listed at once
        else:  # all children listed: the node itself can go
            stack.pop()
            order.append(node)
    return order


def computed_nodes(root):
    """topological_order(root) without its leaves: the nodes backward() walks.

    The same depth-first search, a little leaner: a leaf is never put in
    `visited` (there is nothing below it to visit), and the node being
    visited stays in local variables, off the stack.
    """
    order = []
    visited = {root}
    stack = []
    node, children = root, iter(root.children)
    while True:
        for child in children:
            if child.children and child not in visited:
                visited.add(child)
                stack.append((node, children))
                node, children = child, iter(child.children)
                break
        else:  # all children listed: the node itself can go
            order.append(node)
            if not stack:
                return order
            node, children = stack.pop()
