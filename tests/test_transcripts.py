"""Golden transcript: every lab's solution, starter and wrong answers through the real checker.

Regenerate on purpose with `pytest tests/test_transcripts.py --regen-golden`, then read the diff.
"""

import json
from pathlib import Path

import pytest

from labkit import grading
from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.verify import quiet, verify_labs

PROJECT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "transcripts.json"


def transcript_of(verified):
    lab = verified.lab
    programs = {"solution": lab.solution, "starter": lab.starter}
    programs.update({f"wrong/{w.name}": w.code for w in lab.wrong_answers})
    transcript = {}
    for name, code in programs.items():
        with quiet():
            result = grading.check(verified.bundle(), code, raise_check_errors=True)
        transcript[name] = {
            "status": result["status"],
            "summary": result["summary"],
            "failures": {c["name"]: c["message"] for c in result["checks"] if not c["passed"]},
        }
    return transcript


@pytest.fixture(scope="module")
def transcripts():
    problems = Problems(PROJECT)
    verified = verify_labs(load_course(PROJECT).labs, problems)
    assert not problems.found, problems.found
    return {lab_id: transcript_of(v) for lab_id, v in sorted(verified.items())}


def test_golden_transcript(transcripts, request, capsys):
    if request.config.getoption("--regen-golden"):
        before = json.loads(GOLDEN.read_text()) if GOLDEN.is_file() else {}
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(transcripts, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
        with capsys.disabled():  # said even under pytest's capture: this is what the author must review
            print("\n" + "\n".join(["Rewrote tests/golden/transcripts.json.", *what_changed(before, transcripts)]))
    assert transcripts == json.loads(GOLDEN.read_text())


def what_changed(before, after):
    """Lines saying, lab by lab, which programs' status, summary or failures changed."""
    lines = []
    for lab_id in sorted(set(before) | set(after)):
        if lab_id not in before or lab_id not in after:
            lines.append(f"{lab_id}: {'new lab' if lab_id not in before else 'lab removed'}")
            continue
        changed = program_changes(before[lab_id], after[lab_id])
        if changed:
            lines.extend([f"{lab_id}:", *(f"  {line}" for line in changed)])
    return lines or ["Nothing changed."]


def program_changes(before, after):
    lines = []
    for program in sorted(set(before) | set(after)):
        old, new = before.get(program), after.get(program)
        if old == new:
            continue
        if old is None or new is None:
            lines.append(f"{program}: {'new program' if old is None else 'program removed'}")
            continue
        said = [f"{field} {old[field]!r} -> {new[field]!r}" for field in ("status", "summary") if old[field] != new[field]]
        said += failure_changes(old["failures"], new["failures"])
        lines.append(f"{program}: {'; '.join(said)}")
    return lines


def failure_changes(old, new):
    """"'Check' now fails", "'Check' now passes", "'Check' says something else" for each check that changed."""
    said = []
    for name in sorted(set(old) | set(new)):
        if name not in old:
            said.append(f"{name!r} now fails")
        elif name not in new:
            said.append(f"{name!r} now passes")
        elif old[name] != new[name]:
            said.append(f"{name!r} says something else")
    return said


def test_what_changed_names_each_program_and_what_changed_in_it():
    ok = {"status": "passed", "summary": "All checks passed (2 of 2).", "failures": {}}
    one = {"status": "failed", "summary": "1 of 2 checks failed.", "failures": {"Adds": "add(2, 3) returned 6."}}
    before = {"m/add": {"solution": ok, "wrong/multiplies": one}, "m/old": {"solution": ok}}
    after = {
        "m/add": {"solution": one, "wrong/multiplies": {**one, "failures": {"Adds": "add(2, 3) returned 7."}}},
        "m/new": {"solution": ok},
    }
    assert what_changed(before, after) == [
        "m/add:",
        "  solution: status 'passed' -> 'failed'; summary 'All checks passed (2 of 2).' -> '1 of 2 checks failed.'; 'Adds' now fails",
        "  wrong/multiplies: 'Adds' says something else",
        "m/new: new lab",
        "m/old: lab removed",
    ]
    assert what_changed(after, after) == ["Nothing changed."]


def test_every_solution_passes_and_every_starter_fails(transcripts):
    for lab_id, transcript in transcripts.items():
        assert transcript["solution"]["status"] == "passed", lab_id
        assert transcript["starter"]["status"] != "passed", lab_id


def test_every_wrong_answer_fails_with_its_own_message(transcripts):
    course = load_course(PROJECT)
    for lab in course.labs:
        for wrong in lab.wrong_answers:
            failures = transcripts[lab.id][f"wrong/{wrong.name}"]["failures"]
            assert any(wrong.expect in message for message in failures.values()), (lab.id, wrong.name)
        expects = [wrong.expect for wrong in lab.wrong_answers]
        assert len(set(expects)) == len(expects), f"{lab.id}: two wrong answers expect the same message"


def test_each_lab_has_five_checks_and_three_wrong_answers():
    for lab in load_course(PROJECT).labs:
        checks = grading.load_checks(lab.checks_source, lab.id)
        assert len(checks.checks) >= 5, lab.id
        assert len(lab.wrong_answers) >= 3, lab.id
