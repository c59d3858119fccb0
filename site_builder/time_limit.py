"""Stop lab code that runs longer than its lab's time_limit, in whatever thread builds.

The build runs lab code in the builder's own process: no interpreter to start per lab,
and the stack says which line of which file was looping. `course serve` builds off the
main thread, where signal.alarm cannot reach, so a watchdog thread raises an exception in
the build's thread with PyThreadState_SetAsyncExc; it lands at the next bytecode. It is a
KeyboardInterrupt, like the browser's Stop button, because labkit lets that through every
handler on purpose, and it is raised again while the lab's code keeps running (code that
catches it once). Code inside one long C call (time.sleep(10**6)) only sees it when that
call returns, so the watchdog then says so on stderr instead of leaving the author
waiting with no output; a subprocess could kill such code, at a cost on every cold build.
"""

import ctypes
import sys
import threading
import time
from contextlib import contextmanager

RAISE_AGAIN_EVERY = 0.1  # seconds
STUCK_AFTER = 3.0  # seconds past the limit before saying the code cannot be stopped


class TimedOut(Exception):
    """The code ran longer than `seconds`; `stack` is where it was then, innermost first."""

    def __init__(self, seconds, stack):
        super().__init__(f"ran for more than {seconds:g} seconds")
        self.seconds = seconds
        self.stack = stack  # [(filename, line)] of the watched code's frames


class OutOfTime(KeyboardInterrupt):
    """What the watchdog raises inside the running code."""


@contextmanager
def time_limit(seconds, watched, name):
    """Run the body for at most `seconds`, else raise TimedOut.

    `watched(filename)` says which frames are the code being timed (compiled from a
    lab's text, say): the ones TimedOut reports and the only ones raised in again.
    `name` is what the stderr warning calls the code.
    """
    watchdog = Watchdog(seconds, watched, name)
    watchdog.start()
    try:
        try:
            yield
        finally:
            watchdog.stop()
    except BaseException:
        if watchdog.stack is None:  # not ours: the author's Ctrl+C, or the code's own error
            raise
    if watchdog.stack is not None:  # also when labkit turned our interrupt into a verdict
        raise TimedOut(seconds, watchdog.stack)


class Watchdog:
    def __init__(self, seconds, watched, name):
        self.seconds, self.watched, self.name = seconds, watched, name
        self.target = threading.get_ident()
        self.lock = threading.Lock()
        self.armed = True
        self.stack = None  # set when time runs out
        self.woken = threading.Event()

    def start(self):
        self.thread = threading.Thread(target=self.watch, name="lab time limit", daemon=True)
        self.thread.start()

    def stop(self):
        while True:
            try:
                with self.lock:
                    self.armed = False
                break
            except KeyboardInterrupt:  # one raised just before we disarmed
                if self.stack is None:
                    raise
        _raise_in(self.target, None)  # drop one raised but not yet delivered
        self.woken.set()
        # Gone before the body's caller goes on: the build forks its workers only from a process of one thread.
        self.thread.join()

    def watch(self):
        if self.woken.wait(self.seconds):
            return
        out_of_time = time.monotonic()
        warned = False
        while True:
            with self.lock:
                if not self.armed:
                    return
                stack = self.watched_frames()
                first = self.stack is None
                if first:
                    self.stack = stack
                if first or stack:  # later, only while the code is still running: never into the clean-up
                    _raise_in(self.target, OutOfTime)
            if self.woken.wait(RAISE_AGAIN_EVERY):
                return
            if not warned and time.monotonic() - out_of_time > STUCK_AFTER:
                warned = True
                print(f"{self.name}: ran for more than {self.seconds:g} seconds and does not stop (is it inside one long"
                      " call, such as time.sleep?); press Ctrl+C to stop", file=sys.__stderr__, flush=True)

    def watched_frames(self):
        frame = sys._current_frames().get(self.target)
        found = []
        while frame is not None:
            if self.watched(frame.f_code.co_filename):
                found.append((frame.f_code.co_filename, frame.f_lineno))
            frame = frame.f_back
        return found


def _raise_in(thread_id, exception):
    """Raise `exception` in the thread at its next bytecode; None cancels one not yet raised."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exception) if exception else None)
