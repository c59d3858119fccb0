"""Grading: run the learner's code, then every check, and describe the verdict."""

import functools
from dataclasses import dataclass

from labkit.checks import Checks, CheckFailed, Tester
from labkit.learner import LearnerError, error_message, exception_details, learner_frames, run_code, run_code_partly
from labkit.protocol import checks_filename


@dataclass(frozen=True)
class LabBundle:
    """Everything needed to grade one lab: its checks' source and the expected answers."""

    id: str
    checks_source: str
    expected: list
    functions: list


def checks_namespace(checks_source, lab_id):
    """The names a lab's checks.py defines (its `checks`, and its cases by the names the author gave them)."""
    namespace = {"__name__": f"labkit_checks_{lab_id.replace('/', '_').replace('-', '_')}"}
    exec(_compiled(checks_source, checks_filename(lab_id)), namespace)
    if not isinstance(namespace.get("checks"), Checks):
        raise ValueError(f"The checks for {lab_id} do not define `checks = Checks()`.")
    return namespace


@functools.lru_cache(maxsize=64)
def _compiled(source, filename):
    """The checks' code, compiled once per process: the build grades every lab's programs with
    the same checks. Kept inside the cache's wrapper, where no code can put another in its place."""
    return compile(source, filename, "exec")


def load_checks(checks_source, lab_id):
    return checks_namespace(checks_source, lab_id)["checks"]


def result(action, status, summary, checks=(), error=None, notes=()):
    """The verdict. `notes`: sentences for the page to show under the summary (what the checks did not show)."""
    return {"action": action, "status": status, "summary": summary, "checks": list(checks), "error": error, "notes": list(notes)}


def run(code):
    """The Run button: execute the code as a script and report how it ended."""
    try:
        run_code(code, "__main__")
    except LearnerError as failure:
        return result("run", "error", describe_error(failure.details), error=failure.details)
    except KeyboardInterrupt:
        return result("run", "stopped", "Stopped.")
    return result("run", "ok", "Your code ran to the end.")


def check(bundle, code, raise_check_errors=False, known_mistakes=None):
    """The Check button: every check runs, and each failure says what to fix.

    A check that crashes is our bug: the learner is told so. The build and the tests
    pass `raise_check_errors=True` so that the crash is raised for the author instead, and
    the build its `known_mistakes` (site_builder/known_mistakes.py) for every program of a lab.

    A top-level error after the functions are defined does not stop the checks: they run
    on those functions, and the error is reported once, as a failing check of its own
    (its traceback goes with the program's output, in `error`).
    """
    try:
        checks = load_checks(bundle.checks_source, bundle.id)
        namespace, top_level_error = run_code_partly(code, "learner")
        missing = [name for name in bundle.functions if not callable(namespace.get(name))]
        if missing and top_level_error:
            return result("check", "error", stopped_before(top_level_error, missing), error=top_level_error)
        if missing:
            return missing_functions(missing)
        tester = Tester(namespace, bundle.expected, code, checks=checks, known_mistakes=known_mistakes)
        outcomes = [run_one(check_, tester, raise_check_errors) for check_ in checks.checks]
    except LearnerError as failure:
        return result("check", "error", describe_error(failure.details), error=failure.details)
    except KeyboardInterrupt:
        return result("check", "stopped", "Stopped before the checks finished.")
    if top_level_error:
        outcomes.append(top_level_outcome(top_level_error))
    notes = [printed_by_functions(tester.printed_lines)] if tester.printed_lines else []
    failed = sum(1 for outcome in outcomes if not outcome["passed"])
    if failed == 0:
        return result("check", "passed", f"All checks passed ({len(outcomes)} of {len(outcomes)}).", outcomes, notes=notes)
    noun = "check" if len(outcomes) == 1 else "checks"  # "1 of 4 checks failed", "1 of 1 check failed"
    return result("check", "failed", f"{failed} of {len(outcomes)} {noun} failed.", outcomes, error=top_level_error, notes=notes)


TOP_LEVEL_CHECK = "Your code runs from top to bottom"


def top_level_outcome(details):
    top, line = details.get("top_line"), details.get("line")
    said = f"{details['type']}: {details['message']}".rstrip(".") if details["message"] else details["type"]
    where = f"on line {top}" if top else "at the top level"
    inside = f" (raised on line {line}, inside a function that line called)" if line and line != top else ""
    message = (
        f"Your code stopped {where} with {said}{inside}. The checks above ran on the functions defined "
        "before that line; the traceback is shown with your program's output."
    )
    return {"name": TOP_LEVEL_CHECK, "passed": False, "message": message}


def stopped_before(details, missing):
    listed = ", ".join(f"{name}()" for name in missing)
    return f"{describe_error(details)} It stopped before defining {listed}, so the checks could not run."


def printed_by_functions(lines):
    count = f"{lines} line{'s' if lines != 1 else ''}"
    return f"Your functions printed {count} while the checks called them. Those lines are not in the output; the ones your own code prints are."


def run_one(check_, tester, raise_check_errors):
    try:
        check_.run(tester)
    except CheckFailed as failure:
        return {"name": check_.name, "passed": False, "message": str(failure)}
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too, from a learner's method the check reached
        if learner_frames(error):
            # The check reached the learner's code through what it returned (a __str__, an
            # __iter__, an __eq__ of their own class): their error, in their lines.
            return {"name": check_.name, "passed": False, "message": reached_learner_code(error, tester)}
        if raise_check_errors:
            raise
        message = f"This check itself crashed ({type(error).__name__}: {error_message(error)}). It is our bug, not yours."
        return {"name": check_.name, "passed": False, "message": message}
    return {"name": check_.name, "passed": True, "message": ""}


def reached_learner_code(error, tester):
    details = exception_details(error, tester.code)
    where = f" on line {details['line']}" if details["line"] else ""
    return (
        f"Your code raised {details['type']}{where} while this check was reading what your function "
        f"returned or raised.\n{details['text']}"
    )


def missing_functions(names):
    listed = ", ".join(f"{name}()" for name in names)
    kept = "class line" if all(name[:1].isupper() for name in names) else "def line"  # Value is a class
    message = f"Your code does not define {listed}. Keep the {kept} from the starter code."
    outcome = {"name": f"Defines {listed}", "passed": False, "message": message}
    return result("check", "failed", f"Your code does not define {listed} yet.", [outcome])


def describe_error(details):
    where = f" on line {details['line']}" if details.get("line") else ""
    return f"Your code raised {details['type']}{where}."
