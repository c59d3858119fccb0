"""Numbers for Module 6, "Autograd", computed with the course's own Value (microgpt.autograd).

Every example is small enough to work by hand, and every number a page shows is what
the course's Value gives for it: the lessons teach exactly the engine microgpt trains with.
"""

import math

from microgpt.autograd import Value, topological_order
from microgpt.model import GPTConfig, parameter_shapes

from labkit.dropin import DROP_IN_NAME

A, B = 2.0, -3.0  # the two numbers every lesson of the module starts from
C, F = 4.0, 5.0  # and the two that lesson 3's graph adds
NUDGE = 0.001  # how far lesson 1 nudges a, to see the local gradients
SLOPE_H = 1e-6  # the nudge of the gradient check (Module 5's slope)


def remembers():
    """Lesson 1: a + b and a * b as plain floats, then as Values with their local gradients."""
    a, b = Value(A), Value(B)
    total, product = a + b, a * b
    return {
        "a": A,
        "b": B,
        "inputs": [A, B],
        "total": total.data,
        "total_as_list": [total.data],
        "product_as_list": [product.data],
        "product": product.data,
        "total_local": list(total.local_grads),
        "product_local": list(product.local_grads),
        # What the lab reads back from c = a * b: c.data, then c.local_grads.
        "product_lab": [product.data, list(product.local_grads)],
        # The product with a nudged: it moves by b times the nudge, the local gradient b.
        "nudge": NUDGE,
        "product_nudged": (A + NUDGE) * B,
        "product_moved": (A + NUDGE) * B - A * B,
        "product_slope": ((A + NUDGE) * B - A * B) / NUDGE,
        "total_nudged": (A + NUDGE) + B,
        "total_slope": ((A + NUDGE) + B - (A + B)) / NUDGE,
    }


def operations():
    """Lesson 2: each new operation at one number, its result and its local gradient."""
    x = Value(A)
    rows = {
        "pow": x**3,
        "exp": x.exp(),
        "log": x.log(),
        "relu": x.relu(),
        "relu_negative": Value(B).relu(),
        "neg": -x,
        "inverse": x**-1,
    }
    shown = {name: {"data": value.data, "local": value.local_grads[0]} for name, value in rows.items()}
    difference = Value(A) - Value(B)
    quotient = Value(A) / Value(B)
    doubled = 2 * Value(A)
    summed = sum([Value(A), Value(B), Value(C)])
    return {
        "x": A,
        **shown,
        "difference": difference.data,
        "quotient": quotient.data,
        "doubled": doubled.data,
        "summed": summed.data,
        "exponent": 3,
        # What the lab reads back from y = x ** 3: y.data, then y.local_grads.
        "cube_lab": [rows["pow"].data, list(rows["pow"].local_grads)],
        "c": C,
        "b": B,
        "nudge": NUDGE,
        # exp nudged: it moves by about exp(x) times the nudge, its own value.
        "exp_slope": (math.exp(A + NUDGE) - math.exp(A)) / NUDGE,
        # The film's rows: each operation's result, and its local gradient.
        "film_data": [rows[name].data for name in FILM_ROWS],
        "film_local": [rows[name].local_grads[0] for name in FILM_ROWS],
        "film_labels": list(FILM_ROWS.values()),
        "film_x": [A],
        "film_negative": [B],
    }


FILM_ROWS = {"pow": "x ** 3", "exp": "x.exp()", "log": "x.log()", "relu": "x.relu()"}


def chain_graph():
    """The graph lessons 3 and 4 work through: L = (a * b + c) * f, every node and its gradient."""
    a, b, c, f = Value(A), Value(B), Value(C), Value(F)
    e = a * b
    d = e + c
    loss = d * f
    loss.backward()
    nodes = {"a": a, "b": b, "c": c, "f": f, "e": e, "d": d, "L": loss}
    return {
        "data": {name: node.data for name, node in nodes.items()},
        "grad": {name: float(node.grad) for name, node in nodes.items()},
        # The lab's answer, in the order its function returns it.
        "grads": [float(node.grad) for node in (a, b, c, f)],
        # What the backward lab reads back after L.backward(): every gradient, inputs first.
        "backward_lab": [node.grad for node in (a, b, c, f, e, d, loss)],
        "inputs": [A, B, C, F],
        # d(L)/d(a) by the chain rule, one factor at a time: dL/dd * dd/de * de/da.
        "dL_dd": d.grad,
        "dd_de": 1,
        "de_da": B,
        # The same gradient found by nudging a, as Module 5 did.
        "nudge": NUDGE,
        "a_nudged_slope": (((A + NUDGE) * B + C) * F - loss.data) / NUDGE,
        "film_inputs": [A, B, C, F],
        "film_middle": [e.data, d.data],
        "film_loss": [loss.data],
        "film_grads_end": [d.grad, f.grad],
        "film_grads_middle": [e.grad, c.grad],
        "film_grads_inputs": [a.grad, b.grad],
        "order": [name for node in topological_order(loss) for name, known in nodes.items() if known is node],
    }


