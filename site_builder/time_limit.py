"""Stop lab code that runs longer than its lab's time_limit, in whatever thread builds.

The build runs lab code in the builder's own process: no interpreter to start per lab,
and the stack says which line of which file was looping. `course serve` builds off the
main thread, where signal.alarm cannot reach, so a watchdog thread (one for every time
limit of the process, see Clock) raises an exception in the build's thread with
PyThreadState_SetAsyncExc; it lands at the next bytecode. It is a
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
TICK = 0.05  # seconds between the watchdog's looks: how late past its limit code may be stopped
IDLE_AFTER = 1.0  # seconds with no time limit set before the watchdog sleeps until the next
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
    `name` is what the stderr warning calls the code: a string, or a function that gives it
    (asked only for the warning: a lab's every run is timed, and most take a millisecond).
    """
    alarm = Alarm(seconds, watched, name)
    CLOCK.arm(alarm)
    try:
        try:
            yield
        finally:
            CLOCK.disarm(alarm)
    except BaseException:
        if alarm.stack is None:  # not ours: the author's Ctrl+C, or the code's own error
            raise
    if alarm.stack is not None:  # also when labkit turned our interrupt into a verdict
        raise TimedOut(seconds, alarm.stack)


class Alarm:
    """One time limit: the thread it watches, when it goes off, and where that thread was then."""

    def __init__(self, seconds, watched, name):
        self.seconds, self.watched, self.name = seconds, watched, name
        self.target = threading.get_ident()
        self.due = time.monotonic() + seconds  # when the clock next looks at it
        self.armed = True
        self.stack = None  # set when time runs out
        self.out_of_time = None
        self.warned = False

    def watched_frames(self):
        frame = sys._current_frames().get(self.target)
        found = []
        while frame is not None:
            if self.watched(frame.f_code.co_filename):
                found.append((frame.f_code.co_filename, frame.f_lineno))
            frame = frame.f_back
        return found


class Clock:
    """The one thread that watches every time limit of the process.

    A build sets some two thousand time limits (a lab's every run, a lesson's every text);
    a thread started for each would cost more than the code most of them time.
    """

    def __init__(self):
        self.lock = threading.Condition()
        self.alarms = set()
        self.thread = None
        self.stopping = False
        self.idle = False  # asleep until the next alarm: only then does arm() wake it
        self.last_armed = 0.0

    def arm(self, alarm):
        with self.lock:
            self.alarms.add(alarm)
            self.last_armed = time.monotonic()
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="lab time limit", daemon=True)
                self.thread.start()
            elif self.idle:
                self.lock.notify()

    def disarm(self, alarm):
        while True:
            try:
                with self.lock:
                    alarm.armed = False
                    self.alarms.discard(alarm)
                break
            except KeyboardInterrupt:  # one raised just before we disarmed
                if alarm.stack is None:
                    raise
        _raise_in(alarm.target, None)  # drop one raised but not yet delivered

    def run(self):
        # While time limits come and go, look at them every tick rather than be woken for each.
        with self.lock:
            while not (self.stopping and not self.alarms):
                now = time.monotonic()
                for alarm in [alarm for alarm in self.alarms if alarm.due <= now]:
                    self.go_off(alarm, now)
                self.idle = not self.alarms and now - self.last_armed > IDLE_AFTER
                self.lock.wait(None if self.idle else TICK)
            self.thread = None

    def go_off(self, alarm, now):
        """Raise in the alarm's thread (under the lock, so never once it is disarmed), and again while its code runs."""
        stack = alarm.watched_frames()
        first = alarm.stack is None
        if first:
            alarm.stack, alarm.out_of_time = stack, now
        if first or stack:  # later, only while the code is still running: never into the clean-up
            _raise_in(alarm.target, OutOfTime)
        alarm.due = now + RAISE_AGAIN_EVERY
        if not alarm.warned and now - alarm.out_of_time > STUCK_AFTER:
            alarm.warned = True
            name = alarm.name() if callable(alarm.name) else alarm.name
            print(f"{name}: ran for more than {alarm.seconds:g} seconds and does not stop (is it inside one long"
                  " call, such as time.sleep?); press Ctrl+C to stop", file=sys.__stderr__, flush=True)

    def stop(self):
        """End the clock's thread, once no time limit is set (it starts again with the next)."""
        with self.lock:
            thread = self.thread
            if thread is None or self.alarms:
                return
            self.stopping = True
            self.lock.notify()
        thread.join()
        with self.lock:
            self.stopping = False


CLOCK = Clock()


def wait_for_watchdogs():
    """End the time limits' thread: the build forks its workers only from a process of one thread."""
    CLOCK.stop()


def _raise_in(thread_id, exception):
    """Raise `exception` in the thread at its next bytecode; None cancels one not yet raised."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exception) if exception else None)
