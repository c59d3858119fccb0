"""Checking a class with recipes (labkit.objects): what comes back, and what a learner is told."""

from labkit import grading
from labkit.grading import LabBundle, load_checks

CHECKS = '''
from labkit import Checks

checks = Checks()
product = checks.recipe("Value", "a = Value(2.0); b = Value(-3.0); c = a * b", reads=["c.data", "c.local_grads"])
power = checks.recipe("Value", "a = Value(2.0); c = a ** 3", reads=["c.data"])


class Right:
    def __init__(self, data, children=(), local_grads=()):
        self.data, self.grad, self.children, self.local_grads = data, 0, children, local_grads

    def __mul__(self, other):
        return type(self)(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        return type(self)(self.data ** n, (self,), (n * self.data ** (n - 1),))


@checks.mistaken_class("Value", "You swapped the two local gradients.")
class Swapped(Right):
    def __mul__(self, other):
        return type(self)(self.data * other.data, (self, other), (self.data, other.data))


@checks.check("Multiplies")
def multiplies(t):
    t.require_reads(product, "Look at the lesson.")


@checks.check("Powers")
def powers(t):
    t.require_reads(power, "Write __pow__.")
'''

RIGHT = '''
class Value:
    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self.children = children
        self.local_grads = local_grads

    def __mul__(self, other):
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        return Value(self.data ** n, (self,), (n * self.data ** (n - 1),))
'''


def expected_answers():
    """What the right class reads back, stored as the build stores a solution's answers."""
    namespace = {}
    exec(compile(RIGHT, "<your code>", "exec"), namespace)
    return load_checks(CHECKS, "m/value").answers(namespace, RIGHT)


def grade(code):
    return grading.check(LabBundle("m/value", CHECKS, expected_answers(), ["Value"]), code)


def messages(code):
    return [check["message"] for check in grade(code)["checks"]]


def test_the_right_class_passes_and_reads_come_back_as_plain_numbers():
    assert expected_answers() == [[-6.0, [-3.0, 2.0]], [8.0]]
    assert grade(RIGHT)["status"] == "passed"


def test_a_mistaken_class_is_named_only_when_it_reproduces_the_learners():
    swapped = RIGHT.replace("(other.data, self.data))", "(self.data, other.data))")
    first = messages(swapped)[0]
    assert first.startswith("After `a = Value(2.0); b = Value(-3.0); c = a * b`, c.local_grads is [2, -3]; expected [-3, 2].")
    assert first.endswith("You swapped the two local gradients.")
    other_slip = RIGHT.replace("(other.data, self.data))", "(1, 1))")
    assert messages(other_slip)[0].endswith("Look at the lesson.")


def test_an_operation_that_gives_back_a_float_is_said_with_the_learners_line():
    floats = RIGHT.replace("return Value(self.data * other.data, (self, other), (other.data, self.data))", "return self.data * other.data")
    assert messages(floats)[0].startswith("After `c = a * b`, c is the float -6.0, not a Value. Your __mul__ (line 9) returns it.")


def test_an_init_without_grad_is_said_at_the_first_value():
    no_grad = RIGHT.replace("        self.grad = 0\n", "")
    assert messages(no_grad)[0].startswith("After `a = Value(2.0)`, a has no grad. Every Value is given a gradient of 0 (self.grad = 0) by your __init__ (line 3)")


def test_a_missing_operator_method_is_named():
    no_pow = RIGHT.split("    def __pow__")[0]
    said = messages(no_pow)[1]
    assert said.startswith("`c = a ** 3`: Python found no method of your Value for this operator")
    assert "** is __pow__" in said


def test_an_error_inside_the_learners_method_keeps_its_traceback():
    broken = RIGHT.replace("self.data ** n,", "self.data ** n / 0,")
    said = messages(broken)[1]
    assert "raised ZeroDivisionError on line 13" in said and "Traceback (your code" in said


def test_a_missing_class_asks_to_keep_the_class_line():
    result = grade("def value(x):\n    return x\n")
    assert result["checks"][0]["message"] == "Your code does not define Value(). Keep the class line from the starter code."
