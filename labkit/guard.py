"""Keep the learner's code from changing the checker's world.

A learner's program can reach shared objects: `import builtins; builtins.isinstance = ...`,
`import labkit.values; labkit.values.close = lambda *a: True`, `math.exp = ...`. Each call
into learner code runs inside `protected()`, which puts every one of those objects back
as it was afterwards, so checks always run with the real ones.
"""

import builtins
import contextlib
import math
import sys

# What the learner's own namespace sees instead of the real builtins: input() cannot work
# in a lab (there is no keyboard to read from), so it says so instead of hanging.
NO_INPUT = "input() does not work in the labs: there is no keyboard to read from. Put the values in your code instead."


def learner_input(prompt=""):
    raise RuntimeError(NO_INPUT)


def learner_builtins():
    names = dict(builtins.__dict__)
    names["input"] = learner_input
    return names


def _shared_modules():
    """The modules whose contents the checker relies on."""
    found = [builtins, math]
    found += [module for name, module in list(sys.modules.items()) if name == "labkit" or name.startswith("labkit.")]
    return [module for module in found if module is not None]


@contextlib.contextmanager
def protected():
    snapshots = [(module, dict(module.__dict__)) for module in _shared_modules()]
    try:
        yield
    finally:
        for module, saved in snapshots:
            _restore(module, saved)


def _restore(module, saved):
    current = module.__dict__
    if current == saved and all(current[key] is saved[key] for key in saved):
        return
    for key in [key for key in current if key not in saved]:
        try:
            delattr(module, key)
        except (AttributeError, TypeError):
            pass
    for key, value in saved.items():
        if current.get(key, _MISSING) is not value:
            try:
                setattr(module, key, value)
            except (AttributeError, TypeError):
                pass


_MISSING = object()
