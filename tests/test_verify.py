import ast
import json
import shutil
from pathlib import Path

import pytest

from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.numbers import Providers
from site_builder.verify import VerifiedLab, expected_answers, imported_modules, quiet, verify_labs
from site_builder.workers import Workers, cores
from tests.fresh_process import in_a_fresh_process
from tests.test_transcripts import transcript_of

PROJECT = Path(__file__).resolve().parent.parent


def verify(root):
    problems = Problems(root)
    verified = verify_labs(load_course(root).labs, problems)
    return verified, [str(p) for p in problems.found]


def lab_dir(root):
    return root / "labs/01-basics/add"


def test_sound_lab_is_verified_with_the_solution_answers(mini_course):
    verified, found = verify(mini_course)
    assert found == []
    assert verified["01-basics/add"].expected == [5, -3]


def test_solution_that_raises_on_a_case(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return a + c\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py:2: the solution cannot answer the cases: "
        "add(2, 3) raised NameError on line 2: name 'c' is not defined"
    ]


def test_solution_that_raises_at_the_top_level(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("import math\nmath.sqrt(-1)\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/solution.py:2: the solution raised ValueError: math domain error"]


def test_solution_failing_a_property_check(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return -4 if a == -4 else a + b\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py: the solution fails its checks (1 of 2 checks failed. "
        "Adds negative numbers: add(-4, 1) returned -4: that is a product. Add with +, not *.)"
    ]


def test_starter_that_passes(mini_course):
    (lab_dir(mini_course) / "starter.py").write_text("def add(a, b):\n    return a + b\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/starter.py: the starter code already passes every check: it should leave work to do"]


def test_wrong_answer_that_passes(mini_course):
    (lab_dir(mini_course) / "wrong/multiplies.py").write_text("# expect: Add with +\ndef add(a, b):\n    return b + a\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/wrong/multiplies.py:1: this wrong answer passes every check: add a check that catches it"]


def test_wrong_answer_caught_with_the_wrong_message(mini_course):
    (lab_dir(mini_course) / "wrong/multiplies.py").write_text("# expect: Did you subtract?\ndef add(a, b):\n    return a * b\n")
    _, found = verify(mini_course)
    assert len(found) == 1
    assert found[0].startswith("labs/01-basics/add/wrong/multiplies.py:1: this wrong answer fails, but no message contains 'Did you subtract?'; it got: add(2, 3) returned 6")


def test_syntax_error_in_checks(mini_course):
    path = lab_dir(mini_course) / "checks.py"
    path.write_text(path.read_text().replace("def adds_small(t):", "def adds_small(t)"))
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/checks.py:9: syntax error: expected ':'"]


def test_check_that_raises(mini_course):
    path = lab_dir(mini_course) / "checks.py"
    path.write_text(path.read_text().replace('t.require_close(small, "Use the + operator.")', "t.expected(small)[0]"))
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/checks.py:10: a check raised TypeError: 'int' object is not subscriptable"]


def test_wrong_answers_may_hold_a_syntax_error_or_a_missing_module_on_purpose(mini_course):
    """They are mistakes learners make; the browser answers both with advice."""
    wrong = lab_dir(mini_course) / "wrong"
    (wrong / "no_colon.py").write_text("# expect: SyntaxError on line 2\ndef add(a, b)\n    return a + b\n")
    (wrong / "numpy.py").write_text("# expect: nothing_here is not available here\nimport nothing_here\n")
    _, found = verify(mini_course)
    assert found == []


def test_a_lab_that_never_ends_is_stopped_where_it_loops(mini_course):
    folder = lab_dir(mini_course)
    (folder / "lab.toml").write_text((folder / "lab.toml").read_text() + "time_limit = 1\n")
    (folder / "starter.py").write_text("def add(a, b):\n    return 0\n\n\nwhile True:\n    pass\n")
    _, found = verify(mini_course)
    assert len(found) == 1
    assert found[0] in [f"labs/01-basics/add/starter.py:{line}: ran for more than 1 second (the lab's time_limit): is there a loop that never ends?" for line in (5, 6)]


# --- the solution's answers, checked against the lesson and the model ----------------------


def test_a_solution_that_disagrees_with_the_lesson_is_blamed_with_both_values(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return (a + b) * 1.001\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py:1: the solution disagrees with the lesson: add(2, 3) returns 5.005, "
        "but the lesson shows 5 (demo:sums's total, the worked example at lab.toml:4)"
    ]


def test_values_are_shown_with_the_digits_that_tell_them_apart(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return a + b + 1e-7\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py:1: the solution disagrees with the lesson: add(2, 3) returns 5.0000001, "
        "but the lesson shows 5 (demo:sums's total, the worked example at lab.toml:4)"
    ]


@pytest.fixture(scope="module")
def golden():
    return json.loads((Path(__file__).parent / "golden" / "transcripts.json").read_text())


@pytest.fixture
def real_course(tmp_path):
    """A private copy of the real course's content, safe to break."""
    root = tmp_path / "course-root"
    for folder in ("course", "lessons", "labs", "pages"):
        shutil.copytree(PROJECT / folder, root / folder)
    return root


def break_solution(root, lab_id, old, new):
    path = root / "labs" / lab_id / "solution.py"
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new))
    return load_course(root).labs.get(lab_id)


