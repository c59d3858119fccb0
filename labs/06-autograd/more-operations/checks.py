import math

from labkit import Checks

checks = Checks()

cube = checks.recipe("Value", "x = Value(2.0); y = x ** 3", reads=["y.data", "y.local_grads"])
square_root = checks.recipe("Value", "x = Value(9.0); y = x ** 0.5", reads=["y.data", "y.local_grads"])
exp_and_log = checks.recipe("Value", "x = Value(2.0); e = x.exp(); g = x.log()", reads=["e.data", "e.local_grads", "g.data", "g.local_grads"])
relu_sides = checks.recipe(
    "Value", "p = Value(2.0); n = Value(-3.0); q = p.relu(); r = n.relu()", reads=["q.data", "q.local_grads", "r.data", "r.local_grads"]
)
relu_at_zero = checks.recipe("Value", "z = Value(0.0); r = z.relu()", reads=["r.data", "r.local_grads"])
built = checks.recipe("Value", "a = Value(2.0); b = Value(-3.0); n = -a; d = a - b; q = a / b", reads=["n.data", "d.data", "q.data"])
left_numbers = checks.recipe(
    "Value", "a = Value(2.0); d = 2 * a; s = 1 + a; t = sum([a, Value(-3.0), Value(4.0)])", reads=["d.data", "s.data", "t.data"]
)


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


@checks.mistaken_class("Value", "At exactly 0 your relu's local gradient is 1. relu only moves with x where x is above 0, so at 0 it is 0, as in microgpt: test self.data > 0, not >= 0.")
class ReluSlopeAtZero(Wrong):
    def relu(self):
        return self.made(max(0, self.data), (self,), (float(self.data >= 0),))


@checks.mistaken_class("Value", "Your exp keeps x itself as its local gradient. exp's slope is its own result, exp(x), not x.")
class ExpSlopeIsX(Wrong):
    def exp(self):
        return self.made(math.exp(self.data), (self,), (self.data,))


@checks.mistaken_class("Value", "Your log keeps log(x) as its local gradient. log's slope is 1 / x.")
class LogSlopeIsLog(Wrong):
    def log(self):
        return self.made(math.log(self.data), (self,), (math.log(self.data),))


@checks.mistaken_class("Value", "That local gradient is n * x ** n: the power should drop by one, n * x ** (n - 1).")
class PowerNotLowered(Wrong):
    def __pow__(self, n):
        return self.made(self.data**n, (self,), (n * self.data**n,))


@checks.mistaken_class("Value", "Your a - b gives b - a: the two sides are the wrong way round.")
class SubtractsBackwards(Wrong):
    def __sub__(self, other):
        return self.wrapped(other) + (-self)


@checks.check("x ** 3 and its local gradient")
def cube_check(t):
    t.require_reads(cube, "x ** 3 is 8.0, and it moves 3 * x ** 2 per unit x moves.")


@checks.check("A power that is not a whole number: x ** 0.5")
def root_check(t):
    t.require_reads(square_root, "The same rule holds for any n: n * x ** (n - 1).")


@checks.check("exp and log")
def exp_log_check(t):
    t.require_reads(exp_and_log, "Use math.exp and math.log on self.data; exp's local gradient is its result, log's is 1 / x.")


@checks.check("relu above and below 0")
def relu_check(t):
    t.require_reads(relu_sides, "relu gives max(0, x); its local gradient is 1 above 0 and 0 below.")


@checks.check("relu at exactly 0")
def relu_zero_check(t):
    t.require_reads(relu_at_zero, "At 0, relu gives 0 and its local gradient is 0.")


@checks.check("-a, a - b and a / b")
def built_check(t):
    t.require_reads(built, "Build each from * , + and **: -a is a * -1, a - b is a + (-b), a / b is a * b ** -1.")


@checks.check("A plain number on the left: 2 * a, 1 + a and sum(...)")
def left_check(t):
    t.require_reads(left_numbers, "__rmul__ and __radd__ give back the same operation with the two sides swapped.")
