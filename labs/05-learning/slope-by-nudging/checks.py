from labkit import Checks


def square(x):
    return x * x


def falling(x):
    return 5 - 2 * x


def flat(x):
    return 4


def cube(x):
    return x * x * x


checks = Checks()

worked = checks.case("slope", square, 3, 0.01, shown_as="slope(square, 3, 0.01)")
big_nudge = checks.case("slope", square, 3, 1, shown_as="slope(square, 3, 1)")
left_side = checks.case("slope", square, -1, 0.1, shown_as="slope(square, -1, 0.1)")
downhill = checks.case("slope", falling, 2, 0.5, shown_as="slope(falling, 2, 0.5)")
level = checks.case("slope", flat, 7, 0.01, shown_as="slope(flat, 7, 0.01)")
cubed = checks.case("slope", cube, 2, 0.001, shown_as="slope(cube, 2, 0.001)")


# --- known mistakes: each is said only when it gives exactly what the learner's slope gave ---


@checks.mistake("slope", "That is exactly the change in f multiplied by h: divide by h instead, to turn the change into a rise per unit step.")
def times_h(f, x, h):
    return (f(x + h) - f(x)) * h


@checks.mistake("slope", "That is exactly the change in f, not divided by anything: a smaller nudge gives a smaller change, so divide it by h to get the slope.")
def rise_only(f, x, h):
    return f(x + h) - f(x)


@checks.mistake("slope", "That is exactly the slope with its sign flipped: (f(x) - f(x + h)) / h. Take the value after the nudge minus the value before it.")
def backwards(f, x, h):
    return (f(x) - f(x + h)) / h


@checks.mistake("slope", "That is exactly what you get from f(x) + h instead of f(x + h): the nudge must go inside the brackets, into what f is given.")
def nudged_outside(f, x, h):
    return (f(x) + h - f(x)) / h


@checks.mistake("slope", "That is exactly the centred slope, (f(x + h) - f(x - h)) / (2 * h). It is a good estimate too, but this lab nudges one way only, as the lesson does: from x up to x + h.")
def centred(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)


@checks.mistake("slope", "That is exactly the change in f divided by x instead of by h: the rise is per step of size h, so divide by h.")
def divided_by_x(f, x, h):
    return (f(x + h) - f(x)) / x


# --- checks ---


@checks.check("Returns a number")
def returns_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text())


@checks.check("x² at 3, nudged by 0.01, from the lesson")
def worked_example(t):
    t.require_close(worked, "square(x) is x * x. The lesson's table has this row: nudged from 3 to 3.01, it rises by 0.0601.")


@checks.check("Divides by the nudge, whatever its size")
def any_nudge(t):
    t.require_close(big_nudge, "square(x) is x * x; with h = 1 it rises from 3² = 9 to 4² = 16, a rise of 7 over a step of 1.")
    t.require_close(cubed, "Here the nudge is 0.001 and f is x * x * x.")


@checks.check("A falling function has a negative slope")
def negative(t):
    t.require_close(downhill, "5 - 2x falls by 2 for every step of 1 to the right, so its slope is -2 everywhere.")
    t.require_close(left_side, "square(x) is x * x. Left of 0 it falls as x grows: the slope at -1 is below 0.")


@checks.check("A flat function has slope 0")
def zero(t):
    t.require_close(level, "f gives 4 whatever x is, so nudging x changes nothing.")
