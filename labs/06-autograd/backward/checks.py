import math

from labkit import Checks

checks = Checks()

LESSON_GRAPH = "a = Value(2.0); b = Value(-3.0); c = Value(4.0); f = Value(5.0); e = a * b; d = e + c; L = d * f; L.backward()"
lesson = checks.recipe("Value", LESSON_GRAPH, reads=["a.grad", "b.grad", "c.grad", "f.grad", "e.grad", "d.grad", "L.grad"])
alone = checks.recipe("Value", "x = Value(3.0); x.backward()", reads=["x.grad"])
used_twice = checks.recipe("Value", "a = Value(2.0); c = a * a; c.backward()", reads=["a.grad", "c.grad"])
diamond = checks.recipe("Value", "a = Value(3.0); b = a * 2; c = a + 1; d = b * c; d.backward()", reads=["a.grad", "b.grad", "c.grad"])
shared_middle = checks.recipe(
    "Value", "a = Value(1.5); b = Value(-2.0); m = a * b; n = m + a; p = m * n; p.backward()", reads=["a.grad", "b.grad", "m.grad", "n.grad"]
)
every_operation = checks.recipe(
    "Value", "x = Value(0.5); y = (x ** 2 + 1).log() - x.exp() / 2 + (x * 3).relu(); y.backward()", reads=["y.data", "x.grad"]
)
untouched = checks.recipe("Value", "a = Value(2.0); b = Value(3.0); c = a * b; d = a + 1; c.backward()", reads=["d.grad", "a.grad"])


class Wrong:
    """The right class, for each mistake below to change one method of; `made` keeps the mistake's own class."""

    def __init__(self, data, children=(), local_grads=()):
        self.data, self.grad, self.children, self.local_grads = data, 0, children, local_grads

    def made(self, *parts):
        return type(self)(*parts)

    def wrapped(self, other):
        return other if isinstance(other, Wrong) else self.made(other)

    def __add__(self, other):
        other = self.wrapped(other)
        return self.made(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = self.wrapped(other)
        return self.made(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        return self.made(self.data**n, (self,), (n * self.data ** (n - 1),))

    def exp(self):
        return self.made(math.exp(self.data), (self,), (math.exp(self.data),))

    def log(self):
        return self.made(math.log(self.data), (self,), (1 / self.data,))

    def relu(self):
        return self.made(max(0, self.data), (self,), (float(self.data > 0),))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other**-1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def order(self, once=True):
        order, visited = [], set()

        def visit(node):
            if once and node in visited:
                return
            visited.add(node)
            for child in node.children:
                visit(child)
            order.append(node)

        visit(self)
        return order

    def hand_back(self, order, share):
        for node in order:
            for child, local_grad in zip(node.children, node.local_grads):
                share(child, local_grad, node)

    def backward(self):
        self.grad = 1
        self.hand_back(reversed(self.order()), added)


def added(child, local_grad, node):
    child.grad += local_grad * node.grad


@checks.mistaken_class("Value", "With = instead of +=, a Value used more than once keeps only the last share it is handed: the second replaces the first share instead of adding to it.")
class AssignsGrad(Wrong):
    def backward(self):
        def replaced(child, local_grad, node):
            child.grad = local_grad * node.grad

        self.grad = 1
        self.hand_back(reversed(self.order()), replaced)


@checks.mistaken_class("Value", "Every gradient stays 0: your backward never sets the result's own gradient to 1, so there is nothing to hand back.")
class ForgetsTheFirstGradient(Wrong):
    def backward(self):
        self.hand_back(reversed(self.order()), added)


@checks.mistaken_class("Value", "Your order lists a Value once for every path that reaches it, so a Value reached by two paths hands its gradient on twice. Keep a set of the Values visited, and skip one already in it.")
class VisitsTwice(Wrong):
    def backward(self):
        self.grad = 1
        self.hand_back(reversed(self.order(once=False)), added)


@checks.mistaken_class("Value", "Your backward walks the list from its start, the inputs first, so each Value hands on its gradient before it has received it. Walk it from the end.")
class WalksForwards(Wrong):
    def backward(self):
        self.grad = 1
        self.hand_back(self.order(), added)


@checks.mistaken_class("Value", "Each child gets its parent's gradient without the local gradient: the chain rule multiplies the two.")
class NoLocalGradient(Wrong):
    def backward(self):
        def unscaled(child, local_grad, node):
            child.grad += node.grad

        self.grad = 1
        self.hand_back(reversed(self.order()), unscaled)


@checks.check("The lesson's graph: L = (a * b + c) * f")
def lesson_check(t):
    t.require_reads(lesson, "These are the gradients of the lesson's table: L's is 1, and each other is found from the one after it.")


@checks.check("A Value on its own: its gradient is 1")
def alone_check(t):
    t.require_reads(alone, "backward() on a Value with no children still sets its own gradient to 1.")


@checks.check("A Value used twice: c = a * a")
def twice_check(t):
    t.require_reads(used_twice, "a is both children of c; the slope of a * a at 2 is 4.")


@checks.check("Two paths to one Value: b and c are both made from a")
def diamond_check(t):
    t.require_reads(diamond, "a reaches d through b and through c: its gradient adds both.")


@checks.check("A Value whose parents share a child")
def shared_check(t):
    t.require_reads(shared_middle, "m is used by n and by p, and a by m and by n: each gets every share.")


@checks.check("Every operation from the last lab in one graph")
def every_operation_check(t):
    t.require_reads(every_operation, "If the other checks pass, look at the local gradients of pow, log, exp and relu.")


@checks.check("A Value outside the graph keeps a gradient of 0")
def untouched_check(t):
    t.require_reads(untouched, "d = a + 1 is not part of c's graph, so c.backward() should leave d.grad at 0.")
