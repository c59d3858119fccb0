"""The build's pieces of work, spread over worker processes."""

import os
import threading
import time
from pathlib import Path

import pytest

from site_builder.workers import WORKER_NICENESS, Workers, cores, os_thread_count, threads_exited
from tests.fresh_process import in_a_fresh_process

needs_two_cores = pytest.mark.skipif(cores() < 2, reason="workers are forked only on a machine of two cores or more")


def own_pid(_):
    return os.getpid()


def fails(message):
    raise ValueError(message)


def ends_any_worker(parent):
    """Ends the process it runs in, unless that is the test's own."""
    if os.getpid() != parent:
        os._exit(3)
    return "run here"


def pieces_pids():
    """(workers parallel?, the pids six pieces ran in, this process's pid)."""
    with Workers(2) as workers:
        parallel = workers.parallel
        pids = {workers.submit(own_pid, index).result() for index in range(6)}
    return parallel, pids, os.getpid()


@needs_two_cores
def test_pieces_run_in_other_processes():
    parallel, pids, here = in_a_fresh_process(pieces_pids)
    assert parallel
    assert here not in pids


def niceness_here_and_in_a_worker():
    with Workers(2) as workers:
        return os.nice(0), workers.submit(os.nice, 0).result()


def frozen_counts():
    """(objects frozen here before, here while the workers run, in a worker, here after)."""
    import gc

    gc.unfreeze()  # as in `course build` (a spawned Python may start with a few frozen)
    before = gc.get_freeze_count()
    with Workers(2) as workers:
        in_worker = workers.submit(gc.get_freeze_count).result()
        during = gc.get_freeze_count()
    return before, during, in_worker, gc.get_freeze_count()


@needs_two_cores
def test_what_the_build_held_at_the_fork_is_left_out_of_the_collectors_rounds_until_the_workers_end():
    before, during, in_worker, after = in_a_fresh_process(frozen_counts)
    assert before == 0 and after == 0
    assert during > 1000 and in_worker > 1000  # the worker, forked after, starts with them frozen too


@needs_two_cores
def test_the_workers_give_way_to_the_build_itself():
    here, worker = in_a_fresh_process(niceness_here_and_in_a_worker)
    assert worker == min(here + WORKER_NICENESS, 19)
    assert WORKER_NICENESS > 0


def note_start(folder, label, seconds):
    """Notes when it began (a file named after the moment), then takes `seconds`."""
    (Path(folder) / f"{time.monotonic_ns()}-{label}").touch()
    time.sleep(seconds)
    return label


def pieces_begun(folder):
    """In a fresh Python: the order six pieces began in, sent with different purposes."""
    with Workers(2) as workers:
        sent = [("lab", "lab 1"), ("lab", "lab 2"), ("lab", "lab 3"), ("copy", "copy"), ("lab", "lab 4"),
                ("long lab", "long lab"), ("numbers", "numbers"), ("lab", "lab 5")]
        # "lab 2" takes longer, so that no two pieces begin at the same moment in the two workers.
        pieces = [workers.submit(note_start, folder, label, 0.5 if label == "lab 2" else 0.2, purpose=purpose) for purpose, label in sent]
    # Every piece is done once the workers are: none is left waiting to be handed on.
    assert all(piece.done() for piece in pieces) and [piece.result() for piece in pieces] == [label for _, label in sent]
    return [name.split("-", 1)[1] for name in sorted(path.name for path in Path(folder).iterdir())]


@needs_two_cores
def test_the_workers_take_up_the_most_urgent_piece_waiting(tmp_path):
    begun = in_a_fresh_process(pieces_begun, str(tmp_path))
    # Three pieces are handed on at once (one for each worker, and the next); after that, the most
    # urgent waiting goes first: the numbers, then the long lab, the labs, and the copy last.
    # The first two begin together in the two workers, in whichever order the system starts them.
    assert sorted(begun[:2]) == ["lab 1", "lab 2"] and begun[2] == "lab 3"
    assert begun[3:] == ["numbers", "long lab", "lab 4", "lab 5", "copy"]


def pieces_after_an_error(folder):
    """In a fresh Python: how many of eight slow pieces began when the build failed after sending them."""
    pieces = []
    try:
        with Workers(2) as workers:
            pieces = [workers.submit(note_start, folder, f"lab {index}", 0.3, purpose="lab") for index in range(8)]
            raise RuntimeError("a lesson failed")
    except RuntimeError:
        pass
    cancelled = sum(1 for piece in pieces if piece.future.cancelled())
    return len(list(Path(folder).iterdir())), cancelled


