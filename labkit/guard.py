"""Keep the learner's code from changing the checker's world.

A learner's program can reach shared objects: `import builtins; builtins.isinstance = ...`,
`import labkit.values; labkit.values.close = lambda *a: True`, `math.exp = ...`, the checker's
own classes (`labkit.checks.Tester.require_close = ...`) and parts of `sys` (`sys.stdout = None`,
`sys.setrecursionlimit(5)`). Each call into learner code runs inside `protected()`, which puts
every one of those back as it was afterwards, so the checks, and the learner's next run,
always see the real ones.
"""

import builtins
import contextlib
import math
import sys

# What the learner's own namespace sees instead of the real builtins: input() cannot work
# in a lab (there is no keyboard to read from), so it says so instead of hanging.
NO_INPUT = "input() does not work in the labs: there is no keyboard to read from. Put the values in your code instead."

# The parts of `sys` that the checker and the page's output depend on.
SYS_STREAMS = ("stdin", "stdout", "stderr")


def learner_input(prompt=""):
    raise RuntimeError(NO_INPUT)


def learner_builtins():
    names = dict(builtins.__dict__)
    names["input"] = learner_input
    return names


def _shared_namespaces():
    """The modules, and the checker's own classes, whose contents the checker relies on."""
    labkit_modules = [
        module for name, module in list(sys.modules.items())
        if (name == "labkit" or name.startswith("labkit.")) and module is not None
    ]
    found = {id(namespace): namespace for namespace in [builtins, math, *labkit_modules]}
    for module in labkit_modules:
        for value in list(vars(module).values()):
            if isinstance(value, type) and str(getattr(value, "__module__", "")).startswith("labkit"):
                found[id(value)] = value
    return list(found.values())


@contextlib.contextmanager
def protected():
    snapshots = [(namespace, dict(vars(namespace))) for namespace in _shared_namespaces()]
    streams = {name: (getattr(sys, name), _fileno(getattr(sys, name))) for name in SYS_STREAMS}
    recursion_limit = sys.getrecursionlimit()
    try:
        yield
    finally:
        sys.setrecursionlimit(recursion_limit)
        for name, (stream, fd) in streams.items():
            setattr(sys, name, _reopened(stream, fd, "r" if name == "stdin" else "w"))
        for namespace, saved in snapshots:
            _restore(namespace, saved)


def _fileno(stream):
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _reopened(stream, fd, mode):
    """`stream`, or the same file opened afresh if the learner closed it (`sys.stdout.close()`)."""
    if fd is None or not stream.closed:
        return stream
    errors = getattr(stream, "errors", None)
    return open(fd, mode, buffering=1, encoding="utf-8", errors=errors, closefd=False)


def _restore(namespace, saved):
    # Only identity is compared: `==` would run the learner's own __eq__.
    current = vars(namespace)
    for key in [key for key in list(current) if key not in saved]:
        try:
            delattr(namespace, key)
        except (AttributeError, TypeError):
            pass
    for key, value in saved.items():
        if current.get(key, _MISSING) is not value:
            try:
                setattr(namespace, key, value)
            except (AttributeError, TypeError):
                pass


_MISSING = object()
