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
        # x ** n, where n is a plain number. One child: (self,). Its local gradient?
        pass

    def exp(self):
        pass

    def log(self):
        pass

    def relu(self):
        pass

    def __neg__(self):
        pass

    def __sub__(self, other):
        pass

    def __truediv__(self, other):
        pass

    def __radd__(self, other):
        pass

    def __rmul__(self, other):
        pass


x = Value(2.0)
y = x ** 3
print(y.data, y.local_grads)
