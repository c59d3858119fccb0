"""Checking a class the learner writes, such as Module 6's `Value`, with plain data only.

An object is not plain data, so a check on a class is a *recipe*: a few lines of Python
that make objects of the learner's class and combine them (`a = Value(2.0); c = a * a`),
and the expressions to read back afterwards as plain numbers (`c.data`, `a.grad`):

    squared = checks.recipe("Value", "a = Value(3.0); c = a * a; c.backward()", reads=["c.data", "a.grad"])

The recipe is plain data, so the builder stores what the solution's class reads back,
exactly as for a function's case, and a mistake is a whole mistaken class run through
the same recipe (`@checks.mistaken_class`). A recipe runs as one call (labkit.calls.run), so
the whole of it is inside the guard that keeps the learner's code from the checker's world. While a recipe runs, each line is watched:
a line that should make an object of the class and made something else, an object that
lacks one of the attributes every object must have, or a method the class does not have
yet, is said as what it is, with the learner's line where there is one.
"""

import ast
import functools
import re

from labkit.protocol import LEARNER_FILE
from labkit.values import NotPlainData, is_number, plain, show

RECIPE_FILE = "<the check's recipe>"

# The method Python calls for each operator, for messages that name the one to fix.
BINARY_METHODS = {ast.Add: "add", ast.Mult: "mul", ast.Pow: "pow", ast.Sub: "sub", ast.Div: "truediv"}
UNARY_METHODS = {ast.USub: "__neg__"}


class RecipeFailed(Exception):
    """What a recipe found wrong, in words for the learner; raised as the call's error.

    A mistaken class that goes wrong in the same way fails with the same words, so it
    agrees with the learner's class (labkit.calls.same_behaviour compares the two).
    """

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def recipe_steps(steps):
    """The lines of a recipe, written with "; " between them."""
    return [step.strip() for step in steps.split(";") if step.strip()]


def run_recipe(cls, class_name, steps, reads, required=("data", "grad")):
    """Run a recipe with `cls` as `class_name`; what each of `reads` gives, as plain data."""
    names = {"__builtins__": __builtins__, class_name: cls}
    for step in recipe_steps(steps):
        run_step(step, names, cls, class_name)
        require_attributes(step, names, cls, class_name, required)
    return [read(expression, names, cls, class_name) for expression in reads]


def run_step(step, names, cls, class_name):
    try:
        exec(compiled(step, "exec"), names)
    except (AttributeError, TypeError) as error:
        missing = missing_method(step, error, cls, class_name) or plain_number_inside(step, error, class_name)
        if missing:
            raise RecipeFailed(missing, line=learner_frames(error)[-1] if learner_frames(error) else None) from None
        raise
    made = assigned_name(step)
    if made is not None and not isinstance(names[made], cls):
        raise RecipeFailed(not_an_object(step, made, names[made], cls, class_name))


# A recipe's lines are the checker's own, the same at every Check: each is compiled and parsed once.
@functools.lru_cache(maxsize=512)
def compiled(text, mode):
    return compile(text, RECIPE_FILE, mode)


@functools.lru_cache(maxsize=512)
def assigned_name(step):
    """`c` for "c = a * b"; None for a line that assigns no single name."""
    tree = ast.parse(step)
    first = tree.body[0] if tree.body else None
    if isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name):
        return first.targets[0].id
    return None


def missing_method(step, error, cls, class_name):
    """A sentence when `error` is Python finding no method for the recipe's own line; else ""."""
    if not raised_on_recipe_line(error):
        return ""  # raised inside the learner's methods: their traceback says where
    message = str(error)
    if isinstance(error, AttributeError) and f"'{cls.__name__}' object has no attribute" in message:
        attribute = message.split("attribute", 1)[1].strip(" '\"")
        return (
            f"`{step}` needs {attribute}(), and your {class_name} has no method called {attribute} yet. "
            f"Write it inside the class, indented under `class {class_name}:`, as def {attribute}(self): ..."
        )
    if isinstance(error, TypeError) and ("unsupported operand" in message or "bad operand" in message):
        return (
            f"`{step}`: Python found no method of your {class_name} for this operator "
            f"({message}). Each operator needs its own method in the class: "
            f"+ is __add__, * is __mul__, ** is __pow__, - is __sub__ (and -x is __neg__), / is __truediv__, "
            f"and a plain number on the left (2 * x, 1 + x, sum(...)) needs __rmul__ or __radd__."
        )
    return ""


