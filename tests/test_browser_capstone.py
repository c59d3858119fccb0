"""Module 10's capstone in Chromium: assemble, the quick run (against CPython), pause, reload, sample."""

import re
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import fits_a_phone, serious_problems

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
ASSEMBLE = "10-capstone/assemble/"
TRAIN = "10-capstone/train/"
SAMPLE = "10-capstone/sample-and-measure/"
PYTHON_TIMEOUT = 60_000
RUN_TIMEOUT = 180_000
QUICK = 200


@cache
def reference_losses(steps):
    """The course's own microgpt in CPython, with the same seed: independent of the page."""
    from microgpt.train import TrainingRun

    from site_builder.names_data import course_names

    return TrainingRun(course_names(PROJECT), num_steps=steps, seed=42).run().losses


def part(page, title):
    return page.get_by_role("region", name=title)


def saved_run(page, preset):
    return page.evaluate(
        """(preset) => new Promise((resolve) => {
            const open = indexedDB.open("zero-to-microgpt-capstone", 1);
            open.onupgradeneeded = () => open.result.createObjectStore("runs");
            open.onsuccess = () => {
              const get = open.result.transaction("runs").objectStore("runs").get(preset);
              get.onsuccess = () => resolve(get.result ?? null);
            };
        })""",
        preset,
    )


def pass_lab(page, site, lab_id, code):
    """Mark a lab passed with `code` as its draft, as the lab widget would."""
    from site_builder.constants import PROGRESS_KEY

    page.goto(site)
    page.evaluate(
        """([key, lab, code]) => localStorage.setItem(key, JSON.stringify({version: 1,
            drafts: {[lab]: code}, passed: {[lab]: "2025-01-01"}, hints: {}, answers: {}, visited: {}}))""",
        [PROGRESS_KEY, lab_id, code],
    )


def softmax_lab_title():
    from site_builder.loader import load_course

    return load_course(PROJECT).labs.get("04-maths/softmax").title


def test_the_first_step_gives_the_reference_loss(page, site):
    page.goto(site + ASSEMBLE)
    widget = part(page, "Assemble it")
    why = widget.get_by_role("cell", name=f"the lab “{softmax_lab_title()}” is not passed yet")
    expect(why).to_be_visible()
    # The lab is named by its title, with a link to it on its lesson's page.
    why.get_by_role("link").click()
    expect(page.get_by_role("region", name=f"Lab: {softmax_lab_title()}")).to_be_in_viewport()
    page.goto(site + ASSEMBLE)
    widget.get_by_role("button", name="Run the first step").click()
    expect(widget.get_by_role("status")).to_contain_text(f"loss is {reference_losses(1)[0]:.4f}, the reference's exactly", timeout=PYTHON_TIMEOUT)


def test_a_wrong_piece_is_named(page, site):
    wrong = "import math\ndef softmax(logits):\n    exps = [math.exp(s) for s in logits]\n    return [e / len(exps) for e in exps]\n"
    pass_lab(page, site, "04-maths/softmax", wrong)
    page.goto(site + ASSEMBLE)
    widget = part(page, "Assemble it")
    expect(widget.get_by_role("cell", name=f"you passed the lab “{softmax_lab_title()}”")).to_be_visible()
    widget.get_by_role("button", name="Run the first step").click()
    status = widget.get_by_role("status")
    expect(status).to_contain_text("The first piece that differs is your softmax()", timeout=PYTHON_TIMEOUT)
    expect(widget).to_contain_text("On the same input, your softmax() gave")


def test_the_quick_run_pauses_survives_a_reload_and_matches_cpython(page, site):
    page.goto(site + TRAIN)
    widget = part(page, "Train it")
    widget.get_by_role("button", name="Train").click()
    status = widget.get_by_role("status")
    expect(status).to_contain_text(re.compile(r"Step [1-9]\d* of 200"), timeout=PYTHON_TIMEOUT)
    widget.get_by_role("button", name="Pause").click()
    expect(status).to_contain_text("Paused after step", timeout=20_000)
    paused = saved_run(page, "quick")
    assert 0 < paused["step"] < QUICK
    widget.get_by_role("button", name="Resume").click()
    expect(status).to_contain_text(re.compile(r"Step \d+ of 200"), timeout=PYTHON_TIMEOUT)
    # Reload once a checkpoint past the pause is saved: the run resumes from there.
    for _poll in range(RUN_TIMEOUT // 500):
        if saved_run(page, "quick")["step"] > paused["step"]:
            break
        page.wait_for_timeout(500)
    page.reload()
    widget = part(page, "Train it")
    expect(widget.get_by_role("status")).to_contain_text("A saved run stopped at step")
    saved = saved_run(page, "quick")
    assert saved["step"] % 50 == 0 and saved["step"] > paused["step"]
    expect(widget.get_by_role("progressbar", name="Training")).to_have_attribute("aria-valuenow", str(saved["step"]))
    widget.get_by_role("button", name="Resume").click()
    expect(widget.get_by_role("status")).to_contain_text(f"Trained all {QUICK} steps", timeout=RUN_TIMEOUT)
    done = saved_run(page, "quick")
    # Equal but for the last digit or so: the browser's maths library may round exp, log or
    # pow differently in the last place (see the walking-downhill lab's history).
    assert done["losses"] == pytest.approx(reference_losses(QUICK), rel=1e-9, abs=0)


def test_sampling_needs_a_run_and_then_shows_new_names(page, site):
    page.goto(site + SAMPLE)
    widget = part(page, "Sample from it")
    widget.get_by_role("button", name="Sample names").click()
    expect(widget.get_by_role("status")).to_contain_text("There is no trained run yet")


@pytest.mark.parametrize("path", [ASSEMBLE, TRAIN, SAMPLE])
def test_the_capstone_is_accessible_and_fits_a_phone(new_context, site, path):
    page = new_context(bypass_csp=True, color_scheme="dark").new_page()
    page.goto(site + path)
    expect(page.locator("[data-capstone]")).to_have_count(1)
    assert serious_problems(page) == []
    assert fits_a_phone(page)
