"""A learner's path through the attention lab, in headless Chromium."""

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import CORRECT, LAB_NAME, READY_TIMEOUT, button, open_lab, output, set_code, verdict

pytestmark = pytest.mark.browser

NO_SQRT = CORRECT.replace(" / scale", "")
HINTS = Path(__file__).resolve().parent.parent / "labs/08-attention/scaled-dot-product/hints.md"

LOOPS_FOREVER = """def attend(q, keys, values):
    while True:
        pass


attend([1], [[1]], [[1]])
"""


def test_correct_attend_passes(page, site):
    lab = open_lab(page, site)
    set_code(page, lab, CORRECT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    assert verdict(lab).inner_text().startswith("All checks passed")


def test_missing_sqrt_shows_the_failing_checks_message(page, site):
    lab = open_lab(page, site)
    set_code(page, lab, NO_SQRT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("Scores are divided by √d", timeout=10_000)
    expect(verdict(lab)).to_contain_text("when the scores are not divided by √d at all")
    assert not verdict(lab).inner_text().startswith("All checks passed")


def test_ctrl_enter_checks(page, site):
    lab = open_lab(page, site)
    set_code(page, lab, CORRECT)
    page.keyboard.press("Control+Enter")
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


@pytest.mark.parametrize("site_kind", ["isolated", "plain"])
def test_stop_ends_an_infinite_loop_then_check_works(page, site_kind, site, plain_site):
    lab = open_lab(page, site if site_kind == "isolated" else plain_site)
    set_code(page, lab, LOOPS_FOREVER)
    button(lab, "Run").click()
    expect(lab).to_have_attribute("data-python-state", "running")
    page.wait_for_timeout(300)
    started = time.monotonic()
    button(lab, "Stop").click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=1_000)
    stopped_after = time.monotonic() - started
    log = output(lab)
    if site_kind == "isolated":
        expect(log).to_contain_text("Python is still loaded")
    else:
        expect(log).to_contain_text("restarting Python")
    assert stopped_after < 1.0
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    set_code(page, lab, CORRECT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


def test_draft_and_pass_survive_a_reload(page, site):
    lab = open_lab(page, site)
    set_code(page, lab, CORRECT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    set_code(page, lab, CORRECT + "\n# my own note\n")
    page.wait_for_timeout(600)  # drafts are saved a moment after typing stops
    page.reload()
    lab = page.get_by_role("region", name=LAB_NAME)
    expect(lab.get_by_role("textbox", name="Code editor")).to_contain_text("# my own note")
    expect(lab).to_contain_text("Passed")
    page.goto(site)
    expect(page.locator('[data-lab-id="08-attention/scaled-dot-product"]')).to_contain_text("Passed")
    expect(page.locator('[data-lab-id="08-attention/queries-keys-values"]')).not_to_contain_text("Passed")


def test_hints_come_one_at_a_time(page, site):
    lab = open_lab(page, site)
    hints = lab.locator(".lab-hint")
    total = hints.count()
    assert total == len(HINTS.read_text(encoding="utf-8").split("\n---\n"))
    expect(hints.nth(0)).to_be_hidden()
    button = lab.get_by_role("button", name="Show hint")
    for shown in range(1, total + 1):
        button.click()
        expect(hints.nth(shown - 1)).to_be_visible()
        if shown < total:
            expect(hints.nth(shown)).to_be_hidden()
    expect(button).to_be_disabled()
    page.reload()
    expect(page.get_by_role("region", name=LAB_NAME).locator(".lab-hint").nth(total - 1)).to_be_visible()


def test_show_solution_asks_first(page, site):
    lab = open_lab(page, site)
    editor = lab.get_by_role("textbox", name="Code editor")
    lab.get_by_role("button", name="Show solution").click()
    dialog = page.get_by_role("dialog", name="Show the solution?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    expect(editor).to_contain_text("scores = []")
    lab.get_by_role("button", name="Show solution").click()
    page.get_by_role("dialog", name="Show the solution?").get_by_role("button", name="Show the solution").click()
    expect(editor).to_contain_text("largest = max(scores)")
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


def test_reset_code_brings_back_the_starter(page, site):
    lab = open_lab(page, site)
    editor = lab.get_by_role("textbox", name="Code editor")
    set_code(page, lab, "print('mine')\n")
    lab.get_by_role("button", name="Reset code").click()
    page.get_by_role("dialog", name="Reset your code?").get_by_role("button", name="Reset my code").click()
    expect(editor).to_contain_text("def attend(q, keys, values):")
    expect(editor).not_to_contain_text("print('mine')")


def test_run_shows_output_as_text_and_errors_at_the_learners_line(page, site):
    lab = open_lab(page, site)
    set_code(page, lab, 'print("<b>bold?</b>")\n\n\nprint(1 / 0)\n')
    button(lab, "Run").click()
    log = output(lab)
    expect(log).to_contain_text("ZeroDivisionError: division by zero", timeout=10_000)
    expect(log).to_contain_text("<b>bold?</b>")
    expect(log).to_contain_text("line 4")
    assert log.locator("b").count() == 0
    assert "grading.py" not in log.inner_text() and "labkit" not in log.inner_text()


def test_keyboard_tab_indents_and_escape_tab_leaves(page, site):
    lab = open_lab(page, site)
    editor = lab.get_by_role("textbox", name="Code editor")
    set_code(page, lab, "x = 1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    expect(editor).to_contain_text("    x = 1")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    focused_inside_editor = page.evaluate("document.activeElement.closest('.cm-editor') !== null")
    assert not focused_inside_editor
