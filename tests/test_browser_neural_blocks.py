"""Module 7's model views in headless Chromium: the next-letter bars and the live training run.

Expected numbers come from the course's own microgpt and a training loop written here,
under CPython, so these tests also check that the page shows the real model's numbers.
"""

import json
import math
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import READY_TIMEOUT, fits_a_phone, put_code, ready_lab, serious_problems

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
BARS_PAGE = "07-neural-blocks/next-letter-probs/"
TRAIN_PAGE = "07-neural-blocks/neural-bigram/"
TRAIN_LAB = "Lab: One training step"
SOLUTION = (PROJECT / "labs/07-neural-blocks/neural-bigram/solution.py").read_text(encoding="utf-8")
PYTHON_TIMEOUT = 30_000


def probs_after(prefix):
    from microgpt import load_checkpoint, run_name
    from microgpt.layers import softmax

    model = load_checkpoint(PROJECT / "course" / "checkpoint.json")
    _maps, logits = run_name(model, prefix)
    return dict(zip([*model.tokenizer.chars, "end"], softmax(logits[-1])))


def favourites(probs):
    return sorted(probs, key=probs.get, reverse=True)[:3]


def bars(page):
    return page.get_by_role("region", name="What comes next?")


def row_text(widget, token):
    return widget.locator("tbody tr").filter(has=widget.page.get_by_role("rowheader", name=token, exact=True))


def test_the_bars_for_em_are_in_the_page_before_python(page, site):
    page.goto(site + BARS_PAGE)
    widget = bars(page)
    probs = probs_after("em")
    expect(widget.locator("tbody tr")).to_have_count(27)
    for token in favourites(probs):
        expect(row_text(widget, token)).to_contain_text(f"{100 * probs[token]:.1f}%")
    expect(widget.get_by_role("status")).to_contain_text(f"“{favourites(probs)[0]}” {100 * probs[favourites(probs)[0]]:.1f}%")


def test_typed_letters_are_read_by_the_pages_python(page, site):
    page.goto(site + BARS_PAGE)
    widget = bars(page)
    box = widget.get_by_role("textbox", name="Letters so far")
    box.fill("KA")
    box.press("Enter")  # the keyboard alone: no pointer needed
    probs = probs_after("ka")
    top = favourites(probs)[0]
    expect(widget.get_by_role("status")).to_contain_text(f"After “ka”, the model's favourites are “{top}” {100 * probs[top]:.1f}%", timeout=READY_TIMEOUT)
    expect(row_text(widget, "end")).to_contain_text(f"{100 * probs['end']:.1f}%")
    box.fill("k4")
    box.press("Enter")
    expect(widget.get_by_role("status")).to_contain_text("only knows the letters a to z")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_bars_are_accessible_and_fit_a_phone(new_context, site, scheme):
    page = new_context(bypass_csp=True, color_scheme=scheme).new_page()
    page.goto(site + BARS_PAGE)
    expect(bars(page).locator("tbody tr")).to_have_count(27)
    assert serious_problems(page) == []
    assert fits_a_phone(page)


def reference_losses(steps, lr, stop_below):
    """The loss curve of the lesson's run, from a loop written here on counts made from names.txt,
    up to the first loss at or below `stop_below`."""
    from site_builder.names_data import names_path

    letters = "abcdefghijklmnopqrstuvwxyz"
    counts = [[0] * 27 for _ in range(27)]
    for name in names_path(PROJECT).read_text(encoding="utf-8").split():
        tokens = [26, *(letters.index(ch) for ch in name), 26]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    pairs = sum(map(sum, counts))
    W = [[0.0] * 27 for _ in range(27)]
    losses = []
    for step in range(steps + 1):
        rows = [[math.exp(w) / sum(math.exp(v) for v in row) for w in row] for row in W]
        losses.append(-sum(c * math.log(p) for r, cs in zip(rows, counts) for p, c in zip(r, cs) if c) / pairs)
        if losses[-1] <= stop_below:
            break
        W = [[w - lr * (sum(cs) * p - c) / pairs for w, p, c in zip(row, r, cs)] for row, r, cs in zip(W, rows, counts)]
    return losses


def training(page):
    return page.get_by_role("region", name="Train your table")


def page_settings(widget):
    """The run's settings as the page holds them: its learning rate, step limit and target loss."""
    return json.loads(widget.locator("[data-training-config]").text_content())


def counting_model_loss():
    """Module 3's counting model (1 added to every count) on names.txt, computed here."""
    from site_builder.names_data import names_path

    pairs = Counter()
    for name in names_path(PROJECT).read_text(encoding="utf-8").split():
        padded = "." + name + "."
        pairs.update(zip(padded, padded[1:]))
    firsts = Counter()
    for (a, _), n in pairs.items():
        firsts[a] += n
    return -math.fsum(n * math.log((n + 1) / (firsts[a] + 27)) for (a, _), n in pairs.items()) / sum(pairs.values())


