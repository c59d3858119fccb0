from labkit import Checks

checks = Checks()

B1, B2, EPS = 0.85, 0.99, 1e-8

# The real first step of training, on one weight: wte's row for "y" (the first letter of
# "yuheng", training's first name), number 0, with its gradient from that name (course/microgpt).
REAL_P = -0.0291914028145468
REAL_G = 0.024447978535104362

first = checks.case("adam_step", 0.5, 0.2, 0.0, 0.0, 1, 0.01)
second = checks.case("adam_step", 0.49, 0.2, 0.03, 0.0004, 2, 0.01)
negative = checks.case("adam_step", 0.48, -0.1, 0.0555, 0.000796, 3, 0.01)
tiny = checks.case("adam_step", 0.5, 0.0001, 0.0, 0.0, 1, 0.01)
coasting = checks.case("adam_step", 1.0, 0.0, 0.05, 0.002, 10, 0.005)
real = checks.case("adam_step", REAL_P, REAL_G, 0.0, 0.0, 1, 0.01)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


def adam(p, g, m, v, t, lr, *, b1=B1, b2=B2, correct=True, t_shift=0, eps_inside=False, root=True, sign=-1):
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g**2
    m_hat = m / (1 - b1 ** (t + t_shift)) if correct else m
    v_hat = v / (1 - b2 ** (t + t_shift)) if correct else v
    bottom = (v_hat + EPS) ** 0.5 if eps_inside else (v_hat**0.5 if root else v_hat) + EPS
    return [p + sign * lr * m_hat / bottom, m, v]


@checks.mistake(
    "adam_step",
    "That is exactly Adam without the bias correction: m and v start at 0, so in the first steps they are far too "
    "small. Divide m by (1 - BETA1 ** t) and v by (1 - BETA2 ** t) before the step.",
)
def no_bias_correction(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, correct=False)


@checks.mistake(
    "adam_step",
    "That is exactly what you get with the betas swapped: m keeps BETA1 = 0.85 of its old value and v keeps BETA2 = 0.99.",
)
def betas_swapped(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, b1=B2, b2=B1)


@checks.mistake(
    "adam_step",
    "With t - 1 in the correction, the first step divides by 1 - BETA1 ** 0 = 0. t already counts from 1: "
    "use BETA1 ** t and BETA2 ** t.",
)
def counted_from_zero(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, t_shift=-1)


@checks.mistake(
    "adam_step",
    "That is exactly what you get with EPS inside the square root. It goes outside: the square root of the corrected v, plus EPS.",
)
def eps_inside_root(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, eps_inside=True)


@checks.mistake("adam_step", "That is exactly what you get without the square root of the corrected v: divide by its square root, plus EPS.")
def no_square_root(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, root=False)


@checks.mistake("adam_step", "That is exactly a step uphill: p moved with the gradient. Subtract the step from p, so the loss goes down.")
def uphill(p, g, m, v, t, lr):
    return adam(p, g, m, v, t, lr, sign=1)


def in_order(result):
    """The learner's (p, m, v), when it is three numbers."""
    return result if isinstance(result, list) and len(result) == 3 else None


# --- checks ---


@checks.check("The lesson's first step: g = 0.2 from m = v = 0")
def first_step(t):
    t.require_close(first, "At t = 1 the corrected m is g itself and the corrected v is g squared, so p moves by almost exactly lr.")


@checks.check("The second step carries m and v on")
def second_step(t):
    t.require_close(second, "m and v come in from the first step; the corrections now divide by 1 - 0.85 ** 2 and 1 - 0.99 ** 2.")


@checks.check("A negative gradient slows the weight down")
def negative_gradient(t):
    t.require_close(negative, "Here m is still positive from the earlier steps, so p keeps moving down, only more slowly.")


@checks.check("A tiny gradient still moves the weight by about lr")
def tiny_gradient(t):
    t.require_close(tiny, "Adam divides by the gradient's own size, so even g = 0.0001 moves p by about lr at the first step.")


@checks.check("With no gradient, m still moves the weight")
def no_gradient(t):
    t.require_close(coasting, "g is 0 here, but m is not: the weight coasts on its average gradient (its momentum).")


@checks.check("The real first step of training on one weight")
def real_first_step(t):
    t.require_close(real, "This is wte's number for \"y\" at the very first step of training: the lesson shows its move.")
