"""Every lab's solution passes and its starter fails inside real Pyodide, with the built wheel."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.memo import PROCESS_MEMO
from site_builder.verify import verify_labs
from tests.cpython_grading import graded

PROJECT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).parent / "runtime" / "grade_in_pyodide.mjs"

pytestmark = pytest.mark.pyodide


def grade_in_pyodide(built_site, requests):
    node = shutil.which("node")
    assert node, "Node.js is needed for the Pyodide runtime tests"
    completed = subprocess.run(
        [node, str(SCRIPT), str(built_site / "pyodide")],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def wrong_answer_requests(labs):
    return [{"action": "check", "lab": lab.id, "code": wrong.code} for lab in labs for wrong in lab.wrong_answers]


@pytest.fixture(scope="module")
def pyodide_results(built_site):
    labs = list(load_course(PROJECT).labs)
    requests = []
    for lab in labs:
        requests.append({"action": "check", "lab": lab.id, "code": lab.solution})
        requests.append({"action": "check", "lab": lab.id, "code": lab.starter})
    requests.extend(wrong_answer_requests(labs))
    requests.append({"action": "run", "lab": "", "code": "print('hello from', 'Pyodide')\n"})
    requests.append({"action": "run", "lab": "", "code": "def f(:\n    pass\n"})
    answer = grade_in_pyodide(built_site, requests)
    return labs, answer


def test_runs_under_pyodides_python(pyodide_results):
    _, answer = pyodide_results
    assert answer["python"].startswith("3.14")


def test_every_solution_passes_and_every_starter_fails_in_pyodide(pyodide_results):
    labs, answer = pyodide_results
    results = answer["results"]
    for index, lab in enumerate(labs):
        solution, starter = results[2 * index], results[2 * index + 1]
        assert solution["status"] == "passed", (lab.id, solution)
        assert solution["summary"].startswith("All checks passed")
        assert starter["status"] in ("failed", "error"), (lab.id, starter)


# Python's own error texts that changed between CPython 3.12 and Pyodide's 3.14 (as patterns,
# since 3.14 puts the bad value in its text); ours must not differ.
INTERPRETER_WORDING = {
    r"float division by zero": "division by zero",
    r"expected a positive input(, got [^\\\n\"]*)?": "math domain error",
}


def same_wording(result):
    text = json.dumps(result, sort_keys=True)
    for pattern, common in INTERPRETER_WORDING.items():
        text = re.sub(pattern, common, text)
    return json.loads(text)


def test_wrong_answers_get_the_same_verdict_as_under_cpython(pyodide_results):
    """The browser and `course check` must say the same thing, word for word."""
    labs, answer = pyodide_results
    requests = wrong_answer_requests(labs)
    in_pyodide = answer["results"][2 * len(labs) : 2 * len(labs) + len(requests)]
    verified = verify_labs(labs, Problems(PROJECT), memo=PROCESS_MEMO)
    for request, browser_result in zip(requests, in_pyodide):
        cpython_result = graded(verified[request["lab"]].bundle(), request["code"])
        browser_result = {key: browser_result.get(key) for key in cpython_result}  # JSON drops None
        assert same_wording(browser_result) == same_wording(cpython_result)
        assert browser_result["status"] == "failed"


def test_run_streams_output_and_reports_syntax_errors(pyodide_results):
    _, answer = pyodide_results
    hello, broken = answer["results"][-2:]
    assert hello["status"] == "ok" and hello["output"] == "hello from Pyodide"
    assert broken["status"] == "error" and broken["error"]["line"] == 1


# --- the real model inside Pyodide (labkit.realmodel) --------------------------------

LINEAR_LAB = "04-maths/linear-layer"
DOT_LAB = "04-maths/dot-product"
BLEND_LAB = "04-maths/weighted-average"
ATTEND_LAB = "08-attention/scaled-dot-product"


@pytest.fixture(scope="module")
def real_model_results(built_site):
    attend = (PROJECT / "labs" / ATTEND_LAB / "solution.py").read_text(encoding="utf-8")
    linear = (PROJECT / "labs" / LINEAR_LAB / "solution.py").read_text(encoding="utf-8")
    requests = [
        {"action": "attention", "name": "emma"},
        {"action": "attention", "name": "x1"},
        {"action": "compare", "lab": ATTEND_LAB, "code": attend, "name": "emma"},
        {"action": "compare", "lab": LINEAR_LAB, "code": linear, "name": "emma"},
        *({"action": "compare", "lab": lab, "code": (PROJECT / "labs" / lab / "solution.py").read_text(encoding="utf-8"), "name": "emma"}
          for lab in (DOT_LAB, BLEND_LAB)),
    ]
    return grade_in_pyodide(built_site, requests)["results"]


def test_attention_in_pyodide_equals_cpythons(real_model_results):
    from labkit import realmodel

    emma, bad_name = real_model_results[:2]
    cpython = realmodel.attention("emma", PROJECT / "course" / "checkpoint.json")
    assert emma["status"] == "ok", emma
    assert emma["maps"] == cpython["maps"]
    assert bad_name["status"] == "error" and "a to z" in bad_name["summary"]


def test_compare_finds_the_attend_solution_matches_in_pyodide(real_model_results):
    compared = real_model_results[2]
    assert compared["status"] == "ok", compared
    assert compared["hook"] == "attend" and compared["match"] is True
    assert compared["max_difference"] <= 1e-9
    assert all(head.get("scores") is None for head in compared["learner"]["heads"])


def test_compare_runs_a_learners_linear_as_every_layer_in_pyodide(real_model_results):
    from labkit import realmodel

    compared = real_model_results[3]
    assert compared["status"] == "ok", compared
    assert compared["hook"] == "linear" and compared["match"] is True
    code = (PROJECT / "labs" / LINEAR_LAB / "solution.py").read_text(encoding="utf-8")
    cpython = realmodel.compare(LINEAR_LAB, code, "emma", PROJECT / "course" / "checkpoint.json", hook="linear")
    assert compared["summary"] == cpython["summary"] and compared["next_letters"] == cpython["next_letters"]


@pytest.mark.parametrize("index, lab, hook", [(4, DOT_LAB, "dot"), (5, BLEND_LAB, "weighted_average")])
def test_compare_runs_the_maths_labs_functions_in_the_model_in_pyodide(real_model_results, index, lab, hook):
    from labkit import realmodel

    compared = real_model_results[index]
    assert compared["status"] == "ok", compared
    assert compared["hook"] == hook and compared["match"] is True  # the bundled lab's own model_hook
    code = (PROJECT / "labs" / lab / "solution.py").read_text(encoding="utf-8")
    cpython = realmodel.compare(lab, code, "emma", PROJECT / "course" / "checkpoint.json", hook=hook)
    assert compared["summary"] == cpython["summary"] and compared["next_letters"] == cpython["next_letters"]


# --- the guard inside Pyodide's Python (labkit/guard.py) -------------------------------

# Each makes every expected answer the checker holds 6 (through its frames), or patches the
# checker from code Python would call back later, then answers 6 for every dot product.
GUARD_ATTACKS = {
    "frames": "import sys\n\ndef dot(a, b):\n    frame = sys._getframe(1)\n    while frame is not None:\n        for value in list(frame.f_locals.values()):\n            expected = getattr(value, 'expected', None)\n            if isinstance(expected, list):\n                expected[:] = [6] * len(expected)\n        frame = frame.f_back\n    return 6\n",
    "trace": "import sys\n\ndef trace(frame, event, arg):\n    import labkit.checks\n    for name in list(vars(labkit.checks.Tester)):\n        if name.startswith('require'):\n            setattr(labkit.checks.Tester, name, lambda *a, **k: None)\n\nsys.settrace(trace)\n\ndef dot(a, b):\n    return 6\n",
    "audit hook": "import sys\n\ndef heard(event, args):\n    import labkit.checks\n    for name in list(vars(labkit.checks.Tester)):\n        if name.startswith('require'):\n            setattr(labkit.checks.Tester, name, lambda *a, **k: None)\n\nsys.addaudithook(heard)\n\ndef dot(a, b):\n    return 6\n",
}


def test_the_guard_holds_in_pyodide(built_site):
    solution = (PROJECT / "labs" / DOT_LAB / "solution.py").read_text(encoding="utf-8")
    honest_six = "def dot(a, b):\n    return 6\n"
    # One Python grades them all, in this order, as a learner trying each in turn would.
    codes = [honest_six, *GUARD_ATTACKS.values(), solution]
    results = grade_in_pyodide(built_site, [{"action": "check", "lab": DOT_LAB, "code": code} for code in codes])["results"]
    honest, *attacks, right = results
    passed = sum(check["passed"] for check in honest["checks"])
    assert honest["status"] == "failed" and passed < len(honest["checks"])
    for name, result in zip(GUARD_ATTACKS, attacks):
        # No better than the same wrong answer without the cheat.
        assert result["status"] != "passed" and sum(check["passed"] for check in result["checks"]) <= passed, (name, result)
    assert right["status"] == "passed", right
