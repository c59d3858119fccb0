from labkit import Checks

checks = Checks()

lesson = checks.case("chain_grads", 2.0, -3.0, 4.0, 5.0)
other = checks.case("chain_grads", 1.5, 4.0, -2.0, -0.5)
zero_c = checks.case("chain_grads", 3.0, 2.0, 0.0, 2.0)
f_is_one = checks.case("chain_grads", -1.0, 0.5, 3.0, 1.0)
all_negative = checks.case("chain_grads", -2.0, -5.0, -1.0, -3.0)


def forward(a, b, c, f):
    e = a * b
    return e, e + c


@checks.mistake("chain_grads", "Those are the local gradients alone. Each must be multiplied by the gradient of the Value it made: a's is b times e's gradient, and e's is d's gradient.")
def local_only(a, b, c, f):
    _e, d = forward(a, b, c, f)
    return [b, a, 1, d]


@checks.mistake("chain_grads", "Your a and b gradients are swapped: in e = a * b, a's local gradient is b, and b's is a.")
def swapped_inputs(a, b, c, f):
    _e, d = forward(a, b, c, f)
    return [f * a, f * b, f, d]


@checks.mistake("chain_grads", "f's gradient should be d, the other child of L = d * f, not f itself.")
def f_grad_is_f(a, b, c, f):
    return [f * b, f * a, f, f]


@checks.mistake("chain_grads", "Your c's gradient is 1, its local gradient in d = e + c. Multiply it by d's gradient too.")
def c_not_chained(a, b, c, f):
    _e, d = forward(a, b, c, f)
    return [f * b, f * a, 1, d]


@checks.mistake("chain_grads", "Those are the four gradients in reverse order: the list should hold a's, b's, c's and f's, in that order.")
def reversed_order(a, b, c, f):
    _e, d = forward(a, b, c, f)
    return [d, f, f * a, f * b]


@checks.check("Returns a list of four numbers")
def four_numbers(t):
    t.require_shape(t.call(lesson), t.expected(lesson), lesson.call_text())


@checks.check("The lesson's graph: a = 2, b = -3, c = 4, f = 5")
def lesson_check(t):
    t.require_close(lesson, "Work back from L = d * f; compare each gradient with the lesson's table.")


@checks.check("Other inputs")
def other_check(t):
    t.require_close(other, "The rules are the same for any numbers; only the numbers change.")


@checks.check("When c is 0")
def zero_c_check(t):
    t.require_close(zero_c, "c's gradient does not depend on c itself: it is d's gradient times 1.")


@checks.check("When f is 1")
def f_one_check(t):
    t.require_close(f_is_one, "With f = 1, d's gradient is 1, and f's gradient is d.")


@checks.check("All four inputs negative")
def negative_check(t):
    t.require_close(all_negative, "Signs multiply too: a negative gradient times a negative local gradient is positive.")
