"""One guard around a whole grading, for the build's own lab code.

In the browser, every call into the learner's code runs inside labkit's `protected()`, which
puts back whatever the call changed of the checker's world (builtins, labkit's modules,
`sys.stdout`, the recursion limit, hooks). That costs about a tenth of a millisecond a call,
and verifying the course's labs makes thousands of calls into their solutions, starters and
wrong answers.

A guard whose call changed nothing puts nothing back: it leaves every verdict as it would be
without it. So the build grades each of its programs with one guard around the whole
grading; when that guard finds nothing to put back, no call changed anything and the
verdict is the one a guard per call gives. When it does (a program that rebinds a builtin,
say), the build grades the program again with a guard per call, as the browser does.

    with OneGuard() as guard:
        outcome = grading.check(bundle, code)
    if guard.touched: ...grade again, with a guard per call

Only the build uses this; the browser's checker never imports it.
"""

import contextlib
import sys

from labkit import guard as labkit_guard


class OneGuard:
    """Within it, every labkit module's `protected` is a no-op, and one real guard watches the whole."""

    def __init__(self):
        self.touched = False
        self.patched = []
        self.real = labkit_guard.protected
        self.whole = None

    def __enter__(self):
        real = self.real
        # Found rather than listed: a labkit module added later is covered too.
        self.patched = [
            module for name, module in list(sys.modules.items())
            if module is not None and (name == "labkit" or name.startswith("labkit.")) and vars(module).get("protected") is real
        ]
        for module in self.patched:
            module.protected = contextlib.nullcontext
        self.whole = real()
        try:
            self.whole.__enter__()
        except BaseException:
            self._unpatch()
            raise
        return self

    def __exit__(self, *exception):
        try:
            self.whole.__exit__(*exception)  # compared with the world as entered: the no-ops in place
            self.touched = self.whole.touched
        finally:
            self._unpatch()
        return False

    def _unpatch(self):
        for module in self.patched:
            module.protected = self.real
        self.patched = []
