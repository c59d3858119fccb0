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


TRAINED_STEPS = 20


@pytest.fixture
def cpython_capstone(monkeypatch):
    """labkit.capstone in CPython, reading the names and the checkpoint from where the build takes them."""
    from labkit import capstone, realmodel
    from site_builder.names_data import names_path

    monkeypatch.setattr(capstone, "NAMES", names_path(PROJECT))
    monkeypatch.setattr(realmodel, "CHECKPOINT", PROJECT / "course" / "checkpoint.json")
    capstone.names.cache_clear()
    yield capstone
    capstone.names.cache_clear()


@cache
def trained_state(capstone):
    """A real run of TRAINED_STEPS steps of the course's pieces, made in CPython: what the page saves."""
    return capstone.train("{}", str(TRAINED_STEPS), "")["state"]


def save_run(page, preset, state):
    page.evaluate(
        """([preset, state]) => new Promise((resolve) => {
            const open = indexedDB.open("zero-to-microgpt-capstone", 1);
            open.onupgradeneeded = () => open.result.createObjectStore("runs");
            open.onsuccess = () => {
              const tx = open.result.transaction("runs", "readwrite");
              tx.objectStore("runs").put(state, preset);
              tx.oncomplete = () => resolve(true);
            };
        })""",
        [preset, state],
    )


def test_sampling_after_a_run_shows_names_the_ladder_and_both_models_heads(page, site, cpython_capstone):
    import json

    from labkit import realmodel

    capstone = cpython_capstone
    state = trained_state(capstone)
    page.goto(site + SAMPLE)
    save_run(page, "quick", state)
    page.reload()
    widget = part(page, "Sample from it")
    widget.get_by_role("textbox", name="A name for the heads").fill("olivia")
    widget.get_by_role("button", name="Sample names").click()
    status = widget.get_by_role("status")
    expect(status).to_contain_text("of your names are new", timeout=PYTHON_TIMEOUT)
    # The page's Python gives what CPython gives for the same run and seed.
    expected = capstone.sample(json.dumps(state), "0.5", "1", "olivia")
    yours = widget.locator("[data-capstone-yours] li")
    expect(yours).to_have_count(len(expected["names"]))
    expect(yours.first).to_contain_text(expected["names"][0]["name"] or "(empty)")
    expect(widget.get_by_role("row", name=re.compile(rf"yours \({TRAINED_STEPS} steps\)"))).to_contain_text(f"{expected['held_out']:.4f}")
    # Both models' heads, side by side, for the name typed: the course's is the checkpoint's own.
    heads = widget.get_by_role("region", name="Your heads beside the course's")
    grids = heads.get_by_role("grid")
    expect(grids).to_have_count(2)
    expect(grids.nth(0)).to_have_accessible_name(re.compile("“olivia”, head 1.*your model"))
    expect(grids.nth(1)).to_have_accessible_name(re.compile("“olivia”, head 1.*the course's model"))
    course = realmodel.attention("olivia")["maps"]["heads"][0]["weights"]
    mine = expected["heads"]["yours"]["heads"][0]["weights"]
    for grid, rows in ((grids.nth(0), mine), (grids.nth(1), course)):
        expect(grid.locator('td[data-row="3"][data-col="1"]')).to_have_text(f"{rows[3][1]:.2f}")
    assert mine != course  # 20 steps of training are not the course's 1,000


@pytest.mark.parametrize("path", [ASSEMBLE, TRAIN, SAMPLE])
def test_the_capstone_is_accessible_and_fits_a_phone(new_context, site, path):
    page = new_context(bypass_csp=True, color_scheme="dark").new_page()
    page.goto(site + path)
    expect(page.locator("[data-capstone]")).to_have_count(1)
    assert serious_problems(page) == []
    assert fits_a_phone(page)
