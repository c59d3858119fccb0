"""Prove each lab sound: the solution passes, the starter fails, each mistake is caught."""

import ast
import contextlib
import dataclasses
import io
import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from labkit import CheckFailed, grading
from labkit.learner import LearnerError, run_code
from labkit.protocol import LEARNER_FILE, is_checks_filename
from site_builder import cross_check, worked_examples
from site_builder.errors import Problems, exception_text
from site_builder.known_mistakes import KnownMistakes
from site_builder.memo import MISSING, digest, labkit_source
from site_builder.numbers import Providers
from site_builder.one_guard import OneGuard
from site_builder.time_limit import TimedOut, time_limit

# The browser's Python has the standard library and labkit, and nothing else.
BROWSER_MODULES = frozenset(sys.stdlib_module_names) | {"labkit"}
# A verdict kept from an earlier build holds only while these rules are the same.
RULES = "".join(Path(path).read_text(encoding="utf-8") for path in (__file__, cross_check.__file__, worked_examples.__file__))


@dataclass(frozen=True)
class VerifiedLab:
    lab: object
    expected: list  # the solution's answer for every case, in order

    def bundle(self):
        return grading.LabBundle(self.lab.id, self.lab.checks_source, self.expected, list(self.lab.functions))


def verify_labs(labs, problems, memo=None, providers=None, workers=None):
    """Every lab that is sound, verified; the rest become problems (see LabVerdicts).
    The verdicts the memo keeps on disk are saved (a build saves its memo once, at its end)."""
    verified = LabVerdicts(labs, problems, memo, providers, workers).collect()
    if memo:
        memo.save()
    return verified


class LabVerdicts:
    """The labs' verification, begun: `collect()` gives every lab that is sound, verified; the rest become problems.

    `providers` computes the lessons' numbers, which worked examples compare with.
    With a memo, a sound lab whose files, checker and sources are unchanged is not run again.
    With parallel `workers` (site_builder/workers.py), the labs to run are verified in them
    while the build goes on (it renders the pages meanwhile): each is sent once the numbers
    its worked examples read have come (send_ready), and the rest when collect() is asked for.
    Without, every lab is verified here and now.
    """

    def __init__(self, labs, problems, memo=None, providers=None, workers=None):
        self.labs, self.problems, self.memo, self.workers = list(labs), problems, memo, workers
        self.providers = providers or Providers(problems.root)
        self.checker = digest([labkit_source(), RULES]) if memo else ""  # once, not in every lab's key
        # Digested once: a lab's key holds the digests of what is long, not the text (a rebuild keys every lab).
        self.model = digest([cross_check.model_source_text()]) if memo and any(lab.model_hook for lab in self.labs) else None
        self.answers, self.pieces = {}, {}
        self.waiting = list(self.labs)
        self.send_ready()

    def send_ready(self):
        """Begin every lab not begun whose numbers are to hand (without workers, every lab)."""
        parallel = bool(self.workers and self.workers.parallel)
        for lab in list(self.waiting):
            if not parallel or self.providers.ready(example.numbers for example in lab.worked_examples):
                self.waiting.remove(lab)
                self.begin(lab)

    def begin(self, lab):
        inputs = None
        if self.memo:
            # Every field of the lab, from its title to its wrong answers, and what its answers are checked against.
            inputs = [self.checker, portable_digest(lab, self.problems.root), cross_check.fingerprint(lab, self.providers, self.model)]
            kept = self.memo.kept("sound-lab-answers", inputs, persist=True)
            if kept is not MISSING:
                self.answers[lab.id] = kept
                return
        if self.workers and self.workers.parallel:
            known = self.providers.known(example.numbers for example in lab.worked_examples)
            purpose = "long lab" if lab.names_view else "lab"  # reading every name takes seconds
            self.pieces[lab.id] = (inputs, self.workers.submit(lab_verdict, lab, str(self.problems.root), known, purpose=purpose))
            return
        verified = verify_lab(lab, self.problems, self.providers)
        self.keep(lab.id, inputs, verified.expected if verified else None)

    def keep(self, lab_id, inputs, expected):
        self.answers[lab_id] = expected
        if self.memo and expected is not None:
            self.memo.put("sound-lab-answers", inputs, expected, persist=True)

    def collect(self):
        for lab in self.waiting:
            self.begin(lab)
        self.waiting = []
        for lab in self.labs:  # in the labs' order, as a build without workers says their problems
            if lab.id in self.pieces:
                inputs, piece = self.pieces.pop(lab.id)
                expected, found = piece.result()
                self.problems.found.extend(found)
                self.keep(lab.id, inputs, expected)
        return {lab.id: VerifiedLab(lab, self.answers[lab.id]) for lab in self.labs if self.answers.get(lab.id) is not None}


def lab_verdict(lab, root, known_numbers):
    """A piece of work for a worker process: (the lab's expected answers, or None; the problems it found)."""
    problems = Problems(root)
    verified = verify_lab(lab, problems, known_numbers)
    return (verified.expected if verified else None), problems.found


