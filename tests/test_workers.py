"""The build's pieces of work, spread over worker processes."""

import os
import threading

import pytest

from site_builder.workers import Workers, cores

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


@needs_two_cores
def test_pieces_run_in_other_processes():
    with Workers(2) as workers:
        assert workers.parallel
        pids = {workers.submit(own_pid, index).result() for index in range(6)}
    assert os.getpid() not in pids


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


@needs_two_cores
def test_a_thread_started_before_the_first_piece_keeps_the_pool_from_forking():
    stop = threading.Event()
    with Workers(2) as workers:
        assert workers.parallel  # one thread when the workers were made
        other = threading.Thread(target=stop.wait)
        other.start()
        try:
            assert workers.submit(own_pid, 0).result() == os.getpid()
            assert not workers.parallel
        finally:
            stop.set()
            other.join()


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
