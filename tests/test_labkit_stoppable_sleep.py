"""The browser's time.sleep waits as long as asked, in steps short enough for Stop."""

import pytest

from labkit.stoppable_sleep import STEP_SECONDS, stoppable


class FakeTime:
    """A clock that moves only when slept on, recording each step."""

    def __init__(self):
        self.now = 100.0
        self.steps = []

    def clock(self):
        return self.now

    def sleep(self, seconds):
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        self.steps.append(seconds)
        self.now += seconds


@pytest.mark.parametrize("seconds", [0.005, 0.02, 0.5, 3])
def test_sleeps_as_long_as_asked_in_short_steps(seconds):
    fake = FakeTime()
    stoppable(fake.sleep, fake.clock)(seconds)
    assert fake.now - 100.0 == pytest.approx(seconds)
    assert max(fake.steps) <= STEP_SECONDS
    assert all(step == STEP_SECONDS for step in fake.steps[:-2]), "every step but the last few is a full one"


def test_zero_and_bad_lengths_go_to_the_real_sleep():
    fake = FakeTime()
    sleep = stoppable(fake.sleep, fake.clock)
    sleep(0)
    assert fake.steps == [0]
    with pytest.raises(ValueError, match="non-negative"):
        sleep(-1)


def test_a_sleep_stopped_midway_ends_at_once():
    fake = FakeTime()

    def interrupted_on_the_third_step(seconds):
        fake.sleep(seconds)
        if len(fake.steps) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        stoppable(interrupted_on_the_third_step, fake.clock)(60)
    assert fake.now - 100.0 == pytest.approx(3 * STEP_SECONDS)


def test_keeps_the_name_learners_see():
    import time

    assert stoppable(time.sleep).__name__ == "sleep"
    assert stoppable(time.sleep).__doc__ == time.sleep.__doc__
