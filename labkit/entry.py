"""The one entry point the browser's worker calls, with and returning plain dicts."""

import importlib

from labkit import grading, guard, stoppable_sleep
from labkit.bundled import lab_bundle

stoppable_sleep.install()


def field(request, name, default=""):
    return str(request.get(name, default))


# The modules only some actions use (the real model, the capstone, training) are imported when
# first asked for: a Python started from nothing says it is ready sooner. import_all() brings
# them in before the picture of Python's memory is taken, so every Python restored from it has
# them already (labkit.warm_up).
LATER = ("capstone", "dropin", "model_views", "realmodel", "realnames", "training")


def later(name):
    if name not in LATER:
        raise ValueError(f"labkit.{name} is not one of the modules imported when asked for: {LATER}")
    return importlib.import_module(f"labkit.{name}")


def import_all():
    for name in LATER:
        later(name)


# action -> how to answer it, from the request's fields (all text) and the progress reporter.
# The worker's REQUEST_FIELDS (static/js/python-worker.js) names the same fields per action.
ACTIONS = {
    "run": lambda r, report: grading.run(field(r, "code")),
    "check": lambda r, report: grading.check(lab_bundle(field(r, "lab")), field(r, "code")),
    "attention": lambda r, report: later("realmodel").attention(field(r, "name")),
    "compare": lambda r, report: later("model_views").compare(field(r, "lab"), field(r, "code"), field(r, "name")),
    "next_letters": lambda r, report: later("realmodel").next_letter_bars(field(r, "prefix")),
    "sample": lambda r, report: later("realnames").sample(field(r, "lab"), field(r, "code"), field(r, "parts"), field(r, "seed", "0")),
    "dropin": lambda r, report: later("dropin").dropin(field(r, "lab"), field(r, "code")),
    "capstone_assemble": lambda r, report: later("capstone").assemble(field(r, "parts"), field(r, "reference")),
    "capstone_train": lambda r, report: later("capstone").train(field(r, "parts"), field(r, "steps"), field(r, "state"), report),
    "capstone_sample": lambda r, report: later("capstone").sample(field(r, "state"), field(r, "temperature"), field(r, "seed"), field(r, "name", "emma")),
    "train": lambda r, report: later("training").train(field(r, "code"), field(r, "counts"), field(r, "steps"), field(r, "lr"), report, field(r, "target")),
}


# Requests whose answer is a verdict on the learner's code; the long training runs are not
# (their learner objects must be collected as they go, or a run would fill the memory).
VERDICTS = frozenset({"check", "compare", "dropin", "sample", "capstone_assemble"})


def handle(request, report=None):
    """`{"action": <one of ACTIONS>, ...its fields}` -> a result dict.

    `report(text)`, when given, hears a training run's progress as it goes (a JSON line per step).
    """
    request = dict(request)
    action = request.get("action")
    if action not in ACTIONS:
        expected = ", ".join(repr(name) for name in ACTIONS)
        raise ValueError(f"Unknown action {action!r}: expected one of {expected}.")
    if action in VERDICTS:
        guard.stop_collecting_cycles()
    return ACTIONS[action](request, report)
