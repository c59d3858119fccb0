"""Every lab's solution passes and its starter fails inside real Pyodide, with the built wheel."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_builder.loader import load_course

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


@pytest.fixture(scope="module")
def pyodide_results(built_site):
    labs = list(load_course(PROJECT).labs)
    requests = []
    for lab in labs:
        requests.append({"action": "check", "lab": lab.id, "code": lab.solution})
        requests.append({"action": "check", "lab": lab.id, "code": lab.starter})
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


def test_run_streams_output_and_reports_syntax_errors(pyodide_results):
    _, answer = pyodide_results
    hello, broken = answer["results"][-2:]
    assert hello["status"] == "ok" and hello["output"] == "hello from Pyodide"
    assert broken["status"] == "error" and broken["error"]["line"] == 1