# `course serve` loads the same Lab objects again while their files are unchanged (loader.load_lab):
# their digest is kept by identity, the object held beside it so that its id is not reused.
_PORTABLE_DIGESTS = {}  # (id(lab), root) -> (lab, digest([repr(portable(lab, root))]))
MAX_PORTABLE_DIGESTS = 1_000


def portable_digest(lab, root):
    """A digest of repr(portable(lab, root)), worked out once for each Lab object."""
    key = (id(lab), str(root))
    kept = _PORTABLE_DIGESTS.get(key)
    if kept is None or kept[0] is not lab:
        if len(_PORTABLE_DIGESTS) >= MAX_PORTABLE_DIGESTS:
            _PORTABLE_DIGESTS.clear()  # a server running all day: start again rather than grow
        kept = _PORTABLE_DIGESTS[key] = (lab, digest([repr(portable(lab, root))]))
    return kept[1]


def portable(lab, root):
    """The lab with its paths relative to the course: a copy of the course has the same verdicts."""

    prefix = str(root).rstrip(os.sep) + os.sep

    def relative(path):
        text = str(path)  # the loader made every path from `root`: relpath's resolving is not needed
        return Path(text.removeprefix(prefix)) if text.startswith(prefix) else Path(path)

    wrong = tuple(dataclasses.replace(answer, src_path=relative(answer.src_path)) for answer in lab.wrong_answers)
    return dataclasses.replace(lab, src_dir=relative(lab.src_dir), wrong_answers=wrong)


def verify_lab(lab, problems, providers):
    """The lab, verified, or None when verifying it found any problem (never kept as a verdict)."""
    before = len(problems.found)
    if not runs_in_the_browser(lab, problems):
        return None
    answered = solution_answers(lab, problems)
    if answered is None:
        return None
    checks_namespace, expected = answered
    # First, so that a wrong solution is blamed on solution.py, not on the wrong answers it would let through.
    if not cross_check.cross_check(lab, checks_namespace, expected, providers, problems):
        return None
    verified = VerifiedLab(lab, expected)
    bundle = verified.bundle()
    known = known_mistakes(lab)
    solution = grade(lab, bundle, lab.src_dir / "solution.py", lab.solution, problems, known)
    if solution is None:
        return None
    if solution["status"] != "passed":
        failing = "; ".join(f"{c['name']}: {c['message']}" for c in solution["checks"] if not c["passed"])
        problems.add(lab.src_dir / "solution.py", f"the solution fails its checks ({solution['summary']} {failing})".strip())
    starter = grade(lab, bundle, lab.src_dir / "starter.py", lab.starter, problems, known)
    if starter and starter["status"] == "passed":
        problems.add(lab.src_dir / "starter.py", "the starter code already passes every check: it should leave work to do")
    for wrong in lab.wrong_answers:
        outcome = grade(lab, bundle, wrong.src_path, wrong.code, problems, known)
        if outcome and not caught(outcome, wrong.expect):
            problems.add(wrong.src_path, missed_message(outcome, wrong.expect), 1)
    return verified if len(problems.found) == before else None


def runs_in_the_browser(lab, problems):
    """False (with problems) when the lab's own code cannot run under Pyodide: a syntax error, or a module it lacks.

    Wrong answers may hold either on purpose: they are mistakes learners make.
    """
    sound = True
    for name, source in [("checks.py", lab.checks_source), ("solution.py", lab.solution), ("starter.py", lab.starter)]:
        path = lab.src_dir / name
        try:
            tree = ast.parse(source)
        except SyntaxError as error:
            problems.add(path, f"syntax error: {error.msg}", error.lineno)
            sound = False
            continue
        for module, line in imported_modules(tree):
            if module.split(".")[0] not in BROWSER_MODULES:
                problems.add(path, f"{name} imports {module!r}, which the browser's Python does not have: use only the standard library", line)
                sound = False
    return sound


def imported_modules(tree):
    """(module, line) of every import in the module `tree`, however deep in its blocks."""
    for node in statements(tree.body):
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield "." * node.level + (node.module or ""), node.lineno


# Where a statement holds statements of its own: an import is a statement, so it is only ever
# found in one of these lists, and the expressions (most of a program's nodes) need no visit.
BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


def statements(block):
    """Every statement of `block` (a list of them), and of the blocks inside those (an except
    clause and a match case stand among them). A stack, not recursion: blocks nest deep."""
    pending = list(reversed(block))
    while pending:
        node = pending.pop()
        yield node
        for field in reversed(BLOCKS):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                pending.extend(reversed(inner))


def expected_answers(lab, problems):
    """Run the solution on every case. None (with a problem recorded) when that fails."""
    answered = solution_answers(lab, problems)
    return answered[1] if answered else None


