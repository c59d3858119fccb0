"""A stand-in for the build's worker processes (site_builder/workers.Workers), for tests that
look at what a build sends them."""

from concurrent.futures import Future


class NotingWorkers:
    """Notes the arguments of each piece sent, in order. With `run`, works each piece out at once,
    here; without, answers each with `answer`."""

    parallel = True

    def __init__(self, run=True, answer=None):
        self.run, self.answer = run, answer
        self.sent = []

    def submit(self, function, *args, purpose="numbers"):
        self.sent.append(args)
        done = Future()
        done.set_result(function(*args) if self.run else self.answer)
        return done
