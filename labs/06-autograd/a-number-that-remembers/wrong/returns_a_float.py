# expect: c is the float -6.0, not a Value
class Value:
    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self.children = children
        self.local_grads = local_grads

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self.data + other.data

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self.data * other.data
