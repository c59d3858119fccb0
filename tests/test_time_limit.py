"""The watchdog that stops lab code running past its lab's time_limit."""

import textwrap
import threading
import time

import pytest

from site_builder import time_limit as time_limit_module
from site_builder.time_limit import TimedOut, time_limit

LAB_FILE = "<lab code>"
# A loop that ends on its own after 10 s, so a watchdog that cannot stop it fails a test instead of hanging it.
LOOP = "end = time.monotonic() + 10\nwhile time.monotonic() < end:\n    pass\n"
CAUGHT_ONCE = "try:\n" + textwrap.indent(LOOP, "    ") + "except KeyboardInterrupt:\n    pass\n"


def run_for_at_most(seconds, code):
    with time_limit(seconds, lambda filename: filename == LAB_FILE, "lab.py"):
        exec(compile(code, LAB_FILE, "exec"), {"time": time})


def stopped_within(limit, code, seconds=0.2):
    started = time.monotonic()
    with pytest.raises(TimedOut) as stopped:
        run_for_at_most(seconds, code)
    assert time.monotonic() - started < limit
    return stopped.value


def test_a_loop_that_never_ends_is_stopped_with_its_line():
    stopped = stopped_within(5, "x = 1\n" + LOOP)
    assert stopped.stack[0] in [(LAB_FILE, 3), (LAB_FILE, 4)]
    assert str(stopped) == "ran for more than 0.2 seconds"


def test_code_that_catches_the_interrupt_once_is_stopped_again():
    stopped_within(5, CAUGHT_ONCE + LOOP)


def test_code_that_swallows_the_interrupt_and_ends_still_ran_too_long():
    """labkit turns an interrupt into a "stopped" verdict: that is no verdict for the build."""
    stopped_within(5, CAUGHT_ONCE)


def test_code_that_ends_in_time_is_never_interrupted_later():
    run_for_at_most(0.1, "x = sum(range(1000))")
    time.sleep(0.3)  # an interrupt raised after the block would land here


def test_the_authors_own_ctrl_c_and_the_codes_errors_pass_through():
    with pytest.raises(KeyboardInterrupt) as interrupted:
        run_for_at_most(5, "raise KeyboardInterrupt")
    assert type(interrupted.value) is KeyboardInterrupt
    with pytest.raises(ZeroDivisionError):
        run_for_at_most(5, "1 / 0")


def test_works_off_the_main_thread():
    """`course serve` builds in a thread of its own, where signal.alarm cannot reach."""
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(stopped_within(5, LOOP)))
    thread.start()
    thread.join(timeout=15)
    assert [stopped.stack[0][0] for stopped in outcome] == [LAB_FILE]


def test_code_that_cannot_be_stopped_is_named_by_the_function_given_and_only_then(monkeypatch, capfd):
    """A build times every run of a lab: its name (a path worked out on disk) is asked for only for the warning."""
    monkeypatch.setattr(time_limit_module, "STUCK_AFTER", 0.2)
    asked = []

    def name():
        asked.append(True)
        return "labs/x/solution.py"

    with pytest.raises(TimedOut):
        with time_limit(0.1, lambda filename: filename == LAB_FILE, name):
            exec(compile("x = sum(range(10))", LAB_FILE, "exec"))
            assert asked == []
            exec(compile("time.sleep(0.8)", LAB_FILE, "exec"), {"time": time})  # one C call: the interrupt lands after it
    assert asked == [True]
    assert "labs/x/solution.py: ran for more than 0.1 seconds and does not stop" in capfd.readouterr().err
