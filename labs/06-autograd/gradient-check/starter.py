import math


class Value:
    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self.children = children
        self.local_grads = local_grads

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        # n is a plain number: x ** n moves n * x ** (n - 1) per unit x moves.
        return Value(self.data**n, (self,), (n * self.data ** (n - 1),))

    def exp(self):
        result = math.exp(self.data)
        # exp's slope is exp itself.
        return Value(result, (self,), (result,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def relu(self):
        # It moves with x only where x is above 0.
        slope = 1.0 if self.data > 0 else 0.0
        return Value(max(0, self.data), (self,), (slope,))

    # Built from the operations above, so they need no gradients of their own.

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other**-1

    # A plain number on the left: 2 * v, 1 + v, sum(...).

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # 1. Every Value this one was made from, each listed after its children.
        order = []
        visited = set()

        def visit(node):
            if node not in visited:
                visited.add(node)
                for child in node.children:
                    visit(child)
                order.append(node)

        visit(self)
        # 2. The result moves one for one with itself.
        self.grad = 1
        # 3. From the result back: each Value hands its gradient, times the local
        # gradient, to each child. += because a child may get shares from several.
        for node in reversed(order):
            for child, local_grad in zip(node.children, node.local_grads):
                child.grad += local_grad * node.grad


def check_gradient(f, x, h):
    # Return [the slope autograd finds, the slope nudging finds].
    return [0, 0]


def cube_minus(x):
    return x**3 - 2 * x


print(check_gradient(cube_minus, 2.0, 0.000001))
