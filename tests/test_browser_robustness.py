"""Learner code at its worst, in a lab page (headless Chromium).

Each test runs bad code in the widgets fixture course's lab, checks what the page says,
then checks that the page still works (the reference solution passes) and that the
learner's draft is kept. The bad code is written for that lab's function, and what the
verdict must say (its expected answer, how many checks) comes from the lab's own files.
"""

import json

import re
import time

import pytest
from playwright.sync_api import expect

from site_builder.constants import OUTPUT_CAP
from labkit.grading import load_checks
from labkit.values import shape_of, show
from tests.browser import READY_TIMEOUT, button, output, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]
SOLUTION = LAB.solution
FUNCTION = LAB.functions[0]
# The starter's def line without its colon, "def shares(values)": bad code keeps it, as a learner would.
HEADER = next(line for line in LAB.starter.splitlines() if line.startswith(f"def {FUNCTION}(")).removesuffix(":")
CALLS_ITSELF = HEADER.removeprefix("def ")
LOADED_CHECKS = load_checks(LAB.checks_source, LAB.id)
CHECKS = LOADED_CHECKS.checks
FIRST_CASE = LOADED_CHECKS.cases[0]


def solution_answer(case):
    namespace = {}
    exec(SOLUTION, namespace)
    return namespace[case.function](*case.args)


# What the first check, which calls the first case, expects: a list of numbers.
EXPECTED = solution_answer(FIRST_CASE)
CALL_FIRST_CASE = f"{FIRST_CASE.function}({', '.join(repr(arg) for arg in FIRST_CASE.args)})"
RUN_TIMEOUT = 15_000

PASSED = "All checks passed"
FRESH_PYTHON_NOTE = "Starting a fresh Python"


@pytest.fixture
def page(new_page):
    """Unlike the shared `page`, any alert, confirm or prompt fails the test: learner text ran as HTML."""
    # No service worker: a page it served from its cache would skip the time-limit rewrite below.
    page = new_page(service_workers="block")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    yield page
    assert dialogs == [], f"the learner's text ran as HTML: {dialogs}"


# ----- helpers -----


def open_lab(page, site):
    page.goto(site + LESSON.url)
    return ready_lab(page, lab_name(LAB))


def test_the_fixture_lab_has_what_these_tests_need():
    # A list of numbers to get wrong, and more than one check to fail.
    assert isinstance(EXPECTED, list) and len(EXPECTED) >= 2 and all(isinstance(value, float) for value in EXPECTED)
    assert len(CHECKS) >= 2


def open_lab_with_time_limit(page, site, time_limit):
    """The lab, with Python loaded and `time_limit` seconds written over the limit in its config."""
    original = []

    def rewrite(route):
        response = route.fetch()
        html = response.text()
        original.extend(re.findall(r'"timeLimit": ([0-9.]+)', html))
        route.fulfill(response=response, body=re.sub(r'"timeLimit": [0-9.]+', f'"timeLimit": {time_limit}', html))

    page.route(f"**/{LESSON.url}", rewrite)
    lab = open_lab(page, site)
    assert original == [json.dumps(LAB.time_limit)], "the lab's own limit, from its lab.toml"
    assert lab.evaluate("s => JSON.parse(s.querySelector('[data-lab-config]').textContent).timeLimit") == time_limit
    return lab


def editor_code(lab):
    return lab.evaluate("section => section.labEditor.getCode()")


def run(page, lab, code, timeout=RUN_TIMEOUT):
    """Run `code` to its end; the output log's text."""
    set_code(page, lab, code)
    button(lab, "Run").click()
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=timeout)
    return output(lab).inner_text()


def check(page, lab, code, timeout=RUN_TIMEOUT):
    """Check `code`; the verdict's text once the checks have finished."""
    set_code(page, lab, code)
    button(lab, "Check").click()
    expect(verdict(lab)).to_have_attribute("data-status", re.compile("."), timeout=timeout)
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=timeout)
    return verdict(lab).inner_text()


# Timed inside the page, from the click to the state change: Playwright's own waiting polls
# at growing intervals, too coarse to tell 0.8 s from 1.1 s.
STOP_TIMER = """stop => {
  const section = stop.closest("section");
  const times = (section.stopTimes = {});
  stop.addEventListener("click", () => { times.clicked = performance.now(); }, { capture: true, once: true });
  new MutationObserver((changes, observer) => {
    if (times.clicked === undefined || section.dataset.pythonState === "running") return;
    times.stopped = performance.now();
    observer.disconnect();
  }).observe(section, { attributes: true, attributeFilter: ["data-python-state"] });
}"""


