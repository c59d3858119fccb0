from labkit import Checks

checks = Checks()


# Squares are written as products: `**` goes through the C library's pow, whose last digit
# differs between this Python and the browser's, and the verdict must read the same in both.
def bowl(w):
    return (w - 3) * (w - 3)


def shifted(w):
    return (w + 1) * (w + 1) + 2


def steep(w):
    return 4 * w * w - 8 * w


def slope(f, x, h=0.000001):
    return (f(x + h) - f(x)) / h


worked = checks.case("descend", bowl, 0, 0.1, 5, shown_as="descend(bowl, 0, 0.1, 5)")
one_step = checks.case("descend", bowl, 0, 0.1, 1, shown_as="descend(bowl, 0, 0.1, 1)")
no_steps = checks.case("descend", bowl, 2, 0.1, 0, shown_as="descend(bowl, 2, 0.1, 0)")
from_right = checks.case("descend", shifted, 4, 0.2, 6, shown_as="descend(shifted, 4, 0.2, 6)")
big_rate = checks.case("descend", bowl, 1, 0.5, 3, shown_as="descend(bowl, 1, 0.5, 3)")
steep_walk = checks.case("descend", steep, -1, 0.05, 8, shown_as="descend(steep, -1, 0.05, 8)")


# --- known mistakes: each is said only when it gives exactly what the learner's descend gave ---


@checks.mistake("descend", "That is exactly the walk that adds lr × slope to w: it climbs uphill. Downhill is the other way: take the step away from the slope.")
def uphill(f, w, lr, steps):
    path = [w]
    for _ in range(steps):
        w = w + lr * slope(f, w)
        path.append(w)
    return path


@checks.mistake("descend", "That is exactly the walk with one step too few: range(steps - 1) takes steps - 1 steps. range(steps) takes exactly steps.")
def one_too_few(f, w, lr, steps):
    path = [w]
    for _ in range(steps - 1):
        w = w - lr * slope(f, w)
        path.append(w)
    return path


@checks.mistake("descend", "That is exactly the walk with one step too many: range(steps + 1) takes steps + 1 steps. The start is in the path already, so range(steps) is enough.")
def one_too_many(f, w, lr, steps):
    path = [w]
    for _ in range(steps + 1):
        w = w - lr * slope(f, w)
        path.append(w)
    return path


@checks.mistake("descend", "That is exactly the path without the last step: each w is added before it moves, so the final w never makes it in. Add w after moving it (the start is in the path already).")
def appends_before_moving(f, w, lr, steps):
    path = []
    for _ in range(steps):
        path.append(w)
        w = w - lr * slope(f, w)
    return path


@checks.mistake("descend", "That is exactly the path without its start: keep the starting w as the path's first entry, then add one w per step.")
def no_start(f, w, lr, steps):
    path = []
    for _ in range(steps):
        w = w - lr * slope(f, w)
        path.append(w)
    return path


@checks.mistake("descend", "That is exactly the walk that moves by the whole slope, ignoring lr: multiply the slope by lr to take a step of the right size.")
def no_rate(f, w, lr, steps):
    path = [w]
    for _ in range(steps):
        w = w - slope(f, w)
        path.append(w)
    return path


@checks.mistake("descend", "That is exactly the walk that finds the slope once, at the start, and keeps using it: find slope(f, w) again at every step, where w is now.")
def slope_once(f, w, lr, steps):
    step = lr * slope(f, w)
    path = [w]
    for _ in range(steps):
        w = w - step
        path.append(w)
    return path


def path_of(t, case):
    """The learner's path for `case`, failing when it is not a list of numbers of the right length."""
    got = t.call(case)
    expected = t.expected(case)
    steps = case.args[3]
    if not isinstance(got, list):
        t.require_shape(got, expected, case.call_text(), t.outcome(case), "The path is a list: the start, then one w after each step.")
    if len(got) != len(expected):
        said = t.mismatch(t.outcome(case), expected, f"{steps} steps from the start give {len(expected)} numbers: the start, then one w after each step.")
        t.fail(said)
    return got


@checks.check("Returns the path: a list of steps + 1 numbers")
def returns_a_path(t):
    path_of(t, worked)


@checks.check("The walk down (w - 3)² from the lesson")
def worked_example(t):
    path_of(t, worked)
    t.require_close(worked, "bowl(w) is (w - 3) ** 2. The lesson's table has every w of this walk.")


@checks.check("Takes exactly `steps` steps")
def counts_steps(t):
    path_of(t, one_step)
    t.require_close(one_step, "One step from 0: the path is the start and one new w.")
    path_of(t, no_steps)
    t.require_close(no_steps, "No steps at all: the path is only the start.")


@checks.check("Walks downhill from either side")
def downhill(t):
    path = path_of(t, from_right)
    t.require_close(from_right, "shifted(w) is (w + 1) ** 2 + 2, lowest at w = -1; from w = 4 the walk goes left.")
    heights = [shifted(w) for w in path]
    if any(b > a for a, b in zip(heights, heights[1:])):
        t.fail("The walk went uphill at some step.")


@checks.check("The learning rate sets the size of each step")
def rate(t):
    path_of(t, big_rate)
    t.require_close(big_rate, "With lr = 0.5 on (w - 3) ** 2 the first step lands at (almost exactly) the bottom, 3.")
    path_of(t, steep_walk)
    t.require_close(steep_walk, "steep(w) is 4 * w * w - 8 * w, lowest at w = 1.")
