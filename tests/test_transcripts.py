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
            result = grading.check(verified.bundle(), code)
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


def test_golden_transcript(transcripts, request):
    if request.config.getoption("--regen-golden"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(transcripts, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    assert transcripts == json.loads(GOLDEN.read_text())


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
