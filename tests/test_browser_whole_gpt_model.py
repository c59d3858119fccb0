"""Module 9's labs run on the trained model, in headless Chromium.

Once a lab passes, its "Your code on the real model" panel runs the learner's function on
microgpt beside the course's own: multi_head() as the model's attention (heatmaps), and
name_loss() and adam_step() with a table. Each is tried with the lab's solution (the same)
and one of its known wrong answers (different, saying what differs).
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import button, fits_a_phone, put_code, ready_lab, serious_problems, verdict

pytestmark = pytest.mark.browser

LABS = Path(__file__).resolve().parent.parent / "labs" / "09-whole-gpt"
PANEL = "Your code on the real model"
MODEL_TIMEOUT = 120_000  # a few passes of the real model in Pyodide


def lab_code(lab, name="solution.py"):
    return (LABS / lab / name).read_text(encoding="utf-8")


def passed_lab(page, site, lesson, title, lab):
    page.goto(f"{site}09-whole-gpt/{lesson}/")
    section = ready_lab(page, f"Lab: {title}")
    put_code(section, lab_code(lab))
    button(section, "Check").click()
    expect(verdict(section)).to_contain_text("All checks passed", timeout=60_000)
    return section


def run_on_the_model(section, name=None, label="Name"):
    panel = section.get_by_role("region", name=PANEL)
    if name is not None:
        panel.get_by_role("textbox", name=label).fill(name)
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).not_to_have_attribute("aria-busy", "true", timeout=MODEL_TIMEOUT)
    return panel


def test_multi_head_runs_as_the_models_attention_and_a_wrong_cut_does_not_match(page, site):
    section = passed_lab(page, site, "multi-head-attention", "Four heads at once", "multi-head")
    panel = run_on_the_model(section, "olivia")
    expect(panel).to_have_attribute("data-match", "true")
    summary = panel.locator(".lab-model-summary")
    expect(summary).to_contain_text("Your multi_head() gives the model the same attention and next-letter scores as its own for “olivia”")
    expect(panel.get_by_role("grid")).to_have_count(2)

    put_code(section, lab_code("multi-head", "wrong/strided_heads.py"))
    run_on_the_model(section)
    expect(panel).to_have_attribute("data-match", "false")
    expect(summary).to_contain_text("Different from the model")
    expect(summary).to_contain_text("The biggest gap is in the next-letter scores after")


def test_name_loss_beside_the_courses_loss_and_a_sum_instead_of_an_average(page, site):
    section = passed_lab(page, site, "name-loss", "The loss of a whole name", "name-loss")
    panel = run_on_the_model(section, "ava")
    expect(panel).to_have_attribute("data-match", "true")
    summary = panel.locator(".lab-model-summary")
    expect(summary).to_contain_text("Same as the course's.")
    expect(summary).to_contain_text("the same loss as the course's document_loss() for “ava”")
    row = panel.get_by_role("row", name="Loss of “ava”")
    cells = row.get_by_role("cell")
    expect(cells).to_have_count(2)
    assert cells.nth(0).inner_text() == cells.nth(1).inner_text()

    put_code(section, lab_code("name-loss", "wrong/sums_the_losses.py"))
    run_on_the_model(section)
    expect(panel).to_have_attribute("data-match", "false")
    expect(summary).to_contain_text("Different from the course's.")
    expect(summary).to_contain_text("they agree to 0 decimal places")
    assert cells.nth(0).inner_text() != cells.nth(1).inner_text()


def test_adam_trains_the_model_as_the_courses_adam_and_swapped_betas_do_not(page, site):
    section = passed_lab(page, site, "adam", "Adam", "adam")
    panel = run_on_the_model(section)
    expect(panel).to_have_attribute("data-match", "true")
    summary = panel.locator(".lab-model-summary")
    expect(summary).to_contain_text("After three steps of training on “emma”, your adam_step() leaves all 4,192 weights as the course's Adam does")
    expect(panel.get_by_role("row", name="Largest weight difference").get_by_role("cell")).to_have_text(["0.000000000", "0 (the reference)"])
    expect(panel.get_by_role("row", name="Loss after step 3")).to_be_visible()

    put_code(section, lab_code("adam", "wrong/betas_swapped.py"))
    run_on_the_model(section)
    expect(panel).to_have_attribute("data-match", "false")
    expect(summary).to_contain_text("leaves the weights different from where the course's Adam puts them. The biggest difference is in")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_panel_fits_a_phone_and_axe_finds_nothing_serious(new_context, site, scheme):
    context = new_context(viewport={"width": 1000, "height": 800}, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    section = passed_lab(page, site, "training-step", "One training step's update", "training-step")
    panel = run_on_the_model(section)
    expect(panel).to_have_attribute("data-match", "true")
    assert fits_a_phone(page)
    assert serious_problems(page) == []
