"""Keep the learner's code from changing the checker's world.

A learner's program can reach shared objects: `import builtins; builtins.isinstance = ...`,
`import labkit.values; labkit.values.close = lambda *a: True`, `math.exp = ...`, the checker's
own classes (`labkit.checks.Tester.require_close = ...`) and parts of `sys` (`sys.stdout = None`,
`sys.setrecursionlimit(5)`). Each call into learner code runs inside `protected()`, which puts
every one of those back as it was afterwards, so the checks, and the learner's next run,
always see the real ones.

It also ends every way the learner's code could run again later, outside `protected()`, while
the checker decides: trace and profile functions, `sys.monitoring` callbacks, `gc.callbacks`,
import hooks and audit hooks (refused outright, since none can be taken back). Objects the
learner made could run code when they are finalised (`__del__`, a generator's `finally`, a
weakref callback): `keep()` holds them, and `pause_collection()` stops the cycle collector
while a verdict is made.
"""

import builtins
import gc
import itertools
import math
import operator
import sys
from types import MappingProxyType, ModuleType

from labkit.protocol import LEARNER_FILE

# What the learner's own namespace sees instead of the real builtins: input() cannot work
# in a lab (there is no keyboard to read from), so it says so instead of hanging.
NO_INPUT = "input() does not work in the labs: there is no keyboard to read from. Put the values in your code instead."

# The parts of `sys` that the checker and the page's output depend on.
SYS_STREAMS = ("stdin", "stdout", "stderr")


class _OneRequest:
    """Whether this Python answers one request and is then thrown away (the browser's are, and
    `course check`'s): then what the learner made is held to the end, never finalised."""

    only = False


# Objects that must outlive the verdict (see keep()). Emptying it in place, from learner code,
# only finalises them inside protected().
_KEPT = []


def answers_one_request():
    _OneRequest.only = True


def keep(*objects):
    """Hold what the learner's code made (its results, arguments, errors, its namespace) for the
    rest of a one-request Python's life. Let go, each could run learner code as it is finalised
    (`__del__`, a generator's `finally`, a weakref callback), outside protected(), while the
    checker decides."""
    if _OneRequest.only:
        _KEPT.append(objects)


def stop_collecting_cycles():
    """For a verdict in a one-request Python: learner objects in reference cycles are never
    collected, so none is finalised in the middle of the checker's code."""
    if _OneRequest.only:
        gc.disable()


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


class _Watched:
    """What `protected()` watches, found again only when sys.modules changes size, and never
    forgotten: a module the learner adds under labkit's name is watched as well, and one the
    learner takes out of sys.modules stays watched (the checker still holds it). Kept in
    a tuple, which the learner's code cannot empty in place."""

    namespaces = ()
    modules_seen = -1

    @classmethod
    def now(cls):
        if len(sys.modules) != cls.modules_seen:
            namespaces = {id(namespace): namespace for namespace in cls.namespaces}
            namespaces.update(_shared_namespaces())
            cls.namespaces = tuple(namespaces.values())
            cls.modules_seen = len(sys.modules)
        return cls.namespaces