def statuses(transcript):
    return {program: result["status"] for program, result in transcript.items()}


SUBTLY_WRONG = {
    "scaled by 1.001": (
        "08-attention/scaled-dot-product",
        "output.append(sum(weight * value[i]",
        "output.append(1.001 * sum(weight * value[i]",
        "attend([1, 0], [[2, 0], [0, 2], [1, 1]], [[10, 0], [0, 10], [5, 5]]) returns [7.1869, 2.8231], but the lesson shows [7.1797, 2.8203]",
    ),
    "1e-4 where microgpt adds 1e-5": (
        "08-attention/rmsnorm-residuals",
        "(mean_square + 1e-5)",
        "(mean_square + 1e-4)",
        "rmsnorm([8, -4, 4, 2]) returns [1.599997, -0.799998, 0.799998, 0.399999], but the lesson shows [1.6, -0.8, 0.8, 0.4]",
    ),
}


@pytest.mark.parametrize("mistake", list(SUBTLY_WRONG))
def test_a_subtly_wrong_solution_is_refused_though_every_verdict_stays_the_same(real_course, golden, mistake):
    lab_id, old, new, says = SUBTLY_WRONG[mistake]
    lab = break_solution(real_course, lab_id, old, new)
    # Graded by its own answers, the wrong solution still passes, the starter fails and every
    # wrong answer is caught: nothing but a source besides the solution can tell.
    answers = expected_answers(lab, Problems(real_course))
    with quiet():
        assert statuses(transcript_of(VerifiedLab(lab, answers))) == statuses(golden[lab_id])
    problems = Problems(real_course)
    assert verify_labs([lab], problems) == {}
    found = [str(problem) for problem in problems.found]
    assert found and all(line.startswith(f"labs/{lab_id}/solution.py:") for line in found), found
    assert any(says in line for line in found), found
    assert any("disagrees with the real model: " in line for line in found), found


def test_a_wrong_solution_is_blamed_on_the_solution_not_on_the_wrong_answer_it_matches(real_course):
    """Without √d the solution is the wrong answer no_sqrt_scaling.py; that wrong answer then passes."""
    lab = break_solution(real_course, "08-attention/scaled-dot-product", "root_d = math.sqrt(len(q))", "root_d = 1")
    problems = Problems(real_course)
    verify_labs([lab], problems)
    found = [str(problem) for problem in problems.found]
    assert len(found) == 2 and all(line.startswith("labs/08-attention/scaled-dot-product/solution.py:4: the solution disagrees with the ") for line in found), found


def test_the_model_alone_catches_a_wrong_solution(real_course):
    toml = real_course / "labs/08-attention/scaled-dot-product/lab.toml"
    toml.write_text(toml.read_text().split("\n# The lesson works")[0] + "\n")
    lab = break_solution(real_course, "08-attention/scaled-dot-product", "output.append(sum(weight * value[i]", "output.append(1.001 * sum(weight * value[i]")
    assert lab.worked_examples == ()
    problems = Problems(real_course)
    verify_labs([lab], problems)
    assert [str(problem) for problem in problems.found] == [
        "labs/08-attention/scaled-dot-product/solution.py:4: the solution disagrees with the real model: "
        "attend([1, 0], [[2, 0], [0, 2], [1, 1]], [[10, 0], [0, 10], [5, 5]]) returns [7.1869, 2.8231], "
        "but the model's own attend gives [7.1797, 2.8203] (the two differ on 7 more of the 8 cases it takes)"
    ]


def test_a_list_of_lists_says_where_it_first_differs(real_course):
    lab = break_solution(real_course, "08-attention/causal-masking", "outputs.append(attend(", "outputs.append([1.001 * n for n in attend(")
    lab = break_solution(real_course, "08-attention/causal-masking", "seen_keys, seen_values))", "seen_keys, seen_values)])")
    problems = Problems(real_course)
    verify_labs([lab], problems)
    [found] = [str(problem) for problem in problems.found]
    assert found.startswith("labs/08-attention/causal-masking/solution.py:16: the solution disagrees with the lesson: causal_attention(")
    assert found.endswith("(causal:walkthrough's masked_outputs, the worked example at lab.toml:11); they first differ at [0][0]: 4.004 against 4")