def stop_within_a_second(lab):
    """Click Stop on a running lab: it must stop running within a second."""
    expect(lab).to_have_attribute("data-python-state", "running")
    button(lab, "Stop").evaluate(STOP_TIMER)
    button(lab, "Stop").click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=2_000)
    times = lab.evaluate("section => section.stopTimes")
    assert times["stopped"] - times["clicked"] < 1_000, times


def start_then_stop(page, lab, code, action):
    """Start `code` with Run or Check, let it get going, then Stop it: within a second."""
    set_code(page, lab, code)
    button(lab, action).click()
    page.wait_for_timeout(300)
    stop_within_a_second(lab)


def keeps_the_draft(page, lab, code, reload=False):
    """The bad code is still in the editor (and after a reload, if asked); the lab, reloaded or not."""
    assert editor_code(lab) == code
    if reload:
        page.reload()
        lab = ready_lab(page, lab_name(LAB))
        assert editor_code(lab) == code
    return lab


def solution_passes(page, lab):
    text = check(page, lab, SOLUTION)
    assert text.startswith(PASSED), text


# ----- endless loops: Stop and the time limit -----

ENDLESS_AT_TOP = "steps = 0\nwhile True:\n    steps += 1\n"

ENDLESS_IN_FUNCTION = f"""{HEADER}:
    while True:
        pass
"""

SWALLOWS_STOP = f"""{HEADER}:
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""


def test_stop_ends_an_endless_loop_and_keeps_python(page, widgets_site):
    lab = open_lab(page, widgets_site)
    start_then_stop(page, lab, ENDLESS_AT_TOP, "Run")
    expect(output(lab)).to_contain_text("Stopped.")
    lab = keeps_the_draft(page, lab, ENDLESS_AT_TOP, reload=True)
    solution_passes(page, lab)


def test_stop_ends_an_endless_loop_inside_the_checked_function(page, widgets_site):
    lab = open_lab(page, widgets_site)
    start_then_stop(page, lab, ENDLESS_IN_FUNCTION, "Check")
    expect(verdict(lab)).to_have_text(re.compile(r"^Stopped before the checks finished\.$"))
    expect(output(lab)).to_contain_text("Stopped.")
    keeps_the_draft(page, lab, ENDLESS_IN_FUNCTION)
    solution_passes(page, lab)


def test_stop_restarts_python_when_the_code_swallows_the_interrupt(page, widgets_site):
    lab = open_lab(page, widgets_site)
    start_then_stop(page, lab, SWALLOWS_STOP, "Check")
    expect(output(lab)).to_contain_text("Your code did not stop when asked, so the Python it ran in was ended.")
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    keeps_the_draft(page, lab, SWALLOWS_STOP)
    solution_passes(page, lab)


SLEEPS = "import time\n\nprint('sleeping')\ntime.sleep(60)\nprint('awake')\n"


def test_stop_ends_a_long_sleep_without_restarting_python(page, widgets_site):
    # Pyodide's own time.sleep never looks at the interrupt buffer; labkit's sleeps in steps.
    lab = open_lab(page, widgets_site)
    set_code(page, lab, SLEEPS)
    button(lab, "Run").click()
    expect(output(lab)).to_contain_text("sleeping")
    stop_within_a_second(lab)
    expect(output(lab)).to_contain_text("Stopped.")
    assert "awake" not in output(lab).inner_text()
    keeps_the_draft(page, lab, SLEEPS)
    solution_passes(page, lab)


def test_a_keyboard_interrupt_the_code_raises_itself_is_not_called_a_stop(page, widgets_site):
    lab = open_lab(page, widgets_site)
    code = f"{HEADER}:\n    raise KeyboardInterrupt\n"
    text = check(page, lab, code)
    assert text.startswith("Your code raised KeyboardInterrupt"), text
    assert "Stopped" not in output(lab).inner_text()
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


def test_a_check_past_the_time_limit_stops_by_itself(page, widgets_site):
    lab = open_lab_with_time_limit(page, widgets_site, time_limit=2)
    set_code(page, lab, ENDLESS_IN_FUNCTION)
    started = time.monotonic()
    button(lab, "Check").click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=5_000)
    ran_for = time.monotonic() - started
    assert 1.8 < ran_for < 3.5, ran_for
    expect(verdict(lab)).to_contain_text("Stopped before the checks finished.")
    expect(verdict(lab)).to_contain_text("Your code ran for more than 2 seconds, this lab's time limit.")
    expect(output(lab)).to_contain_text("Is there a loop that never ends?")
    lab = keeps_the_draft(page, lab, ENDLESS_IN_FUNCTION, reload=True)
    solution_passes(page, lab)


# ----- memory -----

GROWS_FOREVER = f"""{HEADER}:
    rows = []
    while True:
        rows.append([0] * 100_000)


