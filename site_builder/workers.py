"""The build's independent pieces of work (a provider's numbers, a lab's verdict, a compressed
copy), spread over every core of the machine.

A cold build is mostly pure Python: the providers run the course's model, and verifying a
lab runs its solution, starter and wrong answers through the checker. Threads would take
turns on one core, so the pieces run in worker processes forked from the build: each starts
with the build's modules already imported and the course already loaded.

Forking a process that has other threads can leave a lock held for ever in the child
(Python 3.12 warns of it), so the workers are forked only from a build that is the
process's one thread: `course build`, and the first build of `course serve`. A rebuild
while serving does its pieces one after another in its own process, as a machine with one
core does. Either way a piece gives the same result: only where it is computed differs.
"""

import gc
import heapq
import itertools
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from site_builder.time_limit import wait_for_watchdogs


def cores():
    """The cores this process may run on (a container may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# What a piece is for, most urgent first: the pieces are handed to the workers in this order, as
# they free up, and in the order they came within each. The numbers come first, as the pages and
# many labs wait for them; then the labs that read the whole names data (seconds, where most labs
# take a tenth of one: begun last, one of those would keep a core busy after the other has none);
# the compressed copies last, as nothing needs them before the end of the build.
URGENCY = ("numbers", "long lab", "lab", "copy")

# The build's own process renders the pages and then waits for the workers' results: its work
# is the longest chain, and two workers beside it would share the two cores three ways. Niced,
# the workers take what the build leaves (measured over 5 alternating cold builds: 4.88 s
# median as equals, 4.75 s niced).
WORKER_NICENESS = 10


class Workers:
    """Processes for the build's pieces of work; used as a context manager around the build.

    `submit(function, *args, purpose=...)` returns a Future; `purpose`, one of URGENCY, says how
    soon the workers take the piece up. With no workers (one core, other threads, or `count=0`)
    the piece runs at once, in this process, before submit returns.
    """

    def __init__(self, count=None):
        count = cores() if count is None else count
        wait_for_watchdogs()
        safe = alone() and "fork" in multiprocessing.get_all_start_methods()
        self.parallel = count > 1 and safe
        self.count = count if self.parallel else 0
        self.pool = None
        self.forked = False
        self.unfreeze = False
        # Pieces wait here, by urgency, until a worker is free: the pool itself takes them in the
        # order they were sent. Handed on from the thread that sends a piece, and from the pool's
        # own thread when a piece ends.
        self.waiting = []
        self.order = itertools.count()
        self.running = 0
        self.lock = threading.RLock()  # a piece that has already ended calls ended() while it is handed on
        self.all_handed = threading.Condition(self.lock)

    def __enter__(self):
        if self.parallel:
            self.pool = ProcessPoolExecutor(self.count, mp_context=multiprocessing.get_context("fork"), initializer=os.nice, initargs=(WORKER_NICENESS,))
        return self

    def __exit__(self, *exc_info):
        if self.pool:
            with self.lock:
                if exc_info[0] is not None:  # on an error, the pieces not yet begun are of no use: the build stops
                    for *_, piece in self.waiting:
                        piece.cancel()
                    self.waiting.clear()
                self.all_handed.wait_for(lambda: not self.waiting)
            self.pool.shutdown(wait=True, cancel_futures=exc_info[0] is not None)
            self.pool = None
            if self.unfreeze:  # set only at the fork
                gc.unfreeze()  # `course serve` goes on for hours: its objects are collected again

    def submit(self, function, *args, purpose="numbers"):
        if self.pool:
            if not self.forked:
                # The pool forks at its first piece: by then a time limit may have started its
                # watchdog again, or the build another thread. Checked again here, at the fork.
                wait_for_watchdogs()
                if not alone():
                    self.pool.shutdown(wait=False)
                    self.pool, self.parallel, self.count = None, False, 0
                    return ran_here(function, args)
                # What the build holds so far is left out of the collector's rounds, here and
                # in the workers: a round there would write to every object, and each page of
                # memory the fork shares would be copied (measured: 0.7 s less CPU a cold build).
                self.unfreeze = gc.get_freeze_count() == 0  # else another part of the program froze objects on purpose
                gc.freeze()
                self.forked = True
            piece = Piece(function, args)
            with self.lock:
                heapq.heappush(self.waiting, (URGENCY.index(purpose), next(self.order), piece))
            self.hand_on()
            return piece
        return ran_here(function, args)

    def hand_on(self):
        """Give the workers the most urgent pieces waiting, while one of them would otherwise be idle."""
        with self.lock:
            # One more than the workers: a worker that finishes finds its next piece ready.
            while self.waiting and self.running < self.count + 1:
                *_, piece = heapq.heappop(self.waiting)
                self.running += 1
                try:
                    future = self.pool.submit(piece.function, *piece.args)
                except (BrokenProcessPool, RuntimeError) as error:  # a worker died: the piece runs here when asked for
                    future = Future()
                    future.set_exception(BrokenProcessPool(str(error)))
                piece.begin(future)
                future.add_done_callback(self.ended)
            if not self.waiting:
                self.all_handed.notify_all()

    def ended(self, _future):
        with self.lock:
            self.running -= 1
        self.hand_on()


# A thread joined a moment ago may still be ending in the operating system, which counts it
# (and Python warns of a fork then). It ends within microseconds; this waits that long, at most.
EXIT_WAIT_SECONDS = 0.2


def alone():
    """Whether this is the process's one thread: `threading` has started no other, and, where the
    operating system says (Linux), nothing else has either (pytest-xdist's worker talks to pytest
    from a `_thread` of its own; a library may start native ones). Any of them may hold a lock at the fork."""
    if threading.active_count() != 1 or len(sys._current_frames()) != 1:  # the second sees `_thread`'s too
        return False
    threads_exited()  # a thread that has just ended may still be counted for a moment
    return os_thread_count() in (None, 1)


def threads_exited(deadline=EXIT_WAIT_SECONDS):
    """Wait until the operating system counts one thread in this process (only where it says: Linux)."""
    waited_until = time.monotonic() + deadline
    while os_thread_count() not in (None, 1) and time.monotonic() < waited_until:
        time.sleep(0.001)


def os_thread_count():
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


class Piece:
    """A Future of the pool's, once the piece is handed to it, except that a piece whose worker
    died is run again here.

    A worker dies when a lab's code ends its process (os._exit): run here, the same code
    ends the build as it did before the build had workers, instead of a vague broken pool.
    """

    def __init__(self, function, args):
        self.function, self.args = function, args
        self.future = None
        self.handed = threading.Event()

    def begin(self, future):
        self.future = future
        self.handed.set()

    def cancel(self):
        future = Future()
        future.cancel()
        self.begin(future)

    def done(self):
        return self.handed.is_set() and self.future.done()

    def result(self):
        self.handed.wait()
        try:
            return self.future.result()
        except BrokenProcessPool:
            return ran_here(self.function, self.args).result()


def ran_here(function, args):
    future = Future()
    try:
        future.set_result(function(*args))
    except Exception as error:  # noqa: BLE001 - handed to whoever asks for the result, as the pool would
        future.set_exception(error)
    return future
