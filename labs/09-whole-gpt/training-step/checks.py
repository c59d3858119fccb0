from labkit import Checks

checks = Checks()

# The first step of training (seed 42): wte's row for "y" and its gradients from "yuheng" (course/microgpt).
ROW = [-0.0291914028145468, -0.025627074130916642, 0.04066887602823657, -0.003619274149736821, -0.05804686963329994, -0.030778772648416275, 0.00014315662207329166, 0.04589802208791166, -0.09488459300810359, 0.13348404499103125, 0.05229590347436797, 0.027117646186325454, 0.049150854502792836, -0.026988240452583346, 0.1022537706340269, 0.03422097594847025]
ROW_GRADS = [0.024447978535104362, 0.10385342691476045, -0.11380900808712022, 0.13270155741575462, -0.001496648288374116, -0.22139071305441146, -0.16645626872729247, 0.1708465954861026, -0.009662705548400681, 0.010786644295578348, -0.23627853614846184, 0.015072968138619362, 0.0829448815673355, -0.17758700227658542, -0.2003673022821128, -0.0640332369865175]

ZEROS = [0.0] * 16
THREE = [0.5, -0.2, 0.1]
THREE_GRADS = [0.2, -0.4, 0.0]

first = checks.case("update_all", THREE, THREE_GRADS, [0.0] * 3, [0.0] * 3, 0, 10, 0.01)
halfway = checks.case("update_all", THREE, THREE_GRADS, [0.02, -0.05, 0.01], [0.0004, 0.002, 0.0001], 5, 10, 0.01)
last = checks.case("update_all", THREE, THREE_GRADS, [0.02, -0.05, 0.01], [0.0004, 0.002, 0.0001], 9, 10, 0.01)
real = checks.case(
    "update_all", ROW, ROW_GRADS, ZEROS, ZEROS, 0, 1000, 0.01,
    shown_as="update_all(row, grads, m, v, 0, 1000, 0.01) with wte's row for \"y\" and its gradients at training's first step",
)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---

B1, B2, EPS = 0.85, 0.99, 1e-8


def adam(p, g, m, v, t, lr):
    m = B1 * m + (1 - B1) * g
    v = B2 * v + (1 - B2) * g**2
    return p - lr * (m / (1 - B1**t)) / ((v / (1 - B2**t)) ** 0.5 + EPS), m, v


def every(params, grads, m, v, t, lr):
    results = [adam(*four, t, lr) for four in zip(params, grads, m, v)]
    return [[r[0] for r in results], [r[1] for r in results], [r[2] for r in results]]


def decayed(lr0, step, num_steps):
    return lr0 * (1 - step / num_steps)


@checks.mistake(
    "update_all",
    "With t = step, the very first step (step 0) divides by 1 - BETA1 ** 0 = 0 inside adam_step. Adam counts "
    "from 1: give it t = step + 1.",
)
def t_is_step(params, grads, m, v, step, num_steps, lr0):
    return every(params, grads, m, v, step, decayed(lr0, step, num_steps))


@checks.mistake("update_all", "That is exactly what you get with lr0 at every step: the learning rate should fall, lr0 × (1 - step / num_steps).")
def no_decay(params, grads, m, v, step, num_steps, lr0):
    return every(params, grads, m, v, step + 1, lr0)


@checks.mistake(
    "update_all",
    "That is exactly what you get with (step + 1) in the decay: the first step (step 0) uses lr0 itself, so the "
    "decay reads step as it is. Only Adam's t is step + 1.",
)
def decay_one_step_early(params, grads, m, v, step, num_steps, lr0):
    return every(params, grads, m, v, step + 1, decayed(lr0, step + 1, num_steps))


@checks.mistake(
    "update_all",
    "That is exactly what you get when the old m and v are returned: the next step needs the m and v that "
    "adam_step gave back.",
)
def old_m_and_v(params, grads, m, v, step, num_steps, lr0):
    new = every(params, grads, m, v, step + 1, decayed(lr0, step, num_steps))
    return [new[0], list(m), list(v)]


@checks.mistake(
    "update_all",
    "That is exactly what you get when the new values are written into params, m and v themselves: the lists "
    "the caller passed in change. Build three new lists instead.",
)
def in_place(params, grads, m, v, step, num_steps, lr0):
    lr = decayed(lr0, step, num_steps)
    for i in range(len(params)):
        params[i], m[i], v[i] = adam(params[i], grads[i], m[i], v[i], step + 1, lr)
    return [params, m, v]


# --- checks ---


@checks.check("The first step: m and v start at 0, lr is lr0")
def first_step(t):
    t.require_close(first, "At step 0 the learning rate is lr0 itself, and adam_step gets t = 1.")


@checks.check("Halfway through, the learning rate has halved")
def halfway_step(t):
    t.require_close(halfway, "At step 5 of 10 the learning rate is 0.01 × (1 - 5 / 10) = 0.005, and adam_step gets t = 6.")


@checks.check("The last step still moves the weights, a little")
def last_step(t):
    t.require_close(last, "At step 9 of 10 the learning rate is 0.01 × (1 - 9 / 10) = 0.001: small, but not 0.")


@checks.check("The real first step on one row of wte")
def real_row(t):
    t.require_close(real, "These are the 16 numbers of wte's row for \"y\" and their gradients at training's first step, from seed 42.")


@checks.check("params, m and v are left as they were")
def inputs_unchanged(t):
    t.require_unchanged(halfway, "update_all returns new lists; the lists it was given must stay as they were.")