def test_every_lab_agrees_with_every_source_it_declares():
    problems = Problems(PROJECT)
    labs = load_course(PROJECT).labs
    assert len(verify_labs(labs, problems)) == len(labs) and problems.found == []
    assert all(lab.worked_examples or lab.model_hook for lab in labs)
    assert all(lab.worked_examples for lab in labs if lab.module_dir == "08-attention")


def test_a_remembered_verdict_does_not_outlive_a_change_to_the_lessons_numbers(mini_course, tmp_path):
    from site_builder.memo import Memo

    assert verify_labs(load_course(mini_course).labs, Problems(mini_course), Memo(disk=tmp_path / "memo"))
    demo = mini_course / "course/numbers/demo.py"
    demo.write_text(demo.read_text().replace("a, b = 2, 3", "a, b = 4, 3"))
    problems = Problems(mini_course)
    assert verify_labs(load_course(mini_course).labs, problems, Memo(disk=tmp_path / "memo")) == {}
    assert [str(problem) for problem in problems.found] == [
        "labs/01-basics/add/solution.py:1: the solution disagrees with the lesson: add(2, 3) returns 5, "
        "but the lesson shows 7 (demo:sums's total, the worked example at lab.toml:4)"
    ]


# --- verified in worker processes, and remembered ----------------------------------------------


def broken_twice(root):
    """The mini course with two labs, each broken in ways verification reports at a file and line."""
    shutil.copytree(lab_dir(root), root / "labs/01-basics/add-again")
    lesson = root / "lessons/01-basics/adding.md"
    lesson.write_text(lesson.read_text().replace('labs = ["add"]', 'labs = ["add", "add-again"]'))
    (lab_dir(root) / "starter.py").write_text("def add(a, b):\n    return a + b\n")
    (lab_dir(root) / "wrong/multiplies.py").write_text("# expect: Did you subtract?\ndef add(a, b):\n    return a * b\n")
    again = root / "labs/01-basics/add-again"
    (again / "solution.py").write_text("def add(a, b):\n    return (a + b) * 1.001\n")
    demo = root / "course/numbers/demo.py"
    demo.write_text(demo.read_text() + "\n\ndef broken():\n    return {'total': 1 / 0}\n")
    toml = again / "lab.toml"
    toml.write_text(toml.read_text().replace('key = "total" }]', 'key = "total" }, { case = "negative", numbers = "demo:broken", key = "total" }]'))


def verified_both_ways(root):
    """(workers parallel?, what verifying alone said, what verifying in workers said, the same labs verified?)."""
    labs = load_course(root).labs
    serial = Problems(root)
    serial_verified = verify_labs(labs, serial)
    parallel = Problems(root)
    with Workers(2) as workers:
        forked = workers.parallel
        parallel_verified = verify_labs(labs, parallel, providers=Providers(root), workers=workers)
    return forked, sorted(set(map(str, serial.found))), sorted(set(map(str, parallel.found))), parallel_verified.keys() == serial_verified.keys()


@pytest.mark.skipif(cores() < 2, reason="workers are forked only on a machine of two cores or more")
def test_labs_verified_in_workers_report_what_a_build_without_them_reports(mini_course):
    broken_twice(mini_course)
    forked, said, said_in_workers, same_labs = in_a_fresh_process(verified_both_ways, mini_course)
    assert forked
    assert said == said_in_workers
    assert same_labs
    # Every lab is broken, and each says so at its own file and line, the provider at its own.
    assert any(line.startswith("labs/01-basics/add/starter.py: the starter code already passes") for line in said), said
    assert any(line.startswith("labs/01-basics/add/wrong/multiplies.py:1: ") for line in said), said
    assert any(line.startswith("labs/01-basics/add-again/solution.py:1: the solution disagrees with the lesson") for line in said), said
    assert any(line.startswith("course/numbers/demo.py:7: ") and "ZeroDivisionError" in line for line in said), said


@pytest.fixture
def counted_runs(monkeypatch):
    """The ids of the labs verification runs (not those it remembers)."""
    from site_builder import verify as verify_module

    runs, real = [], verify_module.verify_lab
    monkeypatch.setattr(verify_module, "verify_lab", lambda lab, *rest: runs.append(lab.id) or real(lab, *rest))
    return runs


