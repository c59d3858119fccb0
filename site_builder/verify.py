"""Prove each lab sound: the solution passes, the starter fails, each mistake is caught."""

import contextlib
import io
import re
from dataclasses import dataclass

from labkit import CheckFailed, grading
from labkit.learner import LearnerError, run_code
from site_builder.memo import labkit_source


@dataclass(frozen=True)
class VerifiedLab:
    lab: object
    expected: list  # the solution's answer for every case, in order

    def bundle(self):
        return grading.LabBundle(self.lab.id, self.lab.checks_source, self.expected, list(self.lab.functions))


def verify_labs(labs, problems, memo=None):
    """Every lab that is sound, verified; the rest become problems.

    With a memo, a sound lab whose files and checker are unchanged is not run again.
    """
    verified = {}
    checker = labkit_source() if memo else ""
    for lab in labs:
        if memo:
            inputs = [checker, repr(lab)]  # every field of the lab, from its title to its wrong answers
            expected = memo.get("sound-lab-answers", inputs, lambda: answers_if_sound(lab, problems), keep=lambda found: found is not None, persist=True)
            result = VerifiedLab(lab, expected) if expected is not None else None
        else:
            result = verify_lab(lab, problems)
        if result:
            verified[lab.id] = result
    return verified


def answers_if_sound(lab, problems):
    verified = verify_lab(lab, problems)
    return verified.expected if verified else None


def expected_answers(lab, problems):
    """Run the solution on every case. None (with a problem recorded) when that fails."""
    try:
        checks = grading.load_checks(lab.checks_source, lab.id)
    except SyntaxError as error:
        problems.add(lab.src_dir / "checks.py", f"syntax error: {error.msg}", error.lineno)
        return None
    except Exception as error:
        problems.add(lab.src_dir / "checks.py", f"loading the checks raised {type(error).__name__}: {error}")
        return None
    try:
        with quiet():
            namespace = run_code(lab.solution, "learner")
            return checks.answers(namespace, lab.solution)
    except LearnerError as failure:
        details = failure.details
        problems.add(lab.src_dir / "solution.py", f"the solution raised {details['type']}: {details['message']}", details["line"])
    except CheckFailed as failure:
        first = str(failure).splitlines()[0]
        line = re.search(r" on line (\d+):", first)
        problems.add(lab.src_dir / "solution.py", f"the solution cannot answer the cases: {first}", int(line.group(1)) if line else None)
    except Exception as error:
        problems.add(lab.src_dir / "solution.py", f"running the solution on the cases failed: {error}")
    return None


def verify_lab(lab, problems):
    expected = expected_answers(lab, problems)
    if expected is None:
        return None
    verified = VerifiedLab(lab, expected)
    bundle = verified.bundle()
    sound = True
    solution = grade(bundle, lab.solution, lab.src_dir / "checks.py", problems)
    if solution is None:
        return None
    if solution["status"] != "passed":
        failing = "; ".join(f"{c['name']}: {c['message']}" for c in solution["checks"] if not c["passed"])
        problems.add(lab.src_dir / "solution.py", f"the solution fails its checks ({solution['summary']} {failing})".strip())
        sound = False
    starter = grade(bundle, lab.starter, lab.src_dir / "checks.py", problems)
    if starter and starter["status"] == "passed":
        problems.add(lab.src_dir / "starter.py", "the starter code already passes every check: it should leave work to do")
        sound = False
    for wrong in lab.wrong_answers:
        outcome = grade(bundle, wrong.code, lab.src_dir / "checks.py", problems)
        if outcome and not caught(outcome, wrong.expect):
            problems.add(wrong.src_path, missed_message(outcome, wrong.expect), 1)
            sound = False
    return verified if sound else None


def grade(bundle, code, checks_path, problems):
    """Grade with check crashes raised, so a broken check is the author's error, not a fail."""
    grading.RAISE_CHECK_ERRORS = True
    try:
        with quiet():
            return grading.check(bundle, code)
    except Exception as error:
        line = next((f.lineno for f in _traceback(error) if f.filename.startswith("<checks for")), None)
        problems.add(checks_path, f"a check raised {type(error).__name__}: {error}", line)
        return None
    finally:
        grading.RAISE_CHECK_ERRORS = False


def caught(outcome, expect):
    if outcome["status"] == "passed":
        return False
    texts = [c["message"] for c in outcome["checks"] if not c["passed"]]
    if outcome["error"]:
        texts.append(outcome["error"]["text"])
    return any(expect in text for text in texts)


def missed_message(outcome, expect):
    if outcome["status"] == "passed":
        return "this wrong answer passes every check: add a check that catches it"
    got = " | ".join(c["message"] for c in outcome["checks"] if not c["passed"]) or outcome["summary"]
    return f"this wrong answer fails, but no message contains {expect!r}; it got: {got}"


def _traceback(error):
    import traceback

    return traceback.extract_tb(error.__traceback__)


@contextlib.contextmanager
def quiet():
    """The solutions' demo prints are for learners, not for the build log."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield
