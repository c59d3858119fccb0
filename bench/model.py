"""Benchmarks for the real model. Prints figures; asserts nothing.

    NAMES_TXT=../shared/data/names.txt .venv/bin/python bench/model.py

- seconds per training step (CPython)
- one name's forward pass with attention maps: CPython, and Pyodide under Node
- typing a name in a heatmap until the grid shows it (headless Chromium)
"""

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

from microgpt import TrainingRun, attention_maps, load_checkpoint, read_names  # noqa: E402
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


def bench_training():
    names_path = os.environ.get("NAMES_TXT", str(PROJECT.parent / "shared" / "data" / "names.txt"))
    run = TrainingRun(read_names(names_path), num_steps=1000)
    times = []
    for _ in range(10):
        started = time.perf_counter()
        run.step()
        times.append(time.perf_counter() - started)
    print(f"training step (CPython): median {statistics.median(times):.3f} s over {len(times)} steps")


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
    bench_forward_cpython()
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "dist"
        build(PROJECT, site)
        bench_forward_pyodide(site)
        bench_typing(site)


if __name__ == "__main__":
    main()