{CALL_FIRST_CASE}
"""


def test_a_list_too_big_for_memory_is_explained(page, widgets_site):
    lab = open_lab(page, widgets_site)
    # Pyodide's Python is 32-bit: 10**10 items cannot even be counted, 10**9 cannot be stored.
    for code, error in [("x = 1\nbig = [0] * 10**9\n", "MemoryError"), ("x = 1\nbig = [0] * 10**10\n", "OverflowError")]:
        text = run(page, lab, code)
        assert f"line 2\n    big = [0] * 10**" in text and error in text, text
        assert "Your code asked for more memory than the browser can give." in text
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


def test_a_list_that_grows_forever_runs_out_of_memory_and_python_carries_on(page, widgets_site):
    # Filling the worker's 4 GB for the first time takes about as long as the lab's 10 s limit,
    # which could stop it first (that path is the time-limit test): allow a minute here.
    lab = open_lab_with_time_limit(page, widgets_site, time_limit=60)
    text = run(page, lab, GROWS_FOREVER, timeout=60_000)
    assert f"line 4, in {FUNCTION}\n    rows.append([0] * 100_000)\nMemoryError" in text, text
    assert "Look for a list that grows forever" in text
    lab = keeps_the_draft(page, lab, GROWS_FOREVER)
    solution_passes(page, lab)


# ----- recursion, printing, HTML -----


def test_infinite_recursion_points_at_the_learners_line(page, widgets_site):
    lab = open_lab(page, widgets_site)
    code = f"{HEADER}:\n    return {CALLS_ITSELF}\n"
    text = check(page, lab, code)
    assert text.startswith(f"{len(CHECKS)} of {len(CHECKS)} checks failed."), text
    assert "raised RecursionError on line 2" in text
    assert f"line 2, in {FUNCTION}\n    return {CALLS_ITSELF}" in text
    assert "A function kept calling itself and never stopped." in text
    assert len(text) < 20_000, "a thousand identical frames help nobody"
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


def test_ten_megabytes_of_printing_are_cut_and_the_page_stays_responsive(page, widgets_site):
    lab = open_lab(page, widgets_site)
    printed = lab.locator("[data-output] .output-stdout")
    text = run(page, lab, "print('x' * 10_000_000)\n")
    assert "Output cut: only the first 100,000 characters are shown." in text
    assert "Your code ran to the end." in text
    assert sum(printed.evaluate_all("spans => spans.map((span) => span.textContent.length)")) == OUTPUT_CAP

    floods = "while True:\n    print('0123456789' * 10)\n"
    set_code(page, lab, floods)
    button(lab, "Run").click()
    expect(output(lab)).to_contain_text("Output cut", timeout=RUN_TIMEOUT)
    for _ in range(3):  # the page answers at once while the flood goes on
        started = time.monotonic()
        page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
        assert time.monotonic() - started < 0.5
    assert sum(printed.evaluate_all("spans => spans.map((span) => span.textContent.length)")) <= OUTPUT_CAP
    stop_within_a_second(lab)
    keeps_the_draft(page, lab, floods)
    solution_passes(page, lab)


def test_html_in_output_and_errors_is_shown_as_text(page, widgets_site):
    lab = open_lab(page, widgets_site)
    text = run(page, lab, "print('<img src=x onerror=alert(1)>')\nraise ValueError('<img src=x onerror=alert(2)>')\n")
    assert "<img src=x onerror=alert(1)>" in text
    assert "ValueError: <img src=x onerror=alert(2)>" in text
    text = check(page, lab, f"{HEADER}:\n    raise ValueError('<b>bold</b><img src=x onerror=alert(3)>')\n")
    assert "raised ValueError on line 2: <b>bold</b><img src=x onerror=alert(3)>" in text
    code = f"{HEADER}:\n    return '<img src=x onerror=alert(4)>'\n"
    text = check(page, lab, code)
    assert "returned '<img src=x onerror=alert(4)>', which is a string" in text
    page.wait_for_timeout(300)  # time for a broken image's onerror to fire, were there one
    assert output(lab).locator("img, b").count() == 0
    assert verdict(lab).locator("img, b").count() == 0
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


# ----- cheating -----

WRONG_BODY = f"    return [0.5] * {len(EXPECTED)}\n"  # a list of the right length, with the wrong numbers
SIZE = len(EXPECTED)
SHOULD_BE = f"expected {show(EXPECTED)}"


def returning(expression):
    return f"{HEADER}:\n    return {expression}\n"


CHEATS = [
    # (what it tries, code, what the verdict must say)
    ("redefines print", f"print = lambda *args, **kwargs: None\n\n{HEADER}:\n" + WRONG_BODY, SHOULD_BE),
    (
        "replaces isinstance",
        "import builtins\nbuiltins.isinstance = lambda *args: True\n\n" + returning(repr(show(EXPECTED)[1:-1])),
        f"which is {shape_of('')}; expected {shape_of(EXPECTED)}",
    ),
    (
        "doctors math to hide a nan",
        "import math\nmath.isnan = lambda x: False\nmath.isinf = lambda x: False\n\n" + returning(f"[float('nan')] * {SIZE}"),
        "which contains nan: a number that is not a number",
    ),
    (
        "patches the checker module",
        f"import labkit.checks, labkit.values\nlabkit.checks.close = lambda *a, **k: True\nlabkit.values.close = lambda *a, **k: True\n\n{HEADER}:\n" + WRONG_BODY,
        SHOULD_BE,
    ),
    (
        "patches the checker's class",
        f"import labkit.checks\nlabkit.checks.Tester.require_close = lambda *a, **k: None\nlabkit.checks.Tester.require_shape = lambda *a, **k: None\n\n{HEADER}:\n" + WRONG_BODY,
        SHOULD_BE,
    ),
    (
        "patches the checker from inside the function",
        f"{HEADER}:\n    import labkit.checks\n    labkit.checks.Tester.require_close = lambda *a, **k: None\n" + WRONG_BODY,
        SHOULD_BE,
    ),
    ("equals everything", "class Same:\n    def __eq__(self, other):\n        return True\n\n\n" + returning("Same()"), "something the checker cannot read: it is a Same"),
    (
        "float subclass equal to everything",
        "class Sly(float):\n    def __eq__(self, other):\n        return True\n\n\n" + returning(f"[Sly(0)] * {SIZE}"),
        f"returned {show([0] * SIZE)}; {SHOULD_BE}",
    ),
    ("nan", returning(f"[float('nan')] * {SIZE}"), "which contains nan"),
    ("infinity", returning(f"[float('inf')] * {SIZE}"), "a number that is infinite"),
    ("generator", returning(f"(n for n in range({SIZE}))"), "it is a generator, not a list"),
    ("exit()", f"{HEADER}:\n    exit()\n", "raised SystemExit on line 2"),
]


def test_cheats_are_judged_on_their_answers(page, widgets_site):
    lab = open_lab(page, widgets_site)
    for name, code, message in CHEATS:
        text = check(page, lab, code)
        assert not text.startswith(PASSED), f"{name}: {text}"
        assert message in text, f"{name}: {text}"
        assert "our bug, not yours" not in text and "course's checker" not in output(lab).inner_text(), name
    # The right answer still passes when the code around it is cheeky.
    cheeky = "import builtins\nbuiltins.isinstance = lambda *args: True\n\n" + SOLUTION
    assert check(page, lab, cheeky).startswith(PASSED)
    keeps_the_draft(page, lab, cheeky)
    solution_passes(page, lab)


def test_damage_to_python_itself_does_not_outlast_the_run(page, widgets_site):
    lab = open_lab(page, widgets_site)
    damage = "import sys\nsys.stdout = None\nsys.setrecursionlimit(30)\n"
    assert "Your code ran to the end." in run(page, lab, damage)
    assert "still printing" in run(page, lab, "print('still printing')\n")
    assert "Your code ran to the end." in run(page, lab, "import sys\nsys.stdout.close()\n")
    assert "still printing" in run(page, lab, "print('still printing')\n")
    text = run(page, lab, "import sys\nsys.exit('bye')\n")
    assert "SystemExit: bye" in text and "exit() ends the whole program" in text
    assert "course's checker" not in text
    # Ending the runtime itself: Python is started afresh.
    code = "import os\nos._exit(1)\n"
    text = run(page, lab, code, timeout=READY_TIMEOUT)
    assert "Python stopped working" in text and "your code is still in the editor" in text, text
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


# ----- what the labs do not offer, and code that does not parse -----


def test_numpy_and_input_get_a_clear_message(page, widgets_site):
    lab = open_lab(page, widgets_site)
    text = check(page, lab, f"import numpy as np\n\n{HEADER}:\n    return np.zeros(2)\n")
    assert text.startswith("Your code raised ModuleNotFoundError on line 1."), text
    assert "numpy is not available here" in text
    assert "''" in run(page, lab, "import sys\nprint(repr(sys.stdin.readline()))\n")  # end of file, not a hang
    for code in ["import builtins\nname = builtins.input('Your name? ')\n", "name = 'Ada'\nname = input('Your name? ')\n"]:
        text = run(page, lab, code)
        assert "line 2\n" in text and "input() does not work in the labs: there is no keyboard to read from." in text, text
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


SYNTAX_ERRORS = [
    (
        f"{HEADER}\n    return []\n",
        ["SyntaxError on line 1: expected ':'", f"    {HEADER}", " " * len(f"    {HEADER}") + "^"],
    ),
    (
        f"{HEADER}:\n    scores = []\n      return scores\n",
        ["IndentationError on line 3: unexpected indent", "    return scores", "    ^"],
    ),
    (
        f"{HEADER}:\nreturn []\n",
        ["IndentationError on line 2: expected an indented block after function definition on line 1", "    return []", "    ^"],
    ),
    (
        f"{HEADER}:\n    print('unfinished)\n",
        ["SyntaxError on line 2: unterminated string literal (detected at line 2)", "    print('unfinished)", "          ^"],
    ),
]


def test_syntax_errors_show_the_learners_line_and_a_caret(page, widgets_site):
    lab = open_lab(page, widgets_site)
    for code, lines in SYNTAX_ERRORS:
        kind, line = re.match(r"(\w+) on line (\d+)", lines[0]).groups()
        assert check(page, lab, code).startswith(f"Your code raised {kind} on line {line}.")
        assert verdict(lab).locator("pre").inner_text().splitlines() == lines
        # A Check clicked before the next fresh Python has loaded adds a note about the wait first.
        printed = [line for line in output(lab).inner_text().splitlines() if FRESH_PYTHON_NOTE not in line]
        assert printed == lines
    keeps_the_draft(page, lab, code)
    solution_passes(page, lab)


# ----- one run cannot change the next: each has a Python no learner code has touched -----

# Each program damages the Python it runs in another way; the wrong answer checked after it
# must still get its own message, and the solution must still pass.
DAMAGE = {
    "the checker's code": "import labkit.checks as c\nfor f in vars(c).values():\n    if hasattr(f, '__code__'):\n        f.__code__ = (lambda *a, **k: None).__code__\n",
    "the module table": "import sys\nfor name in list(sys.modules):\n    if name.startswith('labkit'):\n        sys.modules[name] = None\n",
    "the checker's files": "import glob, labkit, os\nfor f in glob.glob(os.path.dirname(labkit.__file__) + '/*.py'):\n    open(f, 'w').write('raise SystemExit')\n",
    "hooks": "import gc, sys\nsys.addaudithook(lambda *a: None)\nsys.settrace(lambda *a: None)\ngc.callbacks.append(lambda *a: print('gc'))\n",
    "later callbacks": "import asyncio\nasync def later():\n    await asyncio.sleep(0.2)\n    print('LATE')\nasyncio.ensure_future(later())\n",
}


@pytest.mark.parametrize("damaged", DAMAGE)
def test_damage_done_in_one_run_is_gone_by_the_next_check(page, widgets_site, damaged):
    lab = open_lab(page, widgets_site)
    run(page, lab, DAMAGE[damaged])
    wrong = next(iter(LAB.wrong_answers))
    text = check(page, lab, wrong.code)
    assert wrong.expect in text, text
    assert "LATE" not in output(lab).inner_text()
    solution_passes(page, lab)


def test_a_huge_value_returned_is_shown_cut_and_blamed_on_the_learner(page, widgets_site):
    lab = open_lab(page, widgets_site)
    text = check(page, lab, f"{HEADER}:\n    return 'x' * 100_000\n")
    assert "(100,000 characters in all)" in text
    assert len(text) < 10_000
    text = check(page, lab, f"class Odd(Exception):\n    def __str__(self):\n        raise SystemExit\n\n{HEADER}:\n    raise Odd()\n")
    assert "its message could not be shown" in text and "our bug" not in text and "course's checker" not in text
    solution_passes(page, lab)
