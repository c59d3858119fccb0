"""How fast microgpt trains, in CPython and in a headless Chromium tab. Prints figures; asserts nothing.

    NAMES_TXT=../shared/data/names.txt .venv/bin/python bench/training_speed.py

In one run, with the same code (bench/step_costs.py) in a fresh interpreter of each runtime:
- seconds a training step: the course's model for all 1,000 steps, and the model the
  capstone assembles from every lab's solution (as its page trains it) for the first STEPS
- what a step spends its time on (building the graph, the topological order, the walk
  back, Adam) and what its graph holds
- where the tab's losses first differ from CPython's, and which maths calls round
  differently there (Pyodide's musl against CPython's glibc)
"""

import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from bench.tab import NAMES_IN_TAB, pyodide_tab  # noqa: E402

NAMES_TXT = Path(os.environ.get("NAMES_TXT", PROJECT.parent / "shared" / "data" / "names.txt"))
STEPS = 100  # of the capstone's model, and of the course's for the same comparison
PHASE_STEPS = 30
LOOK_FOR_A_DIFFERENCE = 60  # steps from CPython's starting weights, to see where the tab drifts
TAB_FILES = [
    *sorted((PROJECT / "course" / "microgpt").glob("*.py")), *sorted((PROJECT / "labkit").glob("*.py")),
    PROJECT / "bench" / "step_costs.py",
]


def lab_solutions():
    """{lab id: the solution's code} for every piece the capstone takes from a lab."""
    sys.path.insert(0, str(PROJECT / "course"))
    from labkit.capstone import PIECES

    return {lab_id: (PROJECT / "labs" / lab_id / "solution.py").read_text(encoding="utf-8") for _piece, lab_id, _what in PIECES}


def code(function, *args, show=False):
    """Python calling bench/step_costs.py's `function` with `args`, ending on its value as JSON
    text: the tab takes the last line's value, CPython prints it (`show`)."""
    value = f"json.dumps(step_costs.{function}(*json.loads({json.dumps(args)!r})))"
    return "import json\nfrom bench import step_costs\n" + (f"print({value})" if show else value)


def in_cpython(function, *args):
    """`function` in a fresh CPython, as the tab's Python is fresh: this one holds Playwright,
    whose objects would make its cycle collector's rounds longer."""
    path = os.pathsep.join([str(PROJECT), str(PROJECT / "course")])
    completed = subprocess.run([sys.executable, "-"], input=code(function, *args, show=True), env={**os.environ, "PYTHONPATH": path},
                               capture_output=True, text=True, check=True)
    return json.loads(completed.stdout)