class protected:
    """`with protected(): <learner code>`: everything the checker relies on is as it was afterwards.

    On the way out, only what was read on the way in is used (the restore's own tools as well
    as what it restores), so code that replaced a builtin or a name in this module cannot turn
    the restore itself off. A function's code cannot be swapped at all while the learner's
    code runs: the audit hook below refuses it.

    Afterwards, `touched` says whether anything had to be put back.
    """

    __slots__ = ("saved", "touched")

    def __enter__(self):
        self.touched = False
        self.saved = (
            _TOOLS,
            tuple((namespace, tuple(vars(namespace)), tuple(vars(namespace).values())) for namespace in _Watched.now()),
            tuple((name, getattr(sys, name), _fileno(getattr(sys, name))) for name in SYS_STREAMS),
            sys.getrecursionlimit(),
            _Hooks.save(),
        )
        return self

    def __exit__(self, *exception):
        tools, namespaces, streams, limit, hooks = self.saved
        (all_, map_, len_, is_, repeat_, vars_, setattr_, delattr_, zip_, frozenset_, list_,
         errors, missing, system, set_limit, reopened, restore, restore_hooks, hold, get_limit) = tools
        touched = restore_hooks(hooks)  # first: a trace function must not watch the rest of the restore
        for namespace, keys, values in namespaces:
            current = vars_(namespace)
            # Only identity is compared: `==` would run the learner's own __eq__.
            untouched = len_(current) == len_(keys) and all_(map_(is_, map_(current.get, keys, repeat_(missing)), values))
            if not untouched:
                touched = True
                restore(namespace, keys, values, (vars_, setattr_, delattr_, zip_, frozenset_, list_, errors, missing, hold))
        if get_limit() != limit:
            touched = True
            set_limit(limit)
        for name, stream, fd in streams:
            again = reopened(stream, fd, "r" if name == "stdin" else "w")
            # Read from the module's dict: a module __getattr__ the learner added is never called.
            if vars_(system).get(name, missing) is not again:
                touched = True
                setattr_(system, name, again)
        self.touched = touched
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
    vars_, setattr_, delattr_, zip_, frozenset_, list_, errors, missing, hold = tools
    current = vars_(namespace)
    hold(list_(current.values()))  # what is taken out must not be finalised halfway through the restore
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


class _Hooks:
    """The ways learner code can be called back later, as they were, and put back.

    Each is held here as the object itself (`gc.callbacks` is the list the collector reads;
    rebinding the module's name would not change it), so nothing the learner rebinds is used.
    """

    trace, profile = sys.gettrace, sys.getprofile
    set_trace, set_profile = sys.settrace, sys.setprofile
    callbacks = gc.callbacks
    collecting, enable, disable = gc.isenabled, gc.enable, gc.disable
    modules, meta_path, path_hooks, path = sys.modules, sys.meta_path, sys.path_hooks, sys.path
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12 and later
    tools = range(6 if monitoring else 0)
    get_tool = getattr(monitoring, "get_tool", None)

    @classmethod
    def save(cls):
        modules = cls.modules
        return (
            cls.trace(),
            cls.profile(),
            tuple(cls.callbacks),
            cls.collecting(),
            tuple(modules),
            tuple(modules.values()),
            tuple(cls.meta_path),
            tuple(cls.path_hooks),
            tuple(cls.path),
            tuple(map(cls.get_tool, cls.tools)) if cls.get_tool else (),
        )


def _restore_hooks(saved, _hooks=_Hooks, _is=operator.is_, _all=all, _map=map, _len=len, _tuple=tuple, _repeat=itertools.repeat,
                   _hold=_KEPT.append):
    """Put back every hook `saved` holds; True when any had changed."""
    trace, profile, callbacks, collecting, names, modules, meta_path, path_hooks, path, tools = saved
    touched = False
    if _hooks.trace() is not trace:
        touched = True
        _hooks.set_trace(trace)
    if _hooks.profile() is not profile:
        touched = True
        _hooks.set_profile(profile)
    for current, kept in ((_hooks.callbacks, callbacks), (_hooks.meta_path, meta_path), (_hooks.path_hooks, path_hooks), (_hooks.path, path)):
        if _len(current) != _len(kept) or not _all(_map(_is, current, kept)):
            touched = True
            _hold(_tuple(current))
            current[:] = kept
    if _hooks.collecting() is not collecting:
        touched = True
        (_hooks.enable if collecting else _hooks.disable)()
    current = _hooks.modules
    if _len(current) != _len(names) or not _all(_map(_is, _map(current.get, names, _repeat(None)), modules)):
        _hold(_tuple(current.values()))
        touched = _restore_modules(current, names, modules) or touched
    if tools and _tuple(_map(_hooks.get_tool, _hooks.tools)) != tools:
        touched = True
        _free_monitoring_tools(tools)
    return touched


def _restore_modules(current, names, modules):
    """Every module the checker could import is the one it was; a new one under labkit's name goes.
    True when any was put back or taken out (a module the learner's code imported stays)."""
    touched = False
    for name, module in zip(names, modules):
        if current.get(name) is not module:
            touched = True
            current[name] = module
    kept = frozenset(names)
    for name in [name for name in list(current) if name not in kept]:
        if name == "labkit" or name.startswith("labkit.") or not isinstance(current[name], ModuleType):
            touched = True
            del current[name]
    return touched