def graph_film():
    """Lesson 4's film: the graph of chain_graph, its gradients filled in from L back to the inputs."""
    graph = chain_graph()
    order = list(reversed(graph["order"]))  # backward visits the output first
    steps = []
    for count in range(len(order) + 1):
        done = order[:count]
        steps.append([graph["grad"][name] if name in done else None for name in NODE_ORDER])
    return {
        "names": list(NODE_ORDER),
        "data": [graph["data"][name] for name in NODE_ORDER],
        "grad_steps": steps,
        "backward_order": order,
    }


# How the film lays the graph out: inputs first, the output last.
NODE_ORDER = ("a", "b", "e", "c", "d", "f", "L")
EDGES = (("a", "e"), ("b", "e"), ("e", "d"), ("c", "d"), ("d", "L"), ("f", "L"))


def used_twice():
    """Lesson 4: a Value used twice gets both contributions: c = a * a, and a + a."""
    a = Value(A)
    square = a * a
    square.backward()
    b = Value(A)
    double = b + b
    double.backward()
    # With = instead of +=, only the last contribution would stay: a.grad would be a, not 2a.
    return {
        "a": A,
        "square": square.data,
        "square_grad": a.grad,
        "square_local": list(square.local_grads),
        "double_grad": b.grad,
        "one_contribution": A,
    }


def drop_in():
    """What the page's drop-in runs: the loss of one name, over all of microgpt's parameters."""
    params = sum(rows * cols for _name, rows, cols in parameter_shapes(GPTConfig()))
    return {"name": DROP_IN_NAME, "params": params}


class WrongLog(Value):
    """A Value whose log keeps log(x) as its local gradient instead of 1 / x: the bug a gradient check catches."""

    def log(self):
        return Value(math.log(self.data), (self,), (math.log(self.data),))


def autograd_slope(function, x, value_class=Value):
    value = value_class(x)
    function(value).backward()
    return value.grad


def check_functions():
    """Lesson 5: four functions, each with its gradient by autograd and by nudging; and the one with
    log again, with a wrong local gradient for log."""
    cases = []
    for label, function, x in GRADIENT_CASES:
        slope = autograd_slope(function, x)
        nudged = (function(x + SLOPE_H) - function(x)) / SLOPE_H
        cases.append({"label": label, "x": x, "autograd": slope, "nudged": nudged, "difference": abs(slope - nudged)})
    first = cases[0]
    with_log = next(case for case in cases if case["label"] == LOG_CASE)
    wrong = autograd_slope(times_log, with_log["x"], WrongLog)
    film = {
        "film_labels": [case["label"] for case in cases],
        "film_autograd": [case["autograd"] for case in cases],
        "film_nudged": [case["nudged"] for case in cases],
    }
    return {
        **film, "cases": cases, "h": SLOPE_H, "first": first, "first_lab": [first["autograd"], first["nudged"]],
        "with_log": with_log, "wrong_log": wrong,
    }


def cube_minus(x):
    return x**3 - 2 * x


def inverse_square(x):
    return (x * x + 1) ** -1


def times_itself_plus(x):
    return x * (x + 3) / 2


def times_log(x):
    """x * log(x): Value's log on a Value, math.log on a plain number."""
    return x * (math.log(x) if isinstance(x, (int, float)) else x.log())


LOG_CASE = "x * log(x)"
GRADIENT_CASES = (
    ("x**3 - 2*x", cube_minus, A),
    ("1 / (x*x + 1)", inverse_square, 0.5),
    ("x * (x + 3) / 2", times_itself_plus, B),
    (LOG_CASE, times_log, A),
)
