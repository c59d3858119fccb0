"""time.sleep in short steps, so that Stop is heard while a learner's code sleeps.

Pyodide's own time.sleep holds the worker without looking at the interrupt buffer, so
`time.sleep(60)` could only be ended by restarting Python. Between short steps the
interpreter loop runs, and it checks the buffer as it does in any other loop.
"""

import sys
import time

STEP_SECONDS = 0.02


def stoppable(sleep, clock=time.monotonic):
    """A sleep that waits as long as `sleep` would, in steps of at most STEP_SECONDS."""

    def sleep_in_steps(seconds):
        if not seconds > 0:  # zero, negative or nan: the real sleep answers (or refuses) at once
            return sleep(seconds)
        end = clock() + seconds
        while (left := end - clock()) > 0:
            sleep(min(left, STEP_SECONDS))
        return None

    sleep_in_steps.__doc__ = sleep.__doc__
    sleep_in_steps.__name__ = "sleep"
    return sleep_in_steps


def install():
    """Only in the browser: CPython's own sleep already stops on Ctrl+C."""
    if sys.platform == "emscripten" and time.sleep.__module__ == "time":
        time.sleep = stoppable(time.sleep)