def plain_number_inside(step, error, class_name):
    """A sentence when the learner's method read .data (or another attribute) of a plain number; else ""."""
    frames = learner_frames(error)
    found = PLAIN_ATTRIBUTE.match(str(error)) if isinstance(error, AttributeError) else None
    if not frames or not found:
        return ""
    kind, attribute = found.groups()
    return (
        f"`{step}` raised AttributeError on line {frames[-1]}: {error}. "
        f"There, a plain number ({article(kind)} {kind}) was used as if it were a {class_name}: it has no .{attribute}. "
        f"In `a * 2` or `a + 1`, other is the plain number: make a {class_name} of it first "
        f"(isinstance(other, {class_name}) tells whether it is one already)."
    )


PLAIN_ATTRIBUTE = re.compile(r"^'(int|float)' object has no attribute '(\w+)'")


def learner_frames(error):
    """The lines of the learner's code in `error`'s traceback, outermost first."""
    lines = []
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == LEARNER_FILE:
            lines.append(trace.tb_lineno)
        trace = trace.tb_next
    return lines


def raised_on_recipe_line(error):
    frames = []
    trace = error.__traceback__
    while trace is not None:
        frames.append(trace.tb_frame.f_code.co_filename)
        trace = trace.tb_next
    return bool(frames) and frames[-1] == RECIPE_FILE and LEARNER_FILE not in frames


def not_an_object(step, made, value, cls, class_name):
    """"After `c = a * b`, c is the float -6.0, not a Value ...": what came back and where it was made."""
    kind = type(value).__name__
    if value is None:
        shown = "None (the method ended without a return line that has a value)"
    else:
        shown = f"the {kind} {value!r}" if is_number(value) else f"{article(kind)} {kind}"
    method = making_method(step, cls)
    where = ""
    if method:
        line = learner_line(getattr(cls, method, None))
        where = f" Your {method} (line {line}) returns it." if line else f" It comes from your {method}."
    return (
        f"After `{step}`, {made} is {shown}, not a {class_name}.{where} "
        f"Every operation should give back a new {class_name}, made with {class_name}(...), "
        "so that the result remembers the numbers it was made from."
    )


def making_method(step, cls):
    """The method of `cls` that made the assigned value in `step`, when the line shows it."""
    tree = ast.parse(step)
    value = tree.body[0].value if tree.body and isinstance(tree.body[0], ast.Assign) else None
    if isinstance(value, ast.BinOp) and type(value.op) in BINARY_METHODS:
        side = "r" if isinstance(value.left, ast.Constant) else ""
        return f"__{side}{BINARY_METHODS[type(value.op)]}__"
    if isinstance(value, ast.UnaryOp) and type(value.op) in UNARY_METHODS:
        return UNARY_METHODS[type(value.op)]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return value.func.attr
    return ""


def article(word):
    return "an" if word[:1].lower() in "aeiou" else "a"


def learner_line(method):
    code = getattr(method, "__code__", None)
    return code.co_firstlineno if code is not None and code.co_filename == LEARNER_FILE else None


def require_attributes(step, names, cls, class_name, required):
    """Every object of the class the recipe holds has each `required` attribute, as a number."""
    for name, value in list(names.items()):
        if not isinstance(value, cls):
            continue
        for attribute in required:
            try:
                number = plain(getattr(value, attribute))
            except AttributeError:
                raise RecipeFailed(no_attribute(step, name, attribute, class_name, cls)) from None
            except NotPlainData as problem:
                raise RecipeFailed(f"After `{step}`, {name}.{attribute} is not a number: {problem}.") from None
            if not is_number(number):
                raise RecipeFailed(f"After `{step}`, {name}.{attribute} is {show(number)}, not a number.")


def no_attribute(step, name, attribute, class_name, cls):
    line = learner_line(getattr(cls, "__init__", None))
    where = f"your __init__ (line {line})" if line else "__init__"
    start = "a gradient of 0 (self.grad = 0)" if attribute == "grad" else f"its {attribute} (self.{attribute} = ...)"
    return (
        f"After `{step}`, {name} has no {attribute}. Every {class_name} is given {start} "
        f"by {where}, the method Python runs each time it makes one."
    )


def read(expression, names, cls, class_name):
    try:
        found = eval(compiled(expression, "eval"), names)
    except (AttributeError, TypeError) as error:
        missing = missing_method(expression, error, cls, class_name)
        if missing:
            raise RecipeFailed(missing) from None
        raise
    try:
        return plain(found)
    except NotPlainData as problem:
        raise RecipeFailed(f"{expression} is not a number or a list of numbers: {problem}.") from None


def recipe_text(steps, reads):
    """How messages write a recipe: its lines, then what is read."""
    return "; ".join(recipe_steps(steps))


def recipe_driver(class_name):
    """How a recipe case calls the learner's class (or a mistaken one): see Case.caller."""

    def drive(cls, steps, reads):
        return run_recipe(cls, class_name, steps, reads)

    return drive
