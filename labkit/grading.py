"""Grading: run the learner's code, then every check, and describe the verdict."""

from dataclasses import dataclass

from labkit.checks import Checks, CheckFailed, Tester
from labkit.learner import LearnerError, run_code
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
    exec(compile(checks_source, checks_filename(lab_id), "exec"), namespace)
    if not isinstance(namespace.get("checks"), Checks):
        raise ValueError(f"The checks for {lab_id} do not define `checks = Checks()`.")
    return namespace


def load_checks(checks_source, lab_id):
    return checks_namespace(checks_source, lab_id)["checks"]


def result(action, status, summary, checks=(), error=None):
    return {"action": action, "status": status, "summary": summary, "checks": list(checks), "error": error}


def run(code):
    """The Run button: execute the code as a script and report how it ended."""
    try:
        run_code(code, "__main__")
    except LearnerError as failure:
        return result("run", "error", describe_error(failure.details), error=failure.details)
    except KeyboardInterrupt:
        return result("run", "stopped", "Stopped.")
    return result("run", "ok", "Your code ran to the end.")


def check(bundle, code, raise_check_errors=False):
    """The Check button: every check runs, and each failure says what to fix.

    A check that crashes is our bug: the learner is told so. The build and the tests
    pass `raise_check_errors=True` so that the crash is raised for the author instead.
    """
    try:
        checks = load_checks(bundle.checks_source, bundle.id)
        namespace = run_code(code, "learner")
        missing = [name for name in bundle.functions if not callable(namespace.get(name))]
        if missing:
            return missing_functions(missing)
        tester = Tester(namespace, bundle.expected, code)
        outcomes = [run_one(check_, tester, raise_check_errors) for check_ in checks.checks]
    except LearnerError as failure:
        return result("check", "error", describe_error(failure.details), error=failure.details)
    except KeyboardInterrupt:
        return result("check", "stopped", "Stopped before the checks finished.")
    failed = sum(1 for outcome in outcomes if not outcome["passed"])
    if failed == 0:
        return result("check", "passed", f"All checks passed ({len(outcomes)} of {len(outcomes)}).", outcomes)
    noun = "check" if len(outcomes) == 1 else "checks"  # "1 of 4 checks failed", "1 of 1 check failed"
    return result("check", "failed", f"{failed} of {len(outcomes)} {noun} failed.", outcomes)


def run_one(check_, tester, raise_check_errors):
    try:
        check_.run(tester)
    except CheckFailed as failure:
        return {"name": check_.name, "passed": False, "message": str(failure)}
    except KeyboardInterrupt:
        raise
    except Exception as error:
        if raise_check_errors:
            raise
        message = f"This check itself crashed ({type(error).__name__}: {error}). It is our bug, not yours."
        return {"name": check_.name, "passed": False, "message": message}
    return {"name": check_.name, "passed": True, "message": ""}


def missing_functions(names):
    listed = ", ".join(f"{name}()" for name in names)
    message = f"Your code does not define {listed}. Keep the def line from the starter code."
    outcome = {"name": f"Defines {listed}", "passed": False, "message": message}
    return result("check", "failed", f"Your code does not define {listed} yet.", [outcome])


def describe_error(details):
    where = f" on line {details['line']}" if details.get("line") else ""
    return f"Your code raised {details['type']}{where}."
