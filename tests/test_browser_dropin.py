"""The drop-in: the learner's Value in place of the course's inside the real model, in headless Chromium.

The page runs the loss of one name forward and backward with both classes and says whether
the loss and every gradient agree. Tried with the lab's solution (the same), a Value that
assigns gradients instead of adding them (different), and one without relu (it cannot run).
This is the real model on the real lab, so it stays there; the lab is the course's one with
the Value drop-in, found in the loaded course, and the gradient count is the model's.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import button, put_code, ready_lab, serious_problems, verdict
from tests.courses import lab_name, real_course

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
COURSE = real_course()
LAB = next(lab for lab in COURSE.labs if lab.model_hook == "Value")
LESSON = next(lesson for lesson in COURSE.lessons() if LAB in COURSE.labs.for_lesson(lesson))
PANEL = "Your code on the real model"
MODEL_TIMEOUT = 120_000  # two forward and backward passes of the real model in Pyodide
ADDS = "child.grad += local_grad * node.grad"  # the line of the solution a wrong Value changes


def gradients():
    """How many gradients the drop-in compares: one per parameter of the trained model, "4,192"."""
    from microgpt import load_checkpoint

    return f"{load_checkpoint(PROJECT / 'course' / 'checkpoint.json').num_params:,}"


def test_the_solution_has_the_lines_the_test_changes():
    assert LAB.solution.count(ADDS) == 1 and LAB.solution.count("    def relu(self):") == 1


def passed_lab(page, site):
    page.goto(site + LESSON.url)
    lab = ready_lab(page, lab_name(LAB))
    put_code(lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=60_000)
    return lab


def run_on_the_model(lab):
    panel = lab.get_by_role("region", name=PANEL)
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).not_to_have_attribute("aria-busy", "true", timeout=MODEL_TIMEOUT)
    return panel


def test_the_solution_gives_the_same_loss_and_gradients_and_a_wrong_value_does_not(page, site):
    lab = passed_lab(page, site)
    panel = lab.get_by_role("region", name=PANEL)
    run_on_the_model(lab)
    expect(panel).to_have_attribute("data-match", "true")
    summary = panel.locator(".lab-model-summary")
    expect(summary).to_contain_text("Same as the course's Value")
    expect(summary).to_contain_text(f"the same loss and the same {gradients()} gradients")
    expect(summary).not_to_contain_text("1e-9")
    table = panel.get_by_role("table")
    expect(table.get_by_role("row", name="Gradients that match")).to_contain_text(f"{gradients()} of {gradients()}")

    # A learner who passed can still edit: = instead of += keeps one share of each gradient.
    put_code(lab, LAB.solution.replace(ADDS, ADDS.replace("+=", "=")))
    run_on_the_model(lab)
    expect(panel).to_have_attribute("data-match", "false")
    expect(summary).to_contain_text("Different from the course's Value")
    expect(summary).to_contain_text("gradients differ")

    no_relu = LAB.solution.replace("    def relu(self):", "    def relu_(self):")
    put_code(lab, no_relu)
    run_on_the_model(lab)
    expect(summary).to_contain_text("your Value has no method called relu")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_panel_fits_a_phone_and_axe_finds_nothing_serious(new_context, site, scheme):
    context = new_context(viewport={"width": 375, "height": 800}, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    lab = passed_lab(page, site)
    panel = run_on_the_model(lab)
    expect(panel).to_have_attribute("data-match", "true")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert serious_problems(page) == []
