"""Learner code that tries to cheat, or misbehaves, is judged correctly and explained."""

import builtins
import math

import pytest

import labkit.values
from labkit import grading
from labkit.grading import LabBundle

CHECKS = '''
from labkit import Checks

checks = Checks()
pair = checks.case("add", 2, 3)


@checks.check("Adds two numbers")
def adds(t):
    t.require_close(pair, "Use +.")
'''
BUNDLE = LabBundle("m/add", CHECKS, [5], ["add"])

# Every method of the checker's Tester made to pass, then a wrong add().
PATCH_TESTER = """
import labkit.checks
for name in list(vars(labkit.checks.Tester)):
    if name.startswith("require"):
        setattr(labkit.checks.Tester, name, lambda *a, **k: None)

def add(a, b):
    return 6
"""
# Every function of the checker given the code of one that accepts anything.
SWAP_CODE = """import sys, types
for module in [m for n, m in list(sys.modules.items()) if n.startswith("labkit")]:
    for value in list(vars(module).values()):
        for part in [value, *vars(value).values()] if isinstance(value, type) else [value]:
            if isinstance(part, types.FunctionType) and part.__name__.startswith(("require", "close")):
                part.__code__ = (lambda *a, **k: True).__code__
"""


def verdict(code):
    return grading.check(BUNDLE, code)


def failure_messages(code):
    result = verdict(code)
    assert result["status"] != "passed", result
    return " ".join(c["message"] for c in result["checks"] if not c["passed"]) + (result["error"] or {}).get("text", "")


# Programs that try to pass by changing the checker's world (tests/test_one_guard.py grades them too).
CHEATS = [
    ("always-equal object", "class Same:\n    def __eq__(self, other):\n        return True\n\ndef add(a, b):\n    return Same()\n"),
    ("float subclass", "class F(float):\n    def __eq__(self, other):\n        return True\n\ndef add(a, b):\n    return F(6)\n"),
    ("patched close", "import labkit.values, labkit.checks\nlabkit.values.close = lambda *a, **k: True\nlabkit.checks.close = lambda *a, **k: True\n\ndef add(a, b):\n    return 6\n"),
    ("patched isinstance", "import builtins\nbuiltins.isinstance = lambda *a: True\n\ndef add(a, b):\n    return 6\n"),
    ("patched inside the call", "def add(a, b):\n    import labkit.checks\n    labkit.checks.close = lambda *a, **k: True\n    return 6\n"),
    ("redefined print and math", "import math\nmath.isclose = lambda *a, **k: True\nprint = None\n\ndef add(a, b):\n    return 6\n"),
    ("nan", "def add(a, b):\n    return float('nan')\n"),
    ("infinity", "def add(a, b):\n    return float('inf')\n"),
    ("generator", "def add(a, b):\n    yield a + b\n"),
    ("patched checker class", "import labkit.checks\nlabkit.checks.Tester.require_close = lambda *a, **k: None\n\ndef add(a, b):\n    return 6\n"),
    ("patched class inside the call", "def add(a, b):\n    import labkit.checks\n    labkit.checks.Tester.require_shape = lambda *a, **k: None\n    labkit.checks.Tester.require_close = lambda *a, **k: None\n    return 6\n"),
    # The guard itself turned off, then the checker patched: the restore must not use what was replaced.
    ("guard's helpers replaced", f"import labkit.guard as g\nfor name in list(vars(g)):\n    if name.startswith('_') and not name.startswith('__'):\n        setattr(g, name, None)\n{PATCH_TESTER}"),
    ("builtins the restore uses replaced", f"import builtins\nbuiltins.all = lambda *a: True\nbuiltins.len = lambda *a: 0\nbuiltins.zip = lambda *a: ()\nbuiltins.setattr = lambda *a: None\n{PATCH_TESTER}"),
    ("checker code swapped", f"{SWAP_CODE}\ndef add(a, b):\n    return 6\n"),
    ("checker code swapped inside the call", "def add(a, b):\n" + "".join(f"    {line}\n" for line in SWAP_CODE.splitlines()) + "    return 6\n"),
    ("guard's own code swapped", f"import labkit.guard as g\ng._restore.__code__ = (lambda *a: None).__code__\n{PATCH_TESTER}"),
    ("checker taken out of sys.modules", f"import sys, labkit.checks\nchecks = sys.modules.pop('labkit.checks')\nsys.modules['labkit.zzz'] = checks\n{PATCH_TESTER}"),
]