@pytest.mark.parametrize("edit", ["checks", "solution", "wrong answer", "labkit"])
def test_a_remembered_verdict_is_dropped_when_what_it_read_changes(mini_course, tmp_path, counted_runs, monkeypatch, edit):
    from site_builder import verify as verify_module
    from site_builder.memo import Memo

    def verified():
        return verify_labs(load_course(mini_course).labs, Problems(mini_course), Memo(disk=tmp_path / "memo"))

    assert verified() and counted_runs == ["01-basics/add"]
    assert verified() and counted_runs == ["01-basics/add"]  # remembered: not run again
    folder = lab_dir(mini_course)
    if edit == "checks":
        checks = folder / "checks.py"
        checks.write_text(checks.read_text().replace("Use the + operator.", "Use +."))
    elif edit == "solution":
        (folder / "solution.py").write_text((folder / "solution.py").read_text() + "\n# tidied\n")
    elif edit == "wrong answer":
        (folder / "wrong/adds_one.py").write_text("# expect: Use the + operator\ndef add(a, b):\n    return a + b + 1\n")
    else:
        real = verify_module.labkit_source
        monkeypatch.setattr(verify_module, "labkit_source", lambda: real() + "\n# the checker changed\n")
    assert verified() and counted_runs == ["01-basics/add", "01-basics/add"]


def test_a_labs_kept_text_is_its_own_and_follows_an_edit(mini_course):
    from site_builder.memo import digest
    from site_builder.verify import portable, portable_digest

    lab = next(iter(load_course(mini_course).labs))
    kept = portable_digest(lab, mini_course)
    assert kept == digest([repr(portable(lab, mini_course))]) and "A new hint." not in repr(portable(lab, mini_course))
    assert portable_digest(lab, mini_course) is kept  # worked out once
    (lab.src_dir / "hints.md").write_text("A new hint.\n")
    edited = next(iter(load_course(mini_course).labs))
    assert edited is not lab and "A new hint." in repr(portable(edited, mini_course))
    assert portable_digest(edited, mini_course) == digest([repr(portable(edited, mini_course))]) != kept
    assert portable_digest(lab, mini_course) is kept


NESTED_IMPORTS = '''
import os, os.path as p
from . import sibling
from ..up import thing
def f():
    import json
    class Inner:
        from collections import deque
    async def g():
        async with ctx():
            import asyncio
        async for x in y:
            pass
        else:
            import array
if a:
    import bisect
elif b:
    import cmath
else:
    import csv
try:
    import decimal
except ImportError:
    import enum
else:
    import fnmatch
finally:
    import glob
for i in x:
    import heapq
else:
    import hmac
while False:
    import html
else:
    import inspect
with open(x) as f:
    import io
match point:
    case (0, 0):
        import itertools
    case _:
        from math import pi
lambda: __import__("random")
x = [__import__("re") for _ in y]
'''


def test_every_import_is_found_however_deep_in_its_blocks():
    """As many as every node of the tree holds: an import is a statement, inside statements' blocks alone."""
    tree = ast.parse(NESTED_IMPORTS)
    tree_star = ast.parse("try:\n    pass\nexcept* ValueError:\n    import keyword\n")
    everywhere = [
        ("." * node.level + (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name, node.lineno)
        for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in (node.names if isinstance(node, ast.Import) else [None])
    ]
    found = list(imported_modules(tree))
    assert sorted(found) == sorted(everywhere)
    assert {module for module, _ in found} >= {"os", "os.path", ".", "..up", "json", "collections", "asyncio", "array", "bisect", "cmath", "csv", "decimal", "enum", "fnmatch", "glob", "heapq", "hmac", "html", "inspect", "io", "itertools", "math"}
    assert list(imported_modules(tree_star)) == [("keyword", 4)]
    assert list(imported_modules(ast.parse("x = 1\n"))) == []


def test_a_remembered_verdict_of_a_lab_checked_against_the_model_is_dropped_when_the_models_code_changes(tmp_path, counted_runs, monkeypatch):
    from site_builder import cross_check
    from site_builder.memo import Memo

    project = PROJECT
    labs = [lab for lab in load_course(project).labs if lab.id in ("04-maths/dot-product", "01-python/lists-and-slices")]
    assert [bool(lab.model_hook) for lab in labs] == [False, True]

    def verified():
        return verify_labs(labs, Problems(project), Memo(disk=tmp_path / "memo"), Providers(project)).keys() == {lab.id for lab in labs}

    assert verified() and sorted(counted_runs) == ["01-python/lists-and-slices", "04-maths/dot-product"]
    assert verified() and len(counted_runs) == 2  # remembered
    real = cross_check.model_source_text
    monkeypatch.setattr(cross_check, "model_source_text", lambda: real() + "\n# the model changed\n")
    assert verified() and counted_runs[2:] == ["04-maths/dot-product"]  # only the lab the model's code checks
