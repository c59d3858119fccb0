"""Running a test's body in a newly started Python, which has one thread, as `course build` has.

The build forks its workers only from a process that is its one thread (site_builder/workers.py).
The test run's own process is not: its browser and servers have threads of their own.
"""

import multiprocessing


def in_a_fresh_process(function, *args):
    """`function(*args)`'s value, computed in a spawned Python; its exception is raised here.

    `function` must be defined at the top level of an importable module. The process is not
    a daemon (a pool's are), so it may fork workers of its own.
    """
    context = multiprocessing.get_context("spawn")
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=_answer, args=(sending, function, args))
    process.start()
    sending.close()
    try:
        succeeded, value = receiving.recv()
    finally:
        process.join()
    if not succeeded:
        raise value
    return value


def _answer(sending, function, args):
    try:
        sending.send((True, function(*args)))
    except BaseException as error:  # noqa: BLE001 - carried back to the test, which raises it
        sending.send((False, error))
