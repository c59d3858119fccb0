from labkit import Checks
from labkit.wording import joined

checks = Checks()

worked = checks.case("lr_at", 500, 1000, 0.01)
first = checks.case("lr_at", 0, 1000, 0.01)
last = checks.case("lr_at", 999, 1000, 0.01)
quarter = checks.case("lr_at", 1, 4, 1)
other = checks.case("lr_at", 30, 40, 0.5)
short = checks.case("lr_at", 2, 5, 2)
over = checks.case("lr_at", 1000, 1000, 0.01)


# --- known mistakes: each is said only when it gives exactly what the learner's lr_at gave ---


@checks.mistake("lr_at", "That is exactly lr0 × (1 − (step + 1) / steps): one step ahead, so it reaches 0 at the last step. microgpt counts steps from 0, so its first step has the full lr0 and its last still learns a little.")
def one_ahead(step, steps, lr0):
    return lr0 * (1 - (step + 1) / steps)


@checks.mistake("lr_at", "That is exactly lr0 × (1 − step / (steps − 1)): it reaches 0 at the last step, one step early. microgpt divides by steps itself, so 0 would come only at step steps, which is never taken.")
def steps_minus_one(step, steps, lr0):
    return lr0 * (1 - step / (steps - 1))


@checks.mistake("lr_at", "That is exactly what step // steps gives: floor division rounds every step before the last down to 0, so the rate never decays. Use / to keep the fraction.")
def floor_division(step, steps, lr0):
    return lr0 * (1 - step // steps)


@checks.mistake("lr_at", "That is exactly lr0 times the share of training done: a rate that grows from 0 to lr0. It should start at lr0 and fall: scale lr0 by the share of training still ahead.")
def grows(step, steps, lr0):
    return lr0 * step / steps


@checks.mistake("lr_at", "That is exactly lr0 at every step: the rate never changes. It should fall in a straight line, by lr0 / steps at each step.")
def constant(step, steps, lr0):
    return lr0


@checks.mistake("lr_at", "That is exactly the share of training still ahead, without lr0: a rate of 0.5 halfway, whatever lr0 is.")
def forgets_lr0(step, steps, lr0):
    return 1 - step / steps


@checks.mistake("lr_at", "That is exactly lr0 with the share of training done taken away: subtracting the share of training done instead of scaling lr0 by what is left.")
def subtracts(step, steps, lr0):
    return lr0 - step / steps


@checks.check("Returns a number")
def returns_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text())


@checks.check("Halfway through microgpt's training, from the lesson")
def worked_example(t):
    t.require_close(worked, "Step 500 of 1,000: half the training is done, so half of lr0 is left.")


@checks.check("The first step, step 0, has the full lr0")
def starts_full(t):
    t.require_close(first, "Steps count from 0, and at step 0 none of the training is done yet.")


@checks.check("The last step still learns a little")
def last_step(t):
    t.require_close(last, "The last step of 1,000 is step 999: 999/1000 of the training is done, so 1/1000 of lr0 is left.")


@checks.check("Reaches 0 only once training is over")
def reaches_zero(t):
    t.require_close(over, "Step 1,000 of 1,000 is never taken (the steps are 0 to 999), but the line reaches 0 there.")


@checks.check("Falls in a straight line, with the fractions kept")
def straight_line(t):
    t.require_close(quarter, "Step 1 of 4 with lr0 = 1: a quarter of the training is done.")
    rates = [t.call_with("lr_at", step, 10, 2) for step in range(10)]
    drops = [a - b for a, b in zip(rates, rates[1:])]
    if any(abs(drop - drops[0]) > 1e-9 for drop in drops) or drops[0] <= 0:
        line = [2 - 0.2 * step for step in range(10)]  # from lr0 = 2, down by lr0 / steps = 0.2 at each step
        got_text, line_text, where = t.apart(rates, line)
        said = f"Over steps 0 to 9 of 10 with lr0 = 2, lr_at gave {got_text}; a straight fall gives {line_text}."
        t.fail(joined(said, where, "A straight fall drops by the same amount, lr0 / steps, at every step."))


@checks.check("Works for any lr0 and number of steps")
def any_schedule(t):
    t.require_close(other, "Step 30 of 40, starting from 0.5.")
    t.require_close(short, "Step 2 of 5, starting from 2.")
