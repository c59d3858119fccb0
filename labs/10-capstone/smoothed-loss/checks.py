from labkit import Checks

checks = Checks()

COURSE = [3.366, 3.4243, 3.1778, 3.0664, 3.2209, 2.9452]  # the course's first six losses, to 4 decimals
worked = checks.case("moving_average", COURSE, 3)
ones = checks.case("moving_average", [2.0, 4.0, 3.0], 1)
short = checks.case("moving_average", [4.0, 2.0], 5)
counting = checks.case("moving_average", [1, 2, 3, 4, 5, 6, 7, 8], 4)
empty = checks.case("moving_average", [], 3)


# --- known mistakes: each is said only when it gives exactly what the learner's moving_average gave ---


@checks.mistake("moving_average", "That is exactly what dividing by window at every step gives: at the start there are fewer than window losses, so divide by how many there are, len() of the slice.")
def always_by_window(losses, window):
    return [sum(losses[max(0, i - window + 1):i + 1]) / window for i in range(len(losses))]


@checks.mistake("moving_average", "That is exactly the average of every loss so far, from step 0: keep only the last window of them.")
def everything_so_far(losses, window):
    return [sum(losses[:i + 1]) / (i + 1) for i in range(len(losses))]


@checks.mistake("moving_average", "That is exactly the average of window + 1 losses: the slice losses[i - window:i + 1] holds one too many. Start it one step later.")
def one_too_many(losses, window):
    out = []
    for i in range(len(losses)):
        last = losses[max(0, i - window):i + 1]
        out.append(sum(last) / len(last))
    return out


@checks.mistake("moving_average", "That is exactly the average of the window losses before step i, leaving out step i itself (at step 0 that slice is empty, so it divides by 0). End the slice at i + 1 so that it includes step i.")
def leaves_out_current(losses, window):
    out = []
    for i in range(len(losses)):
        last = losses[max(0, i - window):i]
        out.append(sum(last) / len(last))
    return out


@checks.mistake("moving_average", "At step 0 the start of your slice is below 0, and a negative start counts from the end of the list: losses[-2:1] is empty, so the average divides by 0. Never let the start of the slice go below 0.")
def negative_start(losses, window):
    out = []
    for i in range(len(losses)):
        last = losses[i - window + 1:i + 1]
        out.append(sum(last) / len(last))
    return out


@checks.mistake("moving_average", "Your moving_average wrote the averages into losses itself, so each average after the first was made from averages, not losses. Put them in a new list.")
def overwrites(losses, window):
    for i in range(len(losses)):
        last = losses[max(0, i - window + 1):i + 1]
        losses[i] = sum(last) / len(last)
    return losses


# --- checks ---


def averages(t, case):
    got = t.call(case)
    if not isinstance(got, list):
        t.require_shape(got, t.expected(case), case.call_text(), t.outcome(case), "The answer is a list with one average per step.")
    return got


@checks.check("Returns a list, one average per step")
def returns_a_list(t):
    got = averages(t, worked)
    if len(got) != len(COURSE):
        t.fail(f"{worked.call_text()} returned {len(got)} numbers; expected {len(COURSE)}, one for each loss.")


@checks.check("The course's first six losses, from the lesson")
def worked_example(t):
    t.require_close(worked, "Step 0 averages 3.366 alone, step 1 averages 3.366 and 3.4243, and from step 2 on each average is of three losses.")


@checks.check("Fewer losses at the start")
def start(t):
    t.require_close(short, "The window is 5 but there are only 2 losses: step 0 is 4 alone, step 1 averages 4 and 2.")


@checks.check("Only the last window losses")
def window_losses(t):
    t.require_close(counting, "With window 4, step 7 averages 5, 6, 7 and 8: 6.5.")
    t.require_close(ones, "With window 1 each average is that step's loss alone: the list comes back as it was.")


@checks.check("An empty list gives an empty list")
def no_losses(t):
    t.require_close(empty, "No losses, no steps: return [].")


@checks.check("Leaves the losses as they were")
def unchanged(t):
    t.require_unchanged(worked, "Read losses; put the averages in a new list.")
