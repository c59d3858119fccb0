class Value:
    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        # Also keep: grad (it starts at 0), children and local_grads.

    def __add__(self, other):
        # Make a plain number a Value, then give back a new Value:
        # its data, its children (self, other) and its local gradients.
        pass

    def __mul__(self, other):
        pass


a = Value(2.0)
b = Value(-3.0)
c = a * b
print(c.data, c.local_grads)
