"""Keep the learner's code from changing the checker's world.

A learner's program can reach shared objects: `import builtins; builtins.isinstance = ...`,
`import labkit.values; labkit.values.close = lambda *a: True`, `math.exp = ...`, the checker's
own classes (`labkit.checks.Tester.require_close = ...`) and parts of `sys` (`sys.stdout = None`,
`sys.setrecursionlimit(5)`). Each call into learner code runs inside `protected()`, which puts
every one of those back as it was afterwards, so the checks, and the learner's next run,
always see the real ones.
"""

import builtins
import itertools
import math
import operator
import sys
from types import FunctionType

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
    return found


def _functions_in(namespaces):
    """The checker's own functions and methods in `namespaces`: their code can be swapped too."""
    found = {}
    for namespace in namespaces:
        for value in list(vars(namespace).values()):
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            parts = [value.fget, value.fset, value.fdel] if isinstance(value, property) else [value]
            for part in parts:
                if isinstance(part, FunctionType) and str(getattr(part, "__module__", "")).startswith("labkit"):
                    found[id(part)] = part
    return found


class _Watched:
    """What `protected()` watches, found again only when sys.modules changes size, and never
    forgotten: a module the learner adds under labkit's name is watched as well, and one the
    learner takes out of sys.modules stays watched (the checker still holds it). Kept in
    tuples, which the learner's code cannot empty in place."""

    namespaces = ()
    functions = ()
    modules_seen = -1

    @classmethod
    def now(cls):
        if len(sys.modules) != cls.modules_seen:
            namespaces = {id(namespace): namespace for namespace in cls.namespaces}
            namespaces.update(_shared_namespaces())
            functions = {id(function): function for function in cls.functions}
            functions.update(_functions_in(namespaces.values()))
            cls.namespaces, cls.functions = tuple(namespaces.values()), tuple(functions.values())
            cls.modules_seen = len(sys.modules)
        return cls.namespaces, cls.functions


class protected:
    """`with protected(): <learner code>`: everything the checker relies on is as it was afterwards.

    On the way out, only what was read on the way in is used (the restore's own tools as well
    as what it restores), so code that replaced a builtin, a name in this module or a
    function's code cannot turn the restore itself off. The functions' code goes back first,
    so the helper called after it is the real one.
    """

    __slots__ = ("saved",)

    def __enter__(self):
        namespaces, functions = _Watched.now()
        self.saved = (
            _TOOLS,
            functions,
            tuple((attribute, getter, tuple(map(getter, functions))) for attribute, getter in _FUNCTION_PARTS),
            tuple((namespace, tuple(vars(namespace)), tuple(vars(namespace).values())) for namespace in namespaces),
            tuple((name, getattr(sys, name), _fileno(getattr(sys, name))) for name in SYS_STREAMS),
            sys.getrecursionlimit(),
        )
        return self

    def __exit__(self, *exception):
        tools, functions, function_parts, namespaces, streams, limit = self.saved
        (all_, map_, len_, is_, repeat_, vars_, getattr_, setattr_, delattr_, zip_, frozenset_, list_,
         errors, missing, system, set_limit, reopened, restore) = tools
        for attribute, getter, saved in function_parts:
            if all_(map_(is_, map_(getter, functions), saved)):
                continue  # the usual case, found without a step of Python per function
            for function, value in zip_(functions, saved):
                if getattr_(function, attribute) is not value:
                    try:
                        setattr_(function, attribute, value)
                    except errors:
                        pass
        for namespace, keys, values in namespaces:
            current = vars_(namespace)
            # Only identity is compared: `==` would run the learner's own __eq__.
            untouched = len_(current) == len_(keys) and all_(map_(is_, map_(current.get, keys, repeat_(missing)), values))
            if not untouched:
                restore(namespace, keys, values, (vars_, setattr_, delattr_, zip_, frozenset_, list_, errors, missing))
        set_limit(limit)
        for name, stream, fd in streams:
            setattr_(system, name, reopened(stream, fd, "r" if name == "stdin" else "w"))
        return False


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


def _restore(namespace, keys, values, tools):
    """Put `namespace` back to `keys` and `values`, with the real tools handed in."""
    vars_, setattr_, delattr_, zip_, frozenset_, list_, errors, missing = tools
    current = vars_(namespace)
    kept = frozenset_(keys)
    for key in [key for key in list_(current) if key not in kept]:
        try:
            delattr_(namespace, key)
        except errors:
            pass
    for key, value in zip_(keys, values):
        if current.get(key, missing) is not value:
            try:
                setattr_(namespace, key, value)
            except errors:
                pass


_FUNCTION_PARTS = tuple((name, operator.attrgetter(name)) for name in ("__code__", "__defaults__", "__kwdefaults__"))

# The restore's own tools, read by `protected()` on the way in, while they are still the real ones.
_TOOLS = (
    all, map, len, operator.is_, itertools.repeat, vars, getattr, setattr, delattr, zip, frozenset, list,
    (AttributeError, TypeError, ValueError), object(), sys, sys.setrecursionlimit, _reopened, _restore,
)