@pytest.mark.parametrize("name, code", CHEATS)
def test_cheats_never_pass(name, code):
    failure_messages(code)
    # ...and leave nothing behind: the next learner's right answer passes, a wrong one fails.
    assert verdict("def add(a, b):\n    return a + b\n")["status"] == "passed"
    assert verdict("def add(a, b):\n    return 6\n")["status"] == "failed"


def test_the_checkers_world_is_restored():
    verdict("import builtins, math, labkit.values\nbuiltins.len = None\nmath.exp = None\nlabkit.values.close = None\n\ndef add(a, b):\n    return 5\n")
    assert builtins.len is len and callable(builtins.len)
    assert math.exp(0) == 1
    assert labkit.values.close(1.0, 1.0)


def test_nan_is_named_and_explained():
    assert "which contains nan: a number that is not a number" in failure_messages("def add(a, b):\n    return float('nan')\n")


def test_generator_gets_advice():
    assert "generator, not a list" in failure_messages("def add(a, b):\n    yield a + b\n")


def test_input_explains_itself():
    assert "input() does not work in the labs" in failure_messages("x = input('number? ')\n\ndef add(a, b):\n    return a + b\n")


def test_the_real_input_explains_itself_too(monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # end of file, as in the browser
    text = failure_messages("import builtins\nx = builtins.input('number? ')\n\ndef add(a, b):\n    return a + b\n")
    assert "EOFError" in text and "input() does not work in the labs" in text


def test_missing_module_explains_the_labs_have_no_numpy():
    text = failure_messages("import numpy as np\n\ndef add(a, b):\n    return np.add(a, b)\n")
    assert "ModuleNotFoundError: No module named 'numpy'" in text
    assert "numpy is not available here" in text


def test_infinite_recursion_points_at_the_learners_line():
    text = failure_messages("def add(a, b):\n    return add(a, b)\n")
    assert "RecursionError" in text and "line 2, in add" in text
    assert "kept calling itself" in text
    assert text.count("line 2, in add") <= 2


def test_memory_error_is_explained():
    text = failure_messages("def add(a, b):\n    raise MemoryError()\n")
    assert "more memory than the browser can give" in text


def test_patched_checker_classes_are_put_back_for_the_next_learner():
    verdict("import labkit.checks\nlabkit.checks.Tester.require_close = lambda *a, **k: None\n\ndef add(a, b):\n    return 5\n")
    assert verdict("def add(a, b):\n    return 6\n")["status"] == "failed"


def test_sys_streams_and_recursion_limit_are_put_back():
    import sys

    stdout, limit = sys.stdout, sys.getrecursionlimit()
    verdict("import sys\nsys.stdout = None\nsys.setrecursionlimit(40)\n\ndef add(a, b):\n    return 5\n")
    assert sys.stdout is stdout and sys.getrecursionlimit() == limit


@pytest.mark.parametrize("code", ["import sys\nsys.exit()\n", "def add(a, b):\n    exit(3)\n"])
def test_exit_is_the_learners_error_not_the_checkers(code):
    text = failure_messages(code)
    assert "SystemExit" in text and "exit() ends the whole program" in text


def test_run_reports_exit_at_the_learners_line():
    result = grading.run("print('hi')\nexit()\n")
    assert result["status"] == "error" and result["error"]["line"] == 2


def test_a_list_too_long_for_the_runtime_is_explained():
    text = failure_messages("def add(a, b):\n    return [0] * 10**20\n")
    assert "OverflowError" in text and "more memory than the browser can give" in text


def test_a_closed_output_stream_is_opened_again(tmp_path, monkeypatch):
    import sys

    with open(tmp_path / "out.txt", "w") as file:
        own_stdout = open(file.fileno(), "w", closefd=False)
        monkeypatch.setattr(sys, "stdout", own_stdout)
        verdict("import sys\nsys.stdout.close()\n\ndef add(a, b):\n    return 5\n")
        assert own_stdout.closed and not sys.stdout.closed
        print("still printing", file=sys.stdout, flush=True)
    assert (tmp_path / "out.txt").read_text() == "still printing\n"


# Two cases, so that a cheat set off by the first call could pass the second check.
TWO_CASES = '''
from labkit import Checks

checks = Checks()
small = checks.case("add", 2, 3)
large = checks.case("add", 10, 20)


@checks.check("Adds small numbers")
def adds_small(t):
    t.require_close(small, "Use +.")


@checks.check("Adds large numbers")
def adds_large(t):
    t.require_close(large, "Use +.")
'''
TWO = LabBundle("m/add-two", TWO_CASES, [5, 30], ["add"])
# Learner code that, once run, makes every later check pass.
CHEAT = """import labkit.checks
for name in list(vars(labkit.checks.Tester)):
    if name.startswith("require"):
        setattr(labkit.checks.Tester, name, lambda *a, **k: None)"""
# Every expected answer the checker holds, found through frames or objects, made the learner's 6.
REWRITE_EXPECTED = """for value in list(frame.f_locals.values()):
    for holder in [value, getattr(value, "tester", None)]:
        expected = getattr(holder, "expected", None)
        if isinstance(expected, list):
            expected[:] = [6] * len(expected)"""


def indented(code, spaces):
    return "".join(" " * spaces + line + "\n" for line in code.splitlines())


@pytest.mark.parametrize(
    "name, code",
    [
        ("the checker's frames, from sys._getframe", "import sys\n\ndef add(a, b):\n    frame = sys._getframe(1)\n    while frame is not None:\n" + indented(REWRITE_EXPECTED, 8) + "        frame = frame.f_back\n    return 6\n"),
        ("the checker's frames, from a traceback", "def add(a, b):\n    try:\n        raise ValueError\n    except ValueError as error:\n        frame = error.__traceback__.tb_frame\n    while frame is not None:\n" + indented(REWRITE_EXPECTED, 8) + "        frame = frame.f_back\n    return 6\n"),
        ("the checker's frames, from a running generator", "def walk():\n    frame = running.gi_frame\n    while frame is not None:\n" + indented(REWRITE_EXPECTED, 8) + "        frame = frame.f_back\n    yield 6\n\ndef add(a, b):\n    global running\n    running = walk()\n    return next(running)\n"),
        ("every object in memory", "import gc\n\ndef add(a, b):\n    for frame in [o for o in gc.get_objects() if hasattr(o, 'expected')]:\n        frame = type('F', (), {'f_locals': {'x': frame}})\n" + indented(REWRITE_EXPECTED, 8) + "    return 6\n"),
        ("a trace function", f"import sys\n\ndef trace(frame, event, arg):\n{indented(CHEAT, 4)}\nsys.settrace(trace)\n\ndef add(a, b):\n    return 6\n"),
        ("a profile function", f"import sys\n\ndef profile(frame, event, arg):\n{indented(CHEAT, 4)}\nsys.setprofile(profile)\n\ndef add(a, b):\n    return 6\n"),
        ("a monitoring callback", f"import sys\nm = sys.monitoring\nm.use_tool_id(3, 'cheat')\n\ndef on_start(code, offset):\n{indented(CHEAT, 4)}\nm.register_callback(3, m.events.PY_START, on_start)\nm.set_events(3, m.events.PY_START)\n\ndef add(a, b):\n    return 6\n"),
        ("a collector callback", f"import gc\n\ndef collected(phase, info):\n{indented(CHEAT, 4)}\ngc.callbacks.append(collected)\ngc.set_threshold(1)\n\ndef add(a, b):\n    return 6\n"),
        ("an audit hook", f"import sys\n\ndef heard(event, args):\n{indented(CHEAT, 4)}\nsys.addaudithook(heard)\n\ndef add(a, b):\n    return 6\n"),
        ("an import hook", f"import sys\n\nclass Finder:\n    def find_spec(self, *args):\n{indented(CHEAT, 8)}\nsys.meta_path.insert(0, Finder())\n\ndef add(a, b):\n    return 6\n"),
    ],
)
def test_learner_code_cannot_reach_the_checker_or_be_called_back(name, code):
    result = grading.check(TWO, code)
    assert result["status"] != "passed" and not any(check["passed"] for check in result["checks"]), result
    # Nothing is left behind for the next learner.
    assert grading.check(TWO, "def add(a, b):\n    return a + b\n")["status"] == "passed"
    assert grading.check(TWO, "def add(a, b):\n    return 6\n")["status"] == "failed"


def test_what_could_call_the_learner_back_is_put_back():
    import gc
    import sys

    before = (sys.gettrace(), sys.getprofile(), list(gc.callbacks), list(sys.meta_path), list(sys.path), list(sys.path_hooks))
    grading.check(TWO, "import gc, sys\ngc.callbacks.append(print)\nsys.meta_path.insert(0, 'x')\nsys.path.insert(0, '/nowhere')\nsys.path_hooks.append(print)\nsys.modules['labkit.fake'] = 1\n\ndef add(a, b):\n    return a + b\n")
    assert (sys.gettrace(), sys.getprofile(), list(gc.callbacks), list(sys.meta_path), list(sys.path), list(sys.path_hooks)) == before
    assert "labkit.fake" not in sys.modules


def test_the_refusal_says_what_and_why():
    result = grading.check(TWO, "import sys\nsys._getframe()\n\ndef add(a, b):\n    return a + b\n")
    assert "sys._getframe() does not work in the labs" in result["error"]["text"]
    result = grading.check(TWO, "def add(a, b):\n    return a + b\n\nadd.__code__ = (lambda a, b: 6).__code__\n")
    assert "Changing a function's __code__ does not work in the labs" in result["error"]["text"]


def test_the_checker_still_reads_tracebacks_of_the_learners_errors():
    result = grading.check(TWO, "def add(a, b):\n    return a + c\n")
    assert "NameError" in " ".join(check["message"] for check in result["checks"])


# Finalised after the call, an object runs learner code outside protected(). Graded as `course
# check` grades, in a Python that ends with the verdict (the browser's do too).
@pytest.mark.parametrize(
    "name, code",
    [
        ("__del__ of what came back", f"class Bomb:\n    def __del__(self):\n{indented(CHEAT, 8)}\ndef add(a, b):\n    return [6, Bomb()]\n"),
        ("__del__ of an argument", f"class Bomb:\n    def __del__(self):\n{indented(CHEAT, 8)}\ndef add(a, b):\n    return 6\n"),
        ("a cycle collected later", f"import gc\n\nclass Bomb:\n    def __del__(self):\n{indented(CHEAT, 8)}\ndef add(a, b):\n    bomb = Bomb()\n    bomb.me = bomb\n    gc.set_threshold(1)\n    return 6\n"),
        ("a generator's finally", f"def later():\n    try:\n        yield 6\n    finally:\n{indented(CHEAT, 8)}\ndef add(a, b):\n    waiting = later()\n    next(waiting)\n    return [6, waiting]\n"),
        ("a weakref callback", f"import weakref\n\nclass Box:\n    pass\n\ndef cheat(_):\n{indented(CHEAT, 4)}\nboxes = []\n\ndef add(a, b):\n    box = Box()\n    box.me = box\n    boxes.append(weakref.ref(box, cheat))\n    return 6\n"),
    ],
)
def test_nothing_the_learner_made_is_finalised_while_the_checker_decides(name, code):
    from site_builder.check_process import grade_in_child

    result, _printed = grade_in_child(TWO, code, time_limit=30)
    assert result["status"] == "failed" and not any(check["passed"] for check in result["checks"]), result


@pytest.mark.parametrize(
    "change, touched",
    [
        ("pass", False),
        ("x = [len(v) for v in (1, 2)] if False else None", False),
        ("import builtins\nbuiltins.len = None", True),
        ("import labkit.values\nlabkit.values.close = None", True),
        ("import labkit.checks\nlabkit.checks.Tester.require_close = None", True),
        ("import math\nmath.zzz = 1", True),
        ("import sys\nsys.stdout = None", True),
        ("import sys\nsys.setrecursionlimit(sys.getrecursionlimit() + 7)", True),
        ("import gc\ngc.callbacks.append(print)", True),
        ("import sys\nsys.modules['labkit.fake'] = sys", True),
        ("import sys\nsys.modules.pop('labkit.values')", True),
        # A module imported for the first time stays, as it would have anyway: nothing is put back.
        ("import sys\nsys.modules.pop('colorsys', None)\nimport colorsys", False),
    ],
)
def test_the_guard_says_whether_it_put_anything_back(change, touched):
    from labkit.guard import protected

    with protected() as guard:
        exec(change, {})
    assert guard.touched is touched
    with protected() as again:
        pass
    assert again.touched is False  # the first guard put everything back
