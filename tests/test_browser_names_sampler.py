"""Module 3 ends here: the learner's own counting model invents names from the real data, in the page.

Once the sampling lab is passed (and the two labs before it), "Sample names" runs the
learner's bigram_counts, row_probs and sample_name on all the names in a fresh Python,
and lists the names they draw; with the course's solutions those are the names the
lesson shows for the same seed. "Sample again" draws new ones.
"""

import json

import pytest
from playwright.sync_api import expect

from site_builder.constants import PROGRESS_KEY
from site_builder.numbers import Providers
from tests.browser import ready_lab
from tests.conftest import PROJECT

pytestmark = pytest.mark.browser

MODULE = "03-counting-model"
LESSON = f"{MODULE}/sampling-names/"
LAB_NAME = "Lab: Sample a name"
PANEL = "Your model on the real names"
LABS = PROJECT / "labs" / MODULE
SAMPLE_TIMEOUT = 60_000  # a fresh Python, then 228,146 pairs counted in pure Python under Pyodide


def progress(passed, drafts):
    data = {"version": 1, "drafts": drafts, "passed": {lab: "2024-01-01T00:00:00Z" for lab in passed}, "hints": {}}
    return f"localStorage.setItem({json.dumps(PROGRESS_KEY)}, {json.dumps(json.dumps(data))})"


def solution(slug, name="solution.py"):
    return (LABS / slug / name).read_text(encoding="utf-8")


def open_panel(page, site, passed, drafts):
    page.add_init_script(progress(passed, drafts))
    page.goto(site + LESSON)
    lab = ready_lab(page, LAB_NAME)
    return lab, lab.get_by_role("region", name=PANEL)


ALL = [f"{MODULE}/{slug}" for slug in ("counting-pairs", "counts-to-probabilities", "sampling-names")]


def solutions():
    return {lab: solution(lab.split("/")[1]) for lab in ALL}


def test_the_learners_model_draws_the_lessons_names_then_new_ones(page, site):
    lesson_names = Providers(PROJECT).compute("counting_model:sampling_names")["names"]
    lab, panel = open_panel(page, site, ALL, solutions())
    panel.get_by_role("button", name="Sample names").click()
    names = panel.get_by_role("list", name="Names your model invented").get_by_role("listitem")
    expect(names).to_have_count(len(lesson_names), timeout=SAMPLE_TIMEOUT)
    shown = [text.split(" (")[0] for text in names.all_inner_texts()]
    assert shown == lesson_names
    expect(panel.locator(".lab-model-summary")).to_contain_text("exactly the names the course's own counting model draws")
    panel.get_by_role("button", name="Sample again").click()
    expect(panel.locator(".lab-model-summary")).to_contain_text("seed 43", timeout=SAMPLE_TIMEOUT)
    assert [text.split(" (")[0] for text in names.all_inner_texts()] != lesson_names


def test_a_greedy_sampler_of_the_learners_own_writes_the_same_name(page, site):
    drafts = {**solutions(), ALL[2]: solution("sampling-names", "wrong/greedy.py")}
    lab, panel = open_panel(page, site, ALL, drafts)
    panel.get_by_role("button", name="Sample names").click()
    names = panel.get_by_role("list", name="Names your model invented").get_by_role("listitem")
    expect(names).to_have_count(10, timeout=SAMPLE_TIMEOUT)
    assert len({text.split(" (")[0] for text in names.all_inner_texts()}) == 1
    expect(panel.locator(".lab-model-summary")).not_to_contain_text("exactly the names")


def test_the_panel_asks_for_the_earlier_labs_first(page, site):
    lab, panel = open_panel(page, site, ALL[1:], {lab: code for lab, code in solutions().items() if lab != ALL[0]})
    panel.get_by_role("button", name="Sample names").click()
    expect(panel).to_contain_text("Pass the lab “Count every pair” first")


def test_the_panel_is_locked_until_the_lab_passes(page, site):
    lab, panel = open_panel(page, site, ALL[:2], solutions())
    expect(panel).to_contain_text("unlocks when all the checks pass")
    expect(panel.get_by_role("button", name="Sample names")).to_have_count(0)
