"""The model views of a lesson in headless Chromium: the next-letter bars and the live training run.

They run on the widgets fixture course (its lesson with a next_letters and a training call),
so editing a real lesson never breaks them. Expected numbers come from the course's own
microgpt (the fixture shows the same trained model) and a training loop written here on
the counts the page trains on, under CPython, so these tests also check that the page
shows the model's numbers.
"""

import json
import math
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import READY_TIMEOUT, fits_a_phone, put_code, ready_lab, serious_problems
from tests.courses import lab_name, widgets_course

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
COURSE = widgets_course()
BARS_CALL = re.compile(r"next_letters\(\s*\"([a-z]*)\"")
BARS_LESSON = next(lesson for lesson in COURSE.lessons() if BARS_CALL.search(lesson.body))
PREFIX = BARS_CALL.search(BARS_LESSON.body).group(1)  # the letters the bars show first
TRAIN_CALL = re.compile(r"training\(\s*lab=\"([a-z-]+)\"")
TRAIN_LESSON = next(lesson for lesson in COURSE.lessons() if TRAIN_CALL.search(lesson.body))
TRAIN_LAB = next(lab for lab in COURSE.labs.for_lesson(TRAIN_LESSON) if lab.slug == TRAIN_CALL.search(TRAIN_LESSON.body).group(1))
SOLUTION = TRAIN_LAB.solution
PYTHON_TIMEOUT = 30_000


def test_the_fixture_solution_has_the_lines_these_tests_change():
    assert SOLUTION.count("    pairs = sum(") == 1 and SOLUTION.count("    return new_W") == 1


def model():
    from microgpt import load_checkpoint

    return load_checkpoint(PROJECT / "course" / "checkpoint.json")


def probs_after(prefix):
    from microgpt import run_name
    from microgpt.layers import softmax

    trained = model()
    _maps, logits = run_name(trained, prefix)
    return dict(zip([*trained.tokenizer.chars, "end"], softmax(logits[-1])))


TOKENS = len(model().tokenizer.chars) + 1  # every letter, and "end"


def favourites(probs):
    return sorted(probs, key=probs.get, reverse=True)[:3]


def bars(page):
    return page.get_by_role("region", name="What comes next?")


def row_text(widget, token):
    return widget.locator("tbody tr").filter(has=widget.page.get_by_role("rowheader", name=token, exact=True))


def test_the_bars_for_the_authors_letters_are_in_the_page_before_python(page, widgets_site):
    page.goto(widgets_site + BARS_LESSON.url)
    widget = bars(page)
    probs = probs_after(PREFIX)
    expect(widget.locator("tbody tr")).to_have_count(TOKENS)
    for token in favourites(probs):
        expect(row_text(widget, token)).to_contain_text(f"{100 * probs[token]:.1f}%")
    expect(widget.get_by_role("status")).to_contain_text(f"“{favourites(probs)[0]}” {100 * probs[favourites(probs)[0]]:.1f}%")


def test_typed_letters_are_read_by_the_pages_python(page, widgets_site):
    page.goto(widgets_site + BARS_LESSON.url)
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
def test_the_bars_are_accessible_and_fit_a_phone(new_context, widgets_site, scheme):
    page = new_context(bypass_csp=True, color_scheme=scheme).new_page()
    page.goto(widgets_site + BARS_LESSON.url)
    expect(bars(page).locator("tbody tr")).to_have_count(TOKENS)
    assert serious_problems(page) == []
    assert fits_a_phone(page)


def reference_losses(counts, steps, lr):
    """The loss after each step of the page's run, from a loop written here on the same counts."""
    size = len(counts)
    pairs = sum(map(sum, counts))
    W = [[0.0] * size for _ in range(size)]
    losses = []
    for step in range(steps + 1):
        rows = [[math.exp(w) / sum(math.exp(v) for v in row) for w in row] for row in W]
        losses.append(-sum(c * math.log(p) for r, cs in zip(rows, counts) for p, c in zip(r, cs) if c) / pairs)
        W = [[w - lr * (sum(cs) * p - c) / pairs for w, p, c in zip(row, r, cs)] for row, r, cs in zip(W, rows, counts)]
    return losses


