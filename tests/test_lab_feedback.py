"""What every lab says to answers no wrong/ file lists: the two rules of feedback, tried by machine.

1. A failing value is never shown like its expected value. Each lab's solution is graded
   again with one function's result nudged by a hair (3 parts in 100,000): every check
   that fails must show the digits where the two differ.
2. A diagnosis is only given when the mistake it names reproduces the learner's result.
   checks.py words its failures through the tester (t.require_close, t.mismatch, t.apart)
   and names a mistake only through @checks.mistake: it never writes a value that a check
   computed (the learner's result, or the expected one) itself.
"""

import ast
import re
from pathlib import Path

import pytest

from labkit import grading
from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.verify import quiet, verify_labs
from tests.test_transcripts import SIDE_BY_SIDE, leading_value

PROJECT = Path(__file__).resolve().parent.parent

NUDGE = 3e-5  # relative: far past the checks' tolerance (1e-6), and hidden at show()'s 4 decimals for small numbers

NUDGED = '''

def _nudged(value):
    if type(value) is bool:
        return value
    if isinstance(value, (int, float)):
        return value + {nudge} * max(1.0, abs(value))
    if isinstance(value, (list, tuple)):
        return [_nudged(item) for item in value]
    if isinstance(value, dict):
        return {{key: _nudged(item) for key, item in value.items()}}
    return value


_exact_{name} = {name}


def {name}(*args, **kwargs):
    return _nudged(_exact_{name}(*args, **kwargs))
'''


def near_miss(solution, function):
    """The solution, with `function` giving back its answer nudged by a hair."""
    return solution + NUDGED.format(nudge=NUDGE, name=function)


@pytest.fixture(scope="module")
def verified():
    problems = Problems(PROJECT)
    labs = verify_labs(load_course(PROJECT).labs, problems)
    assert not problems.found, problems.found
    return labs


def numbers_in(value):
    if type(value) in (int, float):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from numbers_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from numbers_in(item)


DECIMAL = re.compile(r"(?<![\w.])-?\d+\.(\d+)")


def shows_a_difference(message, correct):
    """True when the message writes a number with decimals that is no correct number, at the digits it is written to.

    "1.500045" next to an expected 1.5 tells the two apart; "1.5" or "1.0" (for 1) does not.
    """
    for found in DECIMAL.finditer(message):
        written, decimals = float(found.group(0)), len(found.group(1))
        if not any(round(number, decimals) == written for number in correct):
            return True
    return False


def side_by_side_alike(message):
    """The "returned X; expected X" pairs of a message, as the golden transcript test reads them."""
    alike = []
    for line in message.splitlines():
        for found in SIDE_BY_SIDE.finditer(line):
            got, rest = found.group(1, 2) if found.group(1) else found.group(3, 4)
            if (" " not in got or got.startswith("[")) and got == leading_value(rest):
                alike.append(found.group(0))
    return alike


def near_miss_failures(verified):
    """(lab, function, check, message) for each check a near miss fails, in every lab with functions."""
    for lab_id, lab in sorted(verified.items()):
        functions = [name for name in lab.lab.functions if not name[:1].isupper()]  # a class is read by recipes
        for function in functions:
            with quiet():
                result = grading.check(lab.bundle(), near_miss(lab.lab.solution, function), raise_check_errors=True)
            for check in result["checks"]:
                if not check["passed"]:
                    yield lab, function, check["name"], check["message"]


def test_a_near_miss_is_shown_with_the_digits_where_it_differs(verified):
    wrong = []
    failed = 0
    for lab, function, check, message in near_miss_failures(verified):
        failed += 1
        if " raised " in message:  # a nudged whole number used as an index: an error, not a value shown
            continue
        checks = grading.load_checks(lab.lab.checks_source, lab.lab.id)
        correct = [number for answer in lab.expected for number in numbers_in(answer)]
        correct += [number for case in checks.cases for number in numbers_in(case.args)]
        if side_by_side_alike(message) or not shows_a_difference(message, correct):
            wrong.append(f"{lab.lab.id} ({function} nudged) '{check}': {message}")
    assert failed > 100  # the nudge is caught: the checks compare results
    assert not wrong, "\n\n".join(wrong)


def test_shows_a_difference_reads_the_digits_written():
    correct = [1.5, 1, 3.3333333333]
    assert not shows_a_difference("mean([1, 2]) returned 1.5; expected 1.5.", correct)
    assert not shows_a_difference("It adds up to 1.0; the chances must add up to 1.", correct)
    assert not shows_a_difference("returned 3.3333; expected 3.3333.", correct)
    assert shows_a_difference("mean([1, 2]) returned 1.500045; expected 1.5.", correct)
    assert shows_a_difference("returned 3.3334; expected 3.3333.", correct)
    assert side_by_side_alike("f(2) returned [0.6, -0.8]; expected [0.6, -0.8].")
    assert not side_by_side_alike("f(2) returned [0.60003, -0.8]; expected [0.6, -0.8].")


# --- rule 2 by construction: checks.py leaves the learner's values to the tester ---

WRITERS = {"show"}  # labkit's way to write a value; t.apart and t.mismatch use it for a failing one


def written_values(source):
    """(line, text) for each value a checks.py writes itself that is not one of the lab's own inputs.

    A value computed while a check runs (what the learner returned, what was expected)
    is a local name; the lab's own inputs (cases, constants) are module-level names.
    show(VEC) and show(math.log(27)) are inputs; show(got), show(t.expected(case)) and
    show(sum(got)) are not: those go through t.require_close, t.mismatch or t.apart.
    """
    tree = ast.parse(source)
    module_names = {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets if isinstance(target, ast.Name)}
    module_names |= {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    module_names |= {alias.asname or alias.name.split(".")[0] for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in WRITERS:
            names = {n.id for arg in node.args for n in ast.walk(arg) if isinstance(n, ast.Name)}
            if names - module_names:
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_checks_py_writes_a_value_a_check_computed():
    wrong = []
    for lab in load_course(PROJECT).labs:
        wrong += [f"{lab.id}/checks.py:{line}: {text}" for line, text in written_values(lab.checks_source)]
    assert not wrong, "\n".join(wrong)


def test_written_values_tells_inputs_from_results():
    source = "import math\nfrom labkit import show\nVEC = [1]\ncase = 1\n\ndef f(t, got):\n    a = show(VEC) + show(math.log(27))\n    b = show(got) + show(t.expected(case))\n"
    assert [text for _, text in written_values(source)] == ["show(got)", "show(t.expected(case))"]