@needs_two_cores
def test_pieces_still_waiting_when_the_build_fails_never_begin(tmp_path):
    begun, cancelled = in_a_fresh_process(pieces_after_an_error, str(tmp_path))
    assert begun <= 3 and begun + cancelled == 8


def test_without_workers_a_piece_runs_here_at_once():
    with Workers(0) as workers:
        assert not workers.parallel
        assert workers.submit(own_pid, 0).result() == os.getpid()


def test_no_workers_are_forked_beside_another_thread():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with Workers(2) as workers:
            assert not workers.parallel
            assert workers.submit(own_pid, 0).result() == os.getpid()
    finally:
        stop.set()
        other.join()


def parallel_beside_a_thread_threading_does_not_know(start_one):
    """(parallel?, the pid a piece ran in, this pid), with or without a thread started by `_thread`
    itself, as pytest-xdist's worker starts the one it talks to pytest from."""
    import _thread

    stop = _thread.allocate_lock()
    stop.acquire()
    if start_one:
        _thread.start_new_thread(stop.acquire, ())
    try:
        with Workers(2) as workers:
            return workers.parallel, workers.submit(own_pid, 0).result(), os.getpid()
    finally:
        stop.release()


@needs_two_cores
def test_no_workers_are_forked_beside_a_thread_that_threading_does_not_count():
    parallel, ran_in, here = in_a_fresh_process(parallel_beside_a_thread_threading_does_not_know, True)
    assert not parallel and ran_in == here
    parallel, ran_in, here = in_a_fresh_process(parallel_beside_a_thread_threading_does_not_know, False)
    assert parallel and ran_in != here  # the same, alone: forked


def pool_with_a_thread_started_late():
    """(parallel when made?, the pid the first piece ran in, parallel after it, this pid)."""
    stop = threading.Event()
    with Workers(2) as workers:
        made_parallel = workers.parallel  # one thread when the workers were made
        other = threading.Thread(target=stop.wait)
        other.start()
        try:
            ran_in = workers.submit(own_pid, 0).result()
            return made_parallel, ran_in, workers.parallel, os.getpid()
        finally:
            stop.set()
            other.join()


@needs_two_cores
def test_a_thread_started_before_the_first_piece_keeps_the_pool_from_forking():
    made_parallel, ran_in, parallel_after, here = in_a_fresh_process(pool_with_a_thread_started_late)
    assert made_parallel
    assert ran_in == here
    assert not parallel_after


@pytest.mark.parametrize("count", [0, 2])
def test_a_piece_that_fails_raises_its_error_when_asked_for_the_result(count):
    with Workers(count) as workers:
        piece = workers.submit(fails, "no such lab")
        with pytest.raises(ValueError, match="no such lab"):
            piece.result()


@needs_two_cores
def test_a_piece_whose_worker_died_is_run_again_here():
    with Workers(2) as workers:
        assert workers.submit(ends_any_worker, os.getpid()).result() == "run here"


def threads_counted_around_an_ending_thread():
    """In a fresh Python: the OS's thread counts with a second thread alive, and after
    threads_exited() has waited for it to end (it ends while the wait goes on)."""
    ending = threading.Event()
    thread = threading.Thread(target=ending.wait)
    thread.start()
    alive = os_thread_count()
    threading.Timer(0.05, ending.set).start()
    threads_exited(deadline=5)
    after = os_thread_count()
    thread.join()
    return alive, after


def wait_for_a_thread_that_does_not_end():
    """In a fresh Python: (seconds threads_exited(deadline=0.1) took, the OS's thread count then)."""
    ending = threading.Event()
    thread = threading.Thread(target=ending.wait)
    thread.start()
    try:
        started = time.monotonic()
        threads_exited(deadline=0.1)
        return time.monotonic() - started, os_thread_count()
    finally:
        ending.set()
        thread.join()


# In a fresh Python: the test run's own process has threads of its browser and servers.
@pytest.mark.skipif(os_thread_count() is None, reason="only Linux says how many threads it counts")
def test_before_forking_the_workers_wait_until_a_thread_just_ended_has_left_the_operating_system():
    alive, after = in_a_fresh_process(threads_counted_around_an_ending_thread)
    assert (alive, after) == (2, 1)


@pytest.mark.skipif(os_thread_count() is None, reason="only Linux says how many threads it counts")
def test_a_thread_that_does_not_end_holds_the_wait_no_longer_than_its_deadline():
    took, count = in_a_fresh_process(wait_for_a_thread_that_does_not_end)
    assert 0.1 <= took < 5 and count == 2