def training(page):
    return page.get_by_role("region", name="Train your table")


def config_of(widget):
    """What the build gave the training widget: the counts, steps and learning rate of its run."""
    return json.loads(widget.locator("[data-training-config]").text_content())


def test_train_runs_the_learners_step_and_draws_the_loss_as_it_falls(page, widgets_site):
    page.goto(widgets_site + TRAIN_LESSON.url)
    lab = ready_lab(page, lab_name(TRAIN_LAB))
    put_code(lab, SOLUTION)
    widget = training(page)
    config = config_of(widget)
    steps = config["steps"]
    assert steps >= 20 and steps % 10 == 0  # the table keeps one loss in ten steps: two rows at least, the last at the end
    widget.get_by_role("button", name="Train").click()
    expected = reference_losses(config["counts"], steps, config["lr"])
    status = widget.get_by_role("status")
    expect(status).to_contain_text(f"from {expected[0]:.4f} to {expected[-1]:.4f}", timeout=PYTHON_TIMEOUT)
    expect(widget.get_by_role("progressbar", name="Training")).to_have_attribute("aria-valuenow", str(steps))
    expect(widget.locator("tbody tr")).to_have_count(steps // 10 + 1)  # steps 0, 10, ..., the last
    expect(widget.locator("tbody tr").nth(1)).to_contain_text(f"{expected[10]:.4f}")
    expect(widget.locator("polyline")).to_have_count(1)


def test_stop_ends_a_training_run_and_keeps_the_curve_so_far(page, widgets_site):
    page.goto(widgets_site + TRAIN_LESSON.url)
    lab = ready_lab(page, lab_name(TRAIN_LAB))
    # A quarter of a second per step by the clock, so the run lasts far longer than the test's
    # wait for Stop, however fast the machine (a fixed count of loops was done in 3 s in CI).
    pause = "    started = time.monotonic()\n    while time.monotonic() - started < 0.25:\n        pass\n"
    slow = "import time\n" + SOLUTION.replace("    pairs = sum(", pause + "    pairs = sum(", 1)
    assert slow.count("time.monotonic() - started") == 1
    put_code(lab, slow)
    widget = training(page)
    widget.get_by_role("button", name="Train").click()
    # The test reads the status between polls and may miss step 1: any later step will do.
    steps = config_of(widget)["steps"]
    expect(widget.get_by_role("status")).to_contain_text(re.compile(rf"Step [1-9]\d* of {steps}"), timeout=PYTHON_TIMEOUT)
    widget.get_by_role("button", name="Stop").click()
    expect(widget.get_by_role("status")).to_contain_text("Stopped after", timeout=5_000)
    expect(widget.get_by_role("button", name="Train")).to_be_enabled()
    expect(widget.locator("polyline")).to_have_count(1)


def test_a_step_that_returns_nothing_is_named(page, widgets_site):
    page.goto(widgets_site + TRAIN_LESSON.url)
    lab = ready_lab(page, lab_name(TRAIN_LAB))
    put_code(lab, SOLUTION.replace("    return new_W", "    print(new_W)"))
    widget = training(page)
    widget.get_by_role("button", name="Train").click()
    expect(widget.get_by_role("status")).to_contain_text("At step 1, your train_step() returned None", timeout=PYTHON_TIMEOUT)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_training_view_is_accessible_and_fits_a_phone(new_context, widgets_site, scheme):
    page = new_context(bypass_csp=True, color_scheme=scheme).new_page()
    page.goto(widgets_site + TRAIN_LESSON.url)
    expect(training(page).locator("svg")).to_have_count(1)
    assert serious_problems(page) == []
    assert fits_a_phone(page)
