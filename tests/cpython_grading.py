"""Each program of a lab graded once per test run by the checker under CPython.

The golden transcripts (tests/test_transcripts.py) and the comparison with Pyodide
(tests/test_pyodide_runtime.py) both need CPython's verdict on every wrong answer of the
course: graded twice, they cost the run some 25 s more on a 2-core machine.
"""

import copy

from labkit import grading
from site_builder.verify import quiet

GRADED = {}


def graded(bundle, code):
    """grading.check's result for `code` against `bundle`, a crash of the checks raised; a copy each time."""
    key = (repr(bundle), code)
    if key not in GRADED:
        with quiet():
            GRADED[key] = grading.check(bundle, code, raise_check_errors=True)
    return copy.deepcopy(GRADED[key])