def test_train_runs_the_learners_step_until_it_reaches_the_counting_model(page, site):
    page.goto(site + TRAIN_PAGE)
    lab = ready_lab(page, TRAIN_LAB)
    put_code(lab, SOLUTION)
    widget = training(page)
    settings = page_settings(widget)
    assert settings["target"] == pytest.approx(counting_model_loss(), abs=1e-12)
    expected = reference_losses(settings["steps"], settings["lr"], settings["target"])
    reached = len(expected) - 1
    assert expected[-1] <= settings["target"] < expected[-2] and reached < settings["steps"]
    started = time.monotonic()
    widget.get_by_role("button", name="Train").click()
    status = widget.get_by_role("status")
    expect(status).to_contain_text(f"Reached the counting model's loss at step {reached}: your table's loss is {expected[-1]:.4f}", timeout=120_000)
    print(f"{reached} steps of the solution's train_step in the page: {time.monotonic() - started:.1f} s")
    expect(status).to_contain_text(f"the counting model's is {settings['target']:.4f}")
    bar = widget.get_by_role("progressbar", name="Training")
    expect(bar).to_have_attribute("aria-valuenow", str(reached))
    expect(bar).to_have_attribute("aria-valuemax", str(reached))
    every = settings["tableEvery"]
    expect(widget.locator("tbody tr")).to_have_count(len({*range(0, reached, every), reached}))  # steps 0, every, ... and the last
    expect(widget.locator("tbody tr").nth(5)).to_contain_text(f"{expected[5 * every]:.4f}")
    expect(widget.locator("tbody tr").last.locator("th")).to_have_text(str(reached))  # in a closed <details>: no roles
    expect(widget.locator("tbody tr").last.locator("td")).to_have_text(f"{expected[-1]:.4f}")
    expect(widget.locator(".chart-line")).to_have_count(1)


def test_a_step_too_slow_to_reach_the_target_says_it_is_still_above(page, site):
    page.goto(site + TRAIN_PAGE)
    lab = ready_lab(page, TRAIN_LAB)
    first_line = "    pairs = sum(sum(row_counts) for row_counts in counts)"
    assert SOLUTION.count(first_line) == 1
    put_code(lab, SOLUTION.replace(first_line, first_line + "\n    lr = lr / 1000"))
    widget = training(page)
    widget.get_by_role("button", name="Train").click()
    status = widget.get_by_role("status")
    steps = page_settings(widget)["steps"]
    expect(status).to_contain_text(f"Your train_step ran {steps} steps", timeout=120_000)
    expect(status).to_contain_text("still above the counting model's loss")


def test_stop_ends_a_training_run_and_keeps_the_curve_so_far(page, site):
    page.goto(site + TRAIN_PAGE)
    lab = ready_lab(page, TRAIN_LAB)
    # A quarter of a second per step by the clock, so the run lasts far longer than the test's
    # wait for Stop, however fast the machine (a fixed count of loops was done in 3 s in CI).
    pause = "    started = time.monotonic()\n    while time.monotonic() - started < 0.25:\n        pass\n"
    slow = "import time\n" + SOLUTION.replace("    pairs = sum(", pause + "    pairs = sum(", 1)
    assert slow.count("time.monotonic() - started") == 1
    put_code(lab, slow)
    widget = training(page)
    widget.get_by_role("button", name="Train").click()
    # The test reads the status between polls and may miss step 1: any later step will do.
    expect(widget.get_by_role("status")).to_contain_text(re.compile(r"Step [1-9]\d* of at most \d+"), timeout=PYTHON_TIMEOUT)
    widget.get_by_role("button", name="Stop").click()
    expect(widget.get_by_role("status")).to_contain_text("Stopped after", timeout=5_000)
    expect(widget.get_by_role("button", name="Train")).to_be_enabled()
    expect(widget.locator(".chart-line")).to_have_count(1)


def test_a_step_that_returns_nothing_is_named(page, site):
    page.goto(site + TRAIN_PAGE)
    lab = ready_lab(page, TRAIN_LAB)
    put_code(lab, SOLUTION.replace("    return new_W", "    print(new_W)"))
    widget = training(page)
    widget.get_by_role("button", name="Train").click()
    expect(widget.get_by_role("status")).to_contain_text("At step 1, your train_step() returned None", timeout=PYTHON_TIMEOUT)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_training_view_is_accessible_and_fits_a_phone(new_context, site, scheme):
    page = new_context(bypass_csp=True, color_scheme=scheme).new_page()
    page.goto(site + TRAIN_PAGE)
    expect(training(page).locator("svg")).to_have_count(1)
    assert serious_problems(page) == []
    assert fits_a_phone(page)
