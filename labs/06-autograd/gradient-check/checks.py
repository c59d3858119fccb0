from labkit import Checks

checks = Checks()


def cube_minus(x):
    return x**3 - 2 * x


def inverse_square(x):
    return (x * x + 1) ** -1


def times_itself_plus(x):
    return x * (x + 3) / 2


def fourth_power_over(x):
    return (x - 1) ** 4 / (x + 2)


lesson = checks.case("check_gradient", cube_minus, 2.0, 0.000001, shown_as="check_gradient(cube_minus, 2.0, 0.000001)")
inverse = checks.case("check_gradient", inverse_square, 0.5, 0.000001, shown_as="check_gradient(inverse_square, 0.5, 0.000001)")
negative_x = checks.case("check_gradient", times_itself_plus, -3.0, 0.000001, shown_as="check_gradient(times_itself_plus, -3.0, 0.000001)")
bigger_nudge = checks.case("check_gradient", cube_minus, 2.0, 0.01, shown_as="check_gradient(cube_minus, 2.0, 0.01)")
deep = checks.case("check_gradient", fourth_power_over, 0.3, 0.000001, shown_as="check_gradient(fourth_power_over, 0.3, 0.000001)")


@checks.mistake("check_gradient", "The first slope is 0: that is the grad of a Value before backward has run. Call backward() on what f gives back.")
def without_backward(f, x, h):
    return [0, (f(x + h) - f(x)) / h]


@checks.mistake("check_gradient", "The first number is the Value's data, not its gradient: f's slope is in grad after backward().")
def returns_data(f, x, h):
    return [x, (f(x + h) - f(x)) / h]


@checks.mistake("check_gradient", "Your nudged slope nudges x both ways, (f(x + h) - f(x - h)) / (2h). That is a good slope too, but this lab asks for Module 5's, which nudges x up only.", uses=["Value"])
def both_sides(f, x, h, Value):
    return [autograd_slope(f, x, Value), (f(x + h) - f(x - h)) / (2 * h)]


@checks.mistake("check_gradient", "Your nudged slope is how far f moved, not divided by h: divide by h to get the move per unit of x.", uses=["Value"])
def undivided(f, x, h, Value):
    return [autograd_slope(f, x, Value), f(x + h) - f(x)]


@checks.mistake("check_gradient", "Those are the two slopes in the other order: autograd's comes first.", uses=["Value"])
def swapped(f, x, h, Value):
    return [(f(x + h) - f(x)) / h, autograd_slope(f, x, Value)]


def autograd_slope(f, x, Value):
    """Autograd's slope with the learner's own Value, for the mistakes that get that part right."""
    v = Value(x)
    f(v).backward()
    return v.grad


@checks.check("Returns two numbers")
def two_numbers(t):
    t.require_shape(t.call(lesson), t.expected(lesson), lesson.call_text())


@checks.check("The lesson's function: x**3 - 2*x at x = 2")
def lesson_check(t):
    t.require_close(lesson, "Autograd's slope is 3 * 2 ** 2 - 2; nudging's is a hair above it.")


@checks.check("1 / (x*x + 1) at x = 0.5")
def inverse_check(t):
    t.require_close(inverse, "Here the slope is negative: f falls as x grows.")


@checks.check("A negative x")
def negative_check(t):
    t.require_close(negative_x, "Nothing changes for a negative x: make it a Value, and nudge it up by h.")


@checks.check("A bigger nudge, h = 0.01")
def bigger_check(t):
    t.require_close(bigger_nudge, "With a bigger h, the nudged slope is further from autograd's; autograd's does not change.")


@checks.check("A power divided by a sum")
def deep_check(t):
    t.require_close(deep, "The same two steps work for any function made of Value operations.")
