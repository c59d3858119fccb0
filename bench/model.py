"""Benchmarks for the real model. Prints figures; asserts nothing.

    NAMES_TXT=../shared/data/names.txt .venv/bin/python bench/model.py

- seconds per training step, fast engine against the reference one (tests/reference_engine.py),
  in CPython, in Pyodide under Node and in a headless Chromium tab; 1,000 steps in the tab,
  and where its losses first differ from CPython's (the committed checkpoint's)
- the neural bigram lesson's run (labkit.training with the lab's solution, to the counting
  model's loss): CPython, and Pyodide under Node
- one name's forward pass with attention maps: CPython, and Pyodide under Node
- typing a name in a heatmap until the grid shows it (headless Chromium)
"""

import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from bench.tab import PYODIDE, pyodide_tab  # noqa: E402
from bench.training_steps import compare_engines, weights_digest  # noqa: E402
from microgpt import attention_maps, load_checkpoint, read_checkpoint  # noqa: E402
from site_builder.build import build  # noqa: E402
from tests.browser import chromium, serving  # noqa: E402

CHECKPOINT = PROJECT / "course" / "checkpoint.json"
LONG_NAME = "christopherjohn"  # 15 letters: the model's whole context after the start marker


def median_ms(function, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


NAMES_TXT = Path(os.environ.get("NAMES_TXT", PROJECT.parent / "shared" / "data" / "names.txt"))
STEPS_COMPARED = 10


def print_comparison(runtime, result):
    fast, slow = result["median_s"]["fast"], result["median_s"]["reference"]
    same = "same losses and weights" if result["same_losses"] and result["same_weights"] else "LOSSES OR WEIGHTS DIFFER"
    print(f"training step ({runtime}): median {fast:.3f} s, reference engine {slow:.3f} s ({slow / fast:.1f}x), "
          f"fastest {result['min_s']['fast']:.3f} s / {result['min_s']['reference']:.3f} s, over {STEPS_COMPARED} alternating steps; {same}")


def bench_training():
    print_comparison("CPython", compare_engines(NAMES_TXT, STEPS_COMPARED))


def in_node_pyodide(code):
    """The value of `code`'s last line, run in Pyodide under Node with the project mounted."""
    script = PROJECT / "bench" / "train_in_pyodide.mjs"
    completed = subprocess.run(["node", str(script), str(PYODIDE), str(PROJECT), str(NAMES_TXT)], input=code, capture_output=True, text=True, check=True)
    return json.loads(completed.stdout)


COMPARE = f"import json\nfrom bench.training_steps import compare_engines\njson.dumps(compare_engines(NAMES_TXT, {STEPS_COMPARED}))"
FULL_RUN = "import json\nfrom bench.training_steps import full_run\njson.dumps(full_run(NAMES_TXT))"


def bench_training_node():
    print_comparison("Pyodide under Node", in_node_pyodide(COMPARE))


TAB_FILES = [*sorted((PROJECT / "course" / "microgpt").glob("*.py")), PROJECT / "tests" / "__init__.py",
             PROJECT / "tests" / "reference_engine.py", PROJECT / "bench" / "training_steps.py"]


def bench_training_tab():
    """Pyodide in a headless Chromium tab (its main thread): the engines compared, then 1,000 steps."""
    with pyodide_tab(TAB_FILES, NAMES_TXT) as in_the_tab:
        print_comparison("Pyodide in a Chromium tab", in_the_tab(COMPARE))
        full = in_the_tab(FULL_RUN)
    print(f"1,000 training steps in a Chromium tab: {full['seconds']:.1f} s; last loss {full['losses'][-1]!r}")
    compare_with_cpython("the tab", full)
    return full


def compare_with_cpython(where, full):
    """Pyodide's losses and weights against CPython's, as the committed checkpoint holds them."""
    checkpoint = read_checkpoint(CHECKPOINT)
    cpython = checkpoint.losses
    differ = [step for step, (a, b) in enumerate(zip(full["losses"], cpython), 1) if a != b]
    worst = max((abs(a - b) for a, b in zip(full["losses"], cpython)), default=0.0)
    first = f"first at step {differ[0]}" if differ else "none"
    weights = "equal" if full["digests"]["1000"] == weights_digest(checkpoint) else "different (they start different: see below)"
    print(f"losses differing from CPython's in {where}: {len(differ)} of 1000, {first}, largest difference {worst:.1e}; final weights {weights}")


def bench_libm(steps=12):
    """Which maths functions round differently in Pyodide (musl's libm) than in CPython (glibc's)."""
    from bench.training_steps import libm_inputs, libm_outputs

    inputs = libm_inputs(NAMES_TXT, steps)
    here = libm_outputs(inputs)
    there = in_node_pyodide(f"import json\nfrom bench.training_steps import libm_outputs\njson.dumps(libm_outputs(json.loads({json.dumps(inputs)!r})))")
    counts = ", ".join(f"{name} {sum(a != b for a, b in zip(here[name], there[name]))} of {len(here[name])}" for name in here)
    print(f"maths calls giving another float in Pyodide (starting weights' gauss: cos, sin, log; first {steps} steps: log, exp): {counts}")


NEURAL_BIGRAM = """import contextlib, io, json, time
from labkit import training
code = {code!r}
started = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):  # the solution's try-outs print; stdout carries the answer
    reply = training.train(code, {counts!r}, "{steps}", "{lr}", lambda text: None, "{target!r}")
json.dumps({{"seconds": time.perf_counter() - started, "reached": reply["reached"]}})"""


def bench_neural_bigram():
    """The neural bigram lesson's run of the lab's solution, as the page asks it, to the counting model's loss."""
    from labkit import training
    from site_builder.numbers import fresh_package

    fresh_package(PROJECT / "course" / "numbers")
    import course_numbers.neural_blocks as neural_blocks

    found = neural_blocks.neural_bigram()
    settings = {
        "code": (PROJECT / "labs/07-neural-blocks/neural-bigram/solution.py").read_text(encoding="utf-8"),
        "counts": json.dumps(found["counts"]), "steps": found["max_steps"], "lr": found["lr"], "target": found["counting_smoothed"],
    }
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        reply = training.train(settings["code"], settings["counts"], str(settings["steps"]), str(settings["lr"]), lambda text: None, repr(settings["target"]))
    print(f"neural bigram run (CPython): {reply['reached']} steps in {time.perf_counter() - started:.1f} s")
    node = in_node_pyodide(NEURAL_BIGRAM.format(**settings))
    print(f"neural bigram run (Pyodide under Node): {node['reached']} steps in {node['seconds']:.1f} s")


def bench_forward_cpython():
    model = load_checkpoint(CHECKPOINT)
    for name in ("emma", LONG_NAME):
        print(f"forward pass + attention maps, {name!r} (CPython): median {median_ms(lambda: attention_maps(model, name), 30):.1f} ms")


def bench_forward_pyodide(site):
    requests = [{"action": "attention", "name": name} for name in ["emma"] * 10 + [LONG_NAME] * 10]
    script = PROJECT / "tests" / "runtime" / "grade_in_pyodide.mjs"
    completed = subprocess.run(["node", str(script), str(site / "pyodide")], input=json.dumps(requests), capture_output=True, text=True, check=True)
    results = json.loads(completed.stdout)["results"]
    for name, chunk in (("emma", results[1:10]), (LONG_NAME, results[11:20])):
        print(f"forward pass + attention maps, {name!r} (Pyodide under Node): median {statistics.median(r['elapsed_ms'] for r in chunk):.1f} ms")
    print(f"first attention request in a fresh Pyodide (loads the checkpoint): {results[0]['elapsed_ms']:.1f} ms")


def bench_typing(site):
    with serving(site) as url, chromium() as browser:
        page = browser.new_page(bypass_csp=True)  # the site forbids eval; the benchmark's probes need it
        page.goto(url + "attention-explained/")
        heatmap = page.locator("section[data-heatmap]").first
        field = heatmap.get_by_role("textbox", name="Or type any name")
        field.fill("warm")
        page.wait_for_function("document.querySelector('section[data-heatmap]').dataset.name === 'warm'", timeout=120_000)
        times = []
        for name in ["zed", "anna", "oliver", "sophia", "maximilian", "lee"]:
            started = time.perf_counter()
            field.fill(name)
            page.wait_for_function(f"document.querySelector('section[data-heatmap]').dataset.name === '{name}'", timeout=30_000)
            times.append(time.perf_counter() - started)
        print(f"typing a name -> updated heatmap (Python loaded; includes the widget's 250 ms typing pause): median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms over {len(times)}")


def main():
    bench_training()
    bench_training_node()
    bench_training_tab()
    bench_libm()
    bench_neural_bigram()
    bench_forward_cpython()
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "dist"
        build(PROJECT, site)
        bench_forward_pyodide(site)
        bench_typing(site)


if __name__ == "__main__":
    main()