def _free_monitoring_tools(kept):
    """Tool ids of `sys.monitoring` the learner took are given up, with their callbacks."""
    monitoring = _Hooks.monitoring
    events = [value for value in vars(monitoring.events).values() if type(value) is int and value and not value & (value - 1)]
    for tool, was in zip(_Hooks.tools, kept):
        if monitoring.get_tool(tool) == was:
            continue
        monitoring.set_events(tool, 0)
        for event in events:
            try:
                monitoring.register_callback(tool, event, None)
            except ValueError:
                pass
        monitoring.free_tool_id(tool)


# What learner code may not do while it runs. Each would hand it a frame of the checker's (and
# through its locals the expected answers), every object in memory, or a way to be called back
# after protected() has ended. Only the ones whose caller has the learner's code on its stack
# are refused: the checker reads tracebacks too.
# (Read-only views of dicts nothing else holds: learner code could empty a dict in place.)
_REFUSED_TO_LEARNERS = MappingProxyType({
    "sys._getframe": "sys._getframe()",
    "sys._current_frames": "sys._current_frames()",
    "sys._current_exceptions": "sys._current_exceptions()",
    "gc.get_objects": "gc.get_objects()",
    "gc.get_referrers": "gc.get_referrers()",
    "gc.get_referents": "gc.get_referents()",
    "sys.settrace": "sys.settrace()",
    "sys.setprofile": "sys.setprofile()",
    "sys.monitoring.register_callback": "sys.monitoring",
})
# Attributes that hand out a frame (reading them raises the audit event "object.__getattr__").
_FRAME_ATTRIBUTES = MappingProxyType({name: f"Reading .{name}" for name in ("tb_frame", "gi_frame", "cr_frame", "ag_frame")})
# A function's parts, whose writing raises "object.__setattr__": the checker's code stays its own.
_FUNCTION_PARTS = MappingProxyType({part: f"Changing a function's {part}" for part in ("__code__", "__defaults__", "__kwdefaults__")})
REFUSED = "{what} does not work in the labs: it would reach into the checker that grades your code."


def _audit(event, args, _refused=_REFUSED_TO_LEARNERS, _frames=_FRAME_ATTRIBUTES, _parts=_FUNCTION_PARTS,
           _getframe=sys._getframe, _learner=LEARNER_FILE, _Refused=RuntimeError, _message=REFUSED, _own_code=None):
    """The interpreter's audit hook (a hook cannot be removed, so it can only be added once, here).

    It refuses every other audit hook, since learner code could never be kept from one.
    Everything it uses is bound here, on the way in, so no name the learner rebinds reaches it.
    To see who is asking, it takes its own frame with sys._getframe(0), which calls it once
    more: that call walks the stack from there and refuses if the learner's code is on it.
    """
    if event == "sys.addaudithook":
        raise _Refused(_message.format(what="sys.addaudithook()"))
    if event == "sys._getframe" and args[0].f_code is _own_code:
        frame = args[0]
        while frame is not None:
            if frame.f_code.co_filename == _learner:
                raise _Refused(_message.format(what="sys._getframe()"))  # reworded by the call that asked
            frame = frame.f_back
        return
    if event == "object.__getattr__":
        what = _frames.get(args[1])
    elif event == "object.__setattr__" or event == "object.__delattr__":
        what = _parts.get(args[1])
    else:
        what = _refused.get(event)
    if what is None:
        return
    try:
        _getframe(0)  # refused when the learner's code is on the stack
    except _Refused:
        raise _Refused(_message.format(what=what)) from None


_audit.__defaults__ = (*_audit.__defaults__[:-1], _audit.__code__)


# Once per interpreter: a second copy of this module (the learner's re-import) is refused by the first.
sys.addaudithook(_audit)


# The restore's own tools, read by `protected()` on the way in, while they are still the real ones.
_TOOLS = (
    all, map, len, operator.is_, itertools.repeat, vars, setattr, delattr, zip, frozenset, list,
    (AttributeError, TypeError, ValueError), object(), sys, sys.setrecursionlimit, _reopened, _restore, _restore_hooks,
    _KEPT.append, sys.getrecursionlimit,
)
