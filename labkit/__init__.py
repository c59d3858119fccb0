"""The course's checker library: runs a learner's code and grades it.

Pure standard library, so the same code runs under CPython (the builder, the
`course check` command, the tests) and under Pyodide in the learner's browser.
"""

from labkit.checks import Case, CheckFailed, Checks
from labkit.values import show

__all__ = ["Case", "CheckFailed", "Checks", "show"]
