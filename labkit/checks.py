"""What a lab's `checks.py` is written with: cases, checks and the tester."""

from dataclasses import dataclass, field

from labkit import calls
from labkit.learner import exception_details
from labkit.mistakes import AGREEMENT, Mistake, fitting_diagnosis
from labkit.objects import RecipeFailed, recipe_driver, recipe_text
from labkit.values import DEFAULT_TOLERANCE, close, find_not_finite, same_shape, shape_of, show, shown_apart
from labkit.wording import changed_arguments, joined, printed_instead, printed_note, sentence


SAME_ERROR = "(the same error as above)."
SAME_MISTAKE = "That is the same mistake as above."


class CheckFailed(Exception):
    """A check found something wrong; the message is shown to the learner as it is.

    `line` is the line of the learner's code that raised, when the learner's function
    raised: the builder blames that line of a solution without reading the message.
    """

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Case:
    """One call of a learner's function. The build stores what the solution returns."""

    index: int
    function: str
    args: tuple
    shown_as: str = ""  # how messages write the call, when its arguments are too big to show
    driver: object = None  # for a class: driver(cls, *args) makes its objects and reads them (labkit.objects)

    def call_text(self):
        return self.shown_as or f"{self.function}({', '.join(show(arg) for arg in self.args)})"

    def caller(self, target):
        """What to call with this case's args: `target` itself, or a recipe run with the class `target`."""
        if self.driver is None:
            return target
        return lambda *args: self.driver(target, *args)


@dataclass(frozen=True)
class Check:
    name: str
    run: object


@dataclass
class Checks:
    """A lab's cases, checks and known mistakes, registered in the order the learner will read them."""

    cases: list = field(default_factory=list)
    checks: list = field(default_factory=list)
    mistakes: list = field(default_factory=list)

    def case(self, function, *args, shown_as=""):
        new = Case(index=len(self.cases), function=function, args=args, shown_as=shown_as)
        self.cases.append(new)
        return new

    def recipe(self, class_name, steps, reads):
        """A case for a class: run `steps` with the learner's class, then read each of `reads` (labkit.objects)."""
        new = Case(
            index=len(self.cases), function=class_name, args=(steps, list(reads)),
            shown_as=recipe_text(steps, reads), driver=recipe_driver(class_name),
        )
        self.cases.append(new)
        return new

    def check(self, name):
        def register(run):
            self.checks.append(Check(name=name, run=run))
            return run

        return register

    def mistake(self, function, says, uses=()):
        """Register the decorated function as a mistake in `function`: see labkit.mistakes."""

        def register(computes):
            self.mistakes.append(Mistake(function=function, says=says, computes=computes, uses=tuple(uses)))
            return computes

        return register

    def mistaken_class(self, class_name, says):
        """Register the decorated class as a mistaken `class_name`: run through the same recipes as the learner's."""

        def register(cls):
            drive = recipe_driver(class_name)
            self.mistakes.append(Mistake(function=class_name, says=says, computes=lambda *args: drive(cls, *args)))
            return cls

        return register

    def answers(self, namespace, code=""):
        """What the reference solution in `namespace` returns for every case, as plain data."""
        tester = Tester(namespace, expected=[], code=code)
        return [tester.call(case) for case in self.cases]


