"""What a lab's `checks.py` is written with: cases, checks and the tester."""

import copy
from dataclasses import dataclass, field

from labkit.guard import protected
from labkit.learner import exception_details
from labkit.values import DEFAULT_TOLERANCE, NotPlainData, close, find_not_finite, plain, same_shape, shape_of, show


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

    def call_text(self):
        return f"{self.function}({', '.join(show(arg) for arg in self.args)})"


@dataclass(frozen=True)
class Check:
    name: str
    run: object


@dataclass
class Checks:
    """A lab's cases and checks, registered in the order the learner will read them."""

    cases: list = field(default_factory=list)
    checks: list = field(default_factory=list)

    def case(self, function, *args):
        new = Case(index=len(self.cases), function=function, args=args)
        self.cases.append(new)
        return new

    def check(self, name):
        def register(run):
            self.checks.append(Check(name=name, run=run))
            return run

        return register

    def answers(self, namespace, code=""):
        """What the reference solution in `namespace` returns for every case, as plain data."""
        tester = Tester(namespace, expected=[], code=code)
        return [tester.call(case) for case in self.cases]


class Tester:
    """What each check receives: the learner's functions and the expected answers."""

    def __init__(self, namespace, expected, code, tolerance=DEFAULT_TOLERANCE):
        self._namespace = namespace
        self._expected = expected
        self._code = code
        self.tolerance = tolerance
        self._tracebacks_shown = set()  # a Check repeats one error in every check: show it once

    def function(self, name):
        found = self._namespace.get(name)
        if not callable(found):
            raise CheckFailed(f"Your code does not define a function called {name}.")
        return found

    def expected(self, case):
        return self._expected[case.index]

    def call_with(self, function, *args, text=None):
        """Call a learner's function on copies of `args`; its result as plain data."""
        text = text or f"{function}({', '.join(show(arg) for arg in args)})"
        learner_function = self.function(function)
        try:
            with protected():
                result = learner_function(*copy.deepcopy(args))
        except (CheckFailed, KeyboardInterrupt):
            raise
        except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
            details = exception_details(error, self._code)
            raise CheckFailed(self.describe_raise(text, function, args, error, details), line=details["line"]) from None
        try:
            with protected():  # converting can run the learner's code too (__iter__, __float__, ...)
                value = plain(result)
        except NotPlainData as problem:
            raise CheckFailed(f"{text} returned something the checker cannot read: {problem}.") from None
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            raise CheckFailed(f"{text} returned something that raised {type(error).__name__} when the checker read it: {error}") from None
        not_finite = find_not_finite(value)
        if not_finite is not None:
            raise CheckFailed(f"{text} returned {show(value)}, which contains {not_finite}: a number that is {'not a number' if not_finite == 'nan' else 'infinite'}. Look for a division by zero or an exp of a huge number.")
        return value

    def describe_raise(self, text, function, args, error, details):
        """What the learner's function raised, with its traceback shown once per Check."""
        where = f" on line {details['line']}" if details["line"] else ""
        said = f"{text} raised {details['type']}{where}: {details['message']}"
        if details["line"] is None and isinstance(error, TypeError) and f"{function}()" in details["message"]:
            # Python refused the call itself: the def line no longer matches the starter's.
            count = "one argument" if len(args) == 1 else f"{len(args)} arguments"
            return f"{said}\nThe checks call {function}() with {count}, as the starter code's def line has it. Keep that line as it was."
        if details["text"] in self._tracebacks_shown:
            return f"{said} (the same error as above)."
        self._tracebacks_shown.add(details["text"])
        return f"{said}\n{details['text']}"

    def call(self, case):
        return self.call_with(case.function, *case.args, text=case.call_text())

    def fail(self, message):
        raise CheckFailed(message)

    def require_shape(self, got, like, text):
        """Fail unless `got` has the shape of `like` (a number, a list of n numbers, ...)."""
        if not same_shape(got, like):
            self.fail(f"{text} returned {show(got)}, which is {shape_of(got)}; expected {shape_of(like)}, like {show(like)}.")

    def require_close(self, case, hint="", on_error=None):
        """The usual check: the learner's result matches the reference within tolerance.

        `on_error` maps an exception name (say "OverflowError") to advice, shown as a
        paragraph of its own after the error when the learner's function raises it.
        """
        try:
            got = self.call(case)
        except CheckFailed as failure:
            advice = [text for name, text in (on_error or {}).items() if f" raised {name}" in str(failure)]
            if not advice:
                raise
            raise CheckFailed("\n\n".join([str(failure), *advice]), line=failure.line) from None
        expected = self.expected(case)
        self.require_shape(got, expected, case.call_text())
        if not close(got, expected, self.tolerance):
            message = f"{case.call_text()} returned {show(got)}; expected {show(expected)}."
            self.fail(f"{message} {hint}".strip())
        return got
