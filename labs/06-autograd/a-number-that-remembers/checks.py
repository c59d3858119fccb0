from labkit import Checks

checks = Checks()

fresh = checks.recipe("Value", "a = Value(2.0)", reads=["a.data", "a.grad", "len(a.children)", "len(a.local_grads)"])
lesson_product = checks.recipe("Value", "a = Value(2.0); b = Value(-3.0); c = a * b", reads=["c.data", "c.local_grads"])
lesson_sum = checks.recipe("Value", "a = Value(2.0); b = Value(-3.0); c = a + b", reads=["c.data", "c.local_grads"])
keeps_children = checks.recipe(
    "Value", "a = Value(2.0); b = Value(-3.0); c = a * b", reads=["[child is a for child in c.children]", "[child is b for child in c.children]"]
)
other_numbers = checks.recipe("Value", "a = Value(0.5); b = Value(4.0); c = a * b; d = c + a", reads=["c.data", "c.local_grads", "d.data", "d.local_grads"])
plain_right = checks.recipe("Value", "a = Value(3.0); c = a * 2; d = a + 1", reads=["c.data", "c.local_grads", "d.data", "d.local_grads"])
unchanged = checks.recipe("Value", "a = Value(2.0); b = Value(-3.0); c = a * b; d = a + b", reads=["a.data", "b.data", "a.grad", "b.grad"])


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


@checks.mistaken_class("Value", "Those are the product's local gradients swapped: the one for a should be b's number, and the one for b should be a's.")
class SwappedProductGrads(Wrong):
    def __mul__(self, other):
        other = self.wrapped(other)
        return self.made(self.data * other.data, (self, other), (self.data, other.data))


@checks.mistaken_class("Value", "Those are a sum's local gradients, (1, 1), on the product. A product moves by the other child's number for each unit one child moves.")
class ProductGradsOfASum(Wrong):
    def __mul__(self, other):
        other = self.wrapped(other)
        return self.made(self.data * other.data, (self, other), (1, 1))


@checks.check("A new Value: its data, a grad of 0, no children")
def new_value(t):
    t.require_reads(fresh, "Value(2.0) keeps 2.0 as its data, starts its grad at 0, and has no children and no local gradients: both are ().")


@checks.check("The lesson's product: a * b with a = 2 and b = -3")
def product(t):
    t.require_reads(lesson_product, "c.data is the product of the two numbers; its local gradients come in the order of the children, a then b.")


@checks.check("The lesson's sum: a + b")
def sum_(t):
    t.require_reads(lesson_sum, "c.data is a.data + b.data, and a sum's local gradients are (1, 1).")


@checks.check("The result remembers its children, a then b")
def children(t):
    t.require_reads(keeps_children, "c.children should be the pair (a, b): the Values themselves, in that order, a first.")


@checks.check("Other numbers, and a Value made from Values made from Values")
def chained(t):
    t.require_reads(other_numbers, "d = c + a is a sum whose first child is the product c.")


@checks.check("A plain number on the right: a * 2 and a + 1")
def plain_numbers(t):
    t.require_reads(plain_right, "Inside __mul__ and __add__, other is then a plain number: make a Value of it first.")


@checks.check("a and b are left as they were")
def leaves_inputs(t):
    t.require_reads(unchanged, "Making c and d should change nothing in a or b: each operation makes a new Value.")