class Tester:
    """What each check receives: the learner's functions, the expected answers, and the words for a failure."""

    def __init__(self, namespace, expected, code, tolerance=DEFAULT_TOLERANCE, checks=None, known_mistakes=None):
        self._namespace = namespace
        self._expected = expected
        self._code = code
        self.tolerance = tolerance
        self._checks = checks or Checks()
        self._outcomes = {}  # case index -> Outcome: each case is called once
        self._tracebacks_shown = set()  # a Check repeats one error in every check: show it once
        self._diagnoses_said = set()  # and one mistake in every check: name it once
        self._mistake_outcomes = {}  # what the checker's own mistakes did, for every diagnosis of this Check
        # The build's (site_builder/known_mistakes.py): what this lab's mistakes did with its cases,
        # worked out once for all the programs it grades. None in the browser.
        self._known_mistakes = known_mistakes
        self.printed_lines = 0  # what the learner's functions printed while the checks called them

    @property
    def code(self):
        """The learner's code, as checked."""
        return self._code

    # --- calling the learner's functions -------------------------------------------------

    def function(self, name):
        found = self._namespace.get(name)
        if not callable(found):
            raise CheckFailed(f"Your code does not define a function called {name}.")
        return found

    def expected(self, case):
        return self._expected[case.index]

    def outcome_with(self, function, *args, text=None, case=None):
        """What the learner's function did with copies of `args`; never raises for the learner's errors."""
        text = text or f"{function}({', '.join(show(arg) for arg in args)})"
        target = self.function(function)
        outcome = calls.run(case.caller(target) if case else target, function, text, args)
        if isinstance(outcome.error, CheckFailed):
            raise outcome.error
        self.printed_lines += outcome.printed_count
        return outcome

    def outcome(self, case):
        if case.index not in self._outcomes:
            self._outcomes[case.index] = self.outcome_with(case.function, *case.args, text=case.call_text(), case=case)
        return self._outcomes[case.index]

    def value(self, outcome):
        """What the call returned, as plain data; a CheckFailed when there is nothing to compare."""
        text = outcome.text
        if isinstance(outcome.error, RecipeFailed):  # what a class's recipe saw, already in words
            raise CheckFailed(outcome.error.args[0], line=outcome.error.line)
        if outcome.raised:
            error = outcome.error
            details = exception_details(error, self._code)
            said = self.describe_raise(text, outcome.function, outcome.args, error, details)
            diagnosed = self.diagnosis(outcome)
            if diagnosed == SAME_MISTAKE and said.endswith(SAME_ERROR):
                diagnosed = ""  # one repeat is enough
            raise CheckFailed(joined(said, "\n" + diagnosed if diagnosed else ""), line=details["line"])
        if outcome.unreadable is not None:
            raise CheckFailed(joined(f"{text} returned something the checker cannot read: {sentence(str(outcome.unreadable))}", self.diagnosis(outcome)))
        value = outcome.value
        if value is None and outcome.printed.strip():
            raise CheckFailed(printed_instead(outcome))
        not_finite = find_not_finite(value)
        if not_finite is not None:
            kind = "not a number" if not_finite == "nan" else "infinite"
            raise CheckFailed(joined(f"{text} returned {show(value)}, which contains {not_finite}: a number that is {kind}.", self.diagnosis(outcome)))
        return value

    def call_with(self, function, *args, text=None):
        """Call a learner's function on copies of `args`; its result as plain data."""
        return self.value(self.outcome_with(function, *args, text=text))

    def call(self, case):
        return self.value(self.outcome(case))

    def describe_raise(self, text, function, args, error, details):
        """What the learner's function raised, with its traceback shown once per Check."""
        where = f" on line {details['line']}" if details["line"] else ""
        said = f"{text} raised {details['type']}{where}: {details['message']}"
        if details["line"] is None and isinstance(error, TypeError) and f"{function}()" in details["message"]:
            # Python refused the call itself: the def line no longer matches the starter's.
            count = "one argument" if len(args) == 1 else f"{len(args)} arguments"
            return f"{said}\nThe checks call {function}() with {count}, as the starter code's def line has it. Keep that line as it was."
        if details["text"] in self._tracebacks_shown:
            return f"{said} {SAME_ERROR}"
        self._tracebacks_shown.add(details["text"])
        return f"{said}\n{details['text']}"

    # --- saying what is wrong ------------------------------------------------------------

    def named_mistake(self, outcome):
        """What the one known mistake that reproduces this outcome, and every case of its function, says; or ""."""
        candidates = [mistake for mistake in self._checks.mistakes if mistake.function == outcome.function]
        if not candidates:
            return ""
        outcomes = [outcome] + [self.outcome(case) for case in self._checks.cases if case.function == outcome.function]
        return fitting_diagnosis(candidates, outcomes, self._namespace, min(self.tolerance, AGREEMENT), self._mistake_outcome)

    def _mistake_outcome(self, mistake, args):
        """What `mistake` (made of the checker's code alone) did with `args`, worked out once per Check."""
        # By the arguments' identity, kept beside the answer so that the identity cannot be reused.
        kept = self._mistake_outcomes.get((mistake, id(args)))
        if kept is None or kept[0] is not args:
            case = self._case_called_with(args) if self._known_mistakes else None
            known = self._known_mistakes.outcome(self._checks, mistake, case) if case else None
            outcome = known if known is not None else mistake.outcome(args, self._namespace)
            kept = self._mistake_outcomes[(mistake, id(args))] = (args, outcome)
        return kept[1]

    def _case_called_with(self, args):
        """The case whose call (made by this Check) was given `args`, or None."""
        return next((self._checks.cases[index] for index, outcome in self._outcomes.items() if outcome.args is args), None)

    def diagnosis(self, outcome):
        """The lab's diagnosis for this outcome, said in full once and then as "the same mistake"."""
        said = self.named_mistake(outcome)
        if said and said in self._diagnoses_said:
            return SAME_MISTAKE
        self._diagnoses_said.add(said)
        return said

    def close(self, got, expected):
        return close(got, expected, self.tolerance)

    def apart(self, got, expected):
        """(got, expected, where) as text for a sentence of the check's own: see values.shown_apart."""
        return shown_apart(got, expected, self.tolerance)

    def mismatch(self, outcome, expected, hint="", got=None, text=None):
        """A failure that shows what came back beside what was expected, never written alike.

        `got` (default: the outcome's value) and `text` let a check compare a part of
        the result, say the output for one position; the diagnosis still reads the whole call.
        """
        got = outcome.value if got is None else got
        got_text, expected_text, where = shown_apart(got, expected, self.tolerance)
        said = f"{text or outcome.text} returned {got_text}; expected {expected_text}."
        changed = changed_arguments(outcome, self.function(outcome.function))
        return joined(said, where, changed, self.diagnosis(outcome) or hint, printed_note(outcome))

    def fail(self, message):
        raise CheckFailed(message)

    def require_shape(self, got, like, text, outcome=None, hint=""):
        """Fail unless `got` has the shape of `like` (a number, a list of n numbers, ...).

        With the `outcome` of the call, a mistake that returns this very shape is named;
        when none does, the `hint` is said, as require_close says it.
        """
        if same_shape(got, like):
            return
        if got is None:
            said = (
                f"{text} returned None; expected {shape_of(like)}, like {show(like)}. "
                "A function gives back None when it ends without reaching a return line that has a value."
            )
        else:
            said = f"{text} returned {show(got)}, which is {shape_of(got)}; expected {shape_of(like)}, like {show(like)}."
        self.fail(joined(said, (self.diagnosis(outcome) if outcome else "") or hint))

    def require_close(self, case, hint="", on_error=None):
        """The usual check: the learner's result matches the reference within tolerance.

        `on_error` maps an exception name (say "OverflowError") to a fact about that error,
        shown as a paragraph of its own when the learner's function raises it and no known
        mistake explains it. A guess at the learner's mistake belongs in a registered mistake,
        which is said only when it fits.
        """
        try:
            got = self.call(case)
        except CheckFailed as failure:
            advice = [text for name, text in (on_error or {}).items() if f" raised {name}" in str(failure)]
            named = self.named_mistake(self.outcome(case))
            if not advice or (named and named in str(failure)):  # the mistake, named right here, says what to do
                raise
            raise CheckFailed("\n\n".join([str(failure), *advice]), line=failure.line) from None
        expected = self.expected(case)
        self.require_shape(got, expected, case.call_text(), self.outcome(case), hint)
        if not close(got, expected, self.tolerance):
            self.fail(self.mismatch(self.outcome(case), expected, hint))
        return got

    def require_reads(self, case, hint=""):
        """A recipe's check: each expression it reads (`c.data`, `a.grad`) matches the solution's class."""
        got = self.call(case)
        reads = case.args[1]
        for expression, mine, wanted in zip(reads, got, self.expected(case)):
            if not close(mine, wanted, self.tolerance):
                mine_text, wanted_text, where = shown_apart(mine, wanted, self.tolerance)
                said = f"After `{case.call_text()}`, {expression} is {mine_text}; expected {wanted_text}."
                self.fail(joined(said, where, self.diagnosis(self.outcome(case)) or hint))
        return got

    def require_unchanged(self, case, hint=""):
        """Fail when the learner's function changed an argument it was given (it gets copies)."""
        outcome = self.outcome(case)
        self.value(outcome)
        changed = changed_arguments(outcome, self.function(case.function), subject=outcome.text)
        if changed:
            self.fail(joined(changed, self.diagnosis(outcome) or hint))