def main():
    parts = lab_solutions()
    here = in_cpython("figures", str(NAMES_TXT), parts, STEPS, PHASE_STEPS)
    with pyodide_tab(TAB_FILES, NAMES_TXT) as in_the_tab:
        there = in_the_tab(code("figures", NAMES_IN_TAB, parts, STEPS, PHASE_STEPS))
        version = in_the_tab("import json, sys\njson.dumps(sys.version.split()[0])")
        # From CPython's own starting weights, every step's weights: where does the tab drift?
        drift = in_the_tab(code("course_run", NAMES_IN_TAB, LOOK_FOR_A_DIFFERENCE, here["start"]))
        reference = in_cpython("course_run", str(NAMES_TXT), LOOK_FOR_A_DIFFERENCE)
        first = first_difference(drift["digests"], reference["digests"])
        maths = None
        if first is not None:
            inputs = in_cpython("maths_inputs", str(NAMES_TXT), here["start"], first)
            maths = inputs, in_cpython("maths_outputs", inputs), in_the_tab(code("maths_outputs", inputs))
    print(f"CPython {platform.python_version()} and Pyodide's Python {version} in headless Chromium, each fresh; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print_speed(here, there)
    print_phases(here["phases"], there["phases"])
    print_losses(here, there, drift, reference, first, maths)


def per_step(seconds, steps=None):
    return statistics.fmean(seconds[:steps])


def print_speed(here, there):
    print("seconds a training step (mean)                 CPython   Chromium tab")
    rows = [
        ("the course's model, all 1,000 steps", here["course"]["seconds"], there["course"]["seconds"], None),
        (f"the course's model, first {STEPS} steps", here["course"]["seconds"], there["course"]["seconds"], STEPS),
        (f"the lab solutions' model, first {STEPS} steps", here["capstone"]["seconds"], there["capstone"]["seconds"], STEPS),
    ]
    for label, cpython, tab, steps in rows:
        print(f"  {label:<45} {per_step(cpython, steps):7.4f}   {per_step(tab, steps):7.4f}")
    print(f"1,000 steps of the course's model: {sum(here['course']['seconds']):.1f} s in CPython, {sum(there['course']['seconds']):.1f} s in the tab")
    for where, figures in (("CPython", here), ("the tab", there)):
        same = figures["capstone"]["digest"] == figures["course"]["digests"][0]
        apart = max(abs(a - b) for a, b in zip(figures["capstone"]["losses"], figures["course"]["losses"]))
        print(f"the lab solutions' model in {where}: after {STEPS} steps its weights are {'' if same else 'not '}the course's model's; "
              f"its losses differ by at most {apart:.1e} (where a solution's number is not the course's, the capstone carries it on)")


PHASES = {
    "forward": "forward pass (builds the graph)", "order": "topological order", "walk": "the walk back (backward)",
    "adam": "Adam's update", "free": "freeing the graph",
}


def print_phases(here, there):
    """What dominates a step: each phase's milliseconds a step and its share, in both runtimes."""
    print(f"what a step of the course's model spends (mean of {PHASE_STEPS} steps)   CPython        Chromium tab")
    totals = sum(here["seconds"].values()), sum(there["seconds"].values())
    for key, label in PHASES.items():
        cells = [f"{s['seconds'][key] / PHASE_STEPS * 1000:5.1f} ms {s['seconds'][key] / total:4.0%}" for s, total in zip((here, there), totals)]
        print(f"  {label:<52} {cells[0]}   {cells[1]}")
    graph = {key: count / PHASE_STEPS for key, count in here["graph"].items()}
    print(f"a step's graph: {graph['nodes']:,.0f} computed nodes over {graph['leaves']:,.0f} leaves, "
          f"{graph['edges']:,.0f} edges; {graph['dot nodes']:,.0f} dot nodes hold {graph['dot edges'] / graph['edges']:.0%} of the edges "
          f"(each edge is one multiply-add forward and one back)")


def first_difference(ours, theirs):
    """The first step (from 1) where two lists differ, or None."""
    return next((step for step, (a, b) in enumerate(zip(ours, theirs), 1) if a != b), None)


def print_losses(here, there, drift, reference, first, maths):
    cpython, tab = here["course"]["losses"], there["course"]["losses"]
    differ = [step for step, (a, b) in enumerate(zip(tab, cpython), 1) if a != b]
    largest = max(abs(a - b) for a, b in zip(tab, cpython))
    if not differ:
        print("the tab's 1,000 losses are CPython's exactly")
        return
    print(f"the tab's losses first differ from CPython's at step {differ[0]} ({len(differ)} of 1,000 differ, by at most {largest:.1e}); "
          f"last loss {tab[-1]!r} in the tab, {cpython[-1]!r} in CPython")
    starts = sum(a != b for a, b in zip(here["start"], there["start"]))
    print(f"  why, 1: {starts} of the {len(here['start']):,} starting weights differ already: random.gauss draws them with "
          "log, cos and sin, and Pyodide's maths library (musl) rounds some of them differently from CPython's (glibc)")
    loss_step = first_difference(drift["losses"], reference["losses"])
    if first is None:
        print(f"  from CPython's starting weights, the tab trains as CPython does for {LOOK_FOR_A_DIFFERENCE} steps")
        return
    print(f"  why, 2: from CPython's starting weights the tab's weights first differ after step {first}, its loss at step {loss_step}; "
          f"in step {first}, the maths calls that round differently:")
    inputs, ours, theirs = maths
    for name, calls in maths_by_kind(inputs, ours, theirs).items():
        apart = [(x, a, b) for x, a, b in calls if a != b]
        example = f", first {apart[0][0]}: {apart[0][1]!r} in CPython, {apart[0][2]!r} in the tab" if apart else ""
        print(f"    {name} ({MATHS_USE.get(name, "Adam's beta**t")}): {len(apart)} of {len(calls):,}{example}")


# What each maths call is for, in a training step.
MATHS_USE = {"exp": "softmax", "log": "the loss", "** -1": "divisions", "** -0.5": "rmsnorm",
             "** 2": "Adam's grad**2", "** 0.5": "Adam's v_hat**0.5"}


def maths_by_kind(inputs, ours, theirs):
    """{"exp", "log", "** 2", ...: [(the call as text, CPython's float, the tab's)]}: powers by exponent."""
    kinds = {}
    for name in ours:
        for args, a, b in zip(inputs[name], ours[name], theirs[name]):
            if name == "pow":
                kind, text = f"** {args[1]!r}", f"{args[0]!r} ** {args[1]!r}"
            else:
                kind, text = name, f"{name}({args[0]!r})"
            kinds.setdefault(kind, []).append((text, a, b))
    return kinds


if __name__ == "__main__":
    main()
