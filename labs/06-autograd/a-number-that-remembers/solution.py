class Value:
    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self.children = children
        self.local_grads = local_grads

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        # A sum moves exactly as far as either child moves.
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        # A product moves by the other child's number for each unit one child moves.
        return Value(self.data * other.data, (self, other), (other.data, self.data))