def solution_answers(lab, problems):
    """(the names checks.py defines, the solution's answer to every case), or None with a problem recorded."""
    checks_path, solution_path = lab.src_dir / "checks.py", lab.src_dir / "solution.py"
    try:
        namespace = timed(lab, checks_path, problems, lambda: grading.checks_namespace(lab.checks_source, lab.id))
    except SyntaxError as error:
        problems.add(checks_path, f"syntax error: {error.msg}", error.lineno)
        return None
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: exit() in checks.py must not end the build
        problems.add(checks_path, f"loading the checks raised {raised(error)}", checks_line(error))
        return None
    if namespace is None or not cases_call_known_functions(lab, namespace["checks"], checks_path, problems):
        return None
    try:
        expected = timed(lab, solution_path, problems, lambda: namespace["checks"].answers(run_code(lab.solution, "learner"), lab.solution))
        return None if expected is None else (namespace, expected)
    except LearnerError as failure:
        details = failure.details
        said = f"{details['type']}: {details['message']}" if details["message"] else details["type"]
        problems.add(solution_path, f"the solution raised {said}", details["line"])
    except CheckFailed as failure:
        first = str(failure).splitlines()[0]
        problems.add(solution_path, f"the solution cannot answer the cases: {first}", failure.line)
    except KeyboardInterrupt:
        raise
    except BaseException as error:
        problems.add(solution_path, f"running the solution on the cases failed: {raised(error)}", checks_line(error))
    return None


def cases_call_known_functions(lab, checks, checks_path, problems):
    """Every case calls a function lab.toml names: else a typo in checks.py would be blamed on the solution."""
    unknown = dict.fromkeys(case.function for case in checks.cases if case.function not in lab.functions)
    for name in unknown:
        known = ", ".join(f"{function}()" for function in lab.functions)
        problems.add(checks_path, f"a case calls {name}(), which is not one of lab.toml's functions ({known})", line_quoting(lab.checks_source, name))
    return not unknown


def line_quoting(source, name):
    """The first line of `source` with `name` in quotes, or None."""
    for number, line in enumerate(source.splitlines(), start=1):
        if f'"{name}"' in line or f"'{name}'" in line:
            return number
    return None


def known_mistakes(lab):
    """The lab's KnownMistakes, shared by the gradings of its programs; None when checks.py will not load again."""
    try:
        with quiet():
            return KnownMistakes.of(lab)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - it loaded once: each Check then works its mistakes out itself, and says what fails
        return None


def grade(lab, bundle, path, code, problems, known=None):
    """Grade with check crashes raised, so a broken check is the author's error, not a fail.

    Graded first under one guard for the whole grading (site_builder/one_guard.py): when the
    program changed nothing of the checker's world, that is the verdict a guard per call gives.
    When it did, it is graded again with a guard per call, as the browser does, and only that
    grading's verdict and problems count. The lab's `known` mistakes (site_builder/known_mistakes.py)
    keep what the trial worked out only when it counts; the grading again, as in the browser, has none."""
    trial = Problems(problems.root)
    whole = OneGuard()
    worked_out = known.trial() if known else None
    outcome = graded(lab, bundle, path, code, trial, whole, worked_out)
    if whole.touched:
        return graded(lab, bundle, path, code, problems, contextlib.nullcontext())
    if known:
        known.adopt(worked_out)
    problems.found.extend(trial.found)
    return outcome


def graded(lab, bundle, path, code, problems, guard, known=None):
    def check():
        with guard:
            return grading.check(bundle, code, raise_check_errors=True, known_mistakes=known)

    try:
        outcome = timed(lab, path, problems, check)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too
        problems.add(lab.src_dir / "checks.py", f"a check raised {raised(error)}", checks_line(error))
        return None
    if outcome and outcome["status"] == "stopped":  # how grading.check answers the author's Ctrl+C
        raise KeyboardInterrupt
    return outcome


def timed(lab, path, problems, run):
    """`run()` quietly, within the lab's time_limit; None (with a problem) when it runs longer."""
    try:
        with quiet(), time_limit(lab.time_limit, is_lab_code, lambda: problems.relative(path)):
            return run()
    except TimedOut as timeout:
        where, line = next(((where_is(filename, lab, path), line) for filename, line in timeout.stack), (path, None))
        seconds = f"{timeout.seconds:g} second{'' if timeout.seconds == 1 else 's'}"
        message = f"ran for more than {seconds} (the lab's time_limit): is there a loop that never ends?"
        problems.add(where, message, line)
        return None


def is_lab_code(filename):
    return filename == LEARNER_FILE or is_checks_filename(filename)


def where_is(filename, lab, program):
    return program if filename == LEARNER_FILE else lab.src_dir / "checks.py"


def checks_line(error):
    """The innermost line of checks.py in the error's traceback, if any."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if is_checks_filename(frame.filename)]
    return lines[-1] if lines else None


def raised(error):
    if isinstance(error, SystemExit):  # exit() and sys.exit(): str() would say "None"
        code = "" if error.code is None else f"({error.code!r})"
        return f"SystemExit{code}: exit() would end the whole build; a lab's code must not call it"
    return exception_text(error)


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


@contextlib.contextmanager
def quiet():
    """The solutions' demo prints are for learners, not for the build log."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield
