"""A learner's path through a lab, in headless Chromium.

These run on the widgets fixture course: the code typed, the hints counted and the
messages expected all come from its lab's own files, so editing a real lab never breaks
them. Every real lab's solution is checked in tests/test_browser_course.py.
"""

import time

import pytest
from playwright.sync_api import expect

from tests.browser import READY_TIMEOUT, button, output, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]
OTHER_LABS = [lab for lab in COURSE.labs if lab.id != LAB.id]
FUNCTION = LAB.functions[0]
WRONG = LAB.wrong_answers[0]
LOOPS_FOREVER = f"""def {FUNCTION}(*args):
    while True:
        pass


{FUNCTION}()
"""


def only_in(text, other):
    """A line of `text` that `other` does not have: proof of which of the two an editor holds."""
    return next(line.strip() for line in text.splitlines() if line.strip() and line.strip() not in other)


def open_lab(page, site):
    page.goto(site + LESSON.url)
    return ready_lab(page, lab_name(LAB))


def test_the_fixture_lab_has_what_these_tests_need():
    assert len(LAB.hints) >= 2 and LAB.wrong_answers and OTHER_LABS


def test_the_solution_passes(page, widgets_site):
    lab = open_lab(page, widgets_site)
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    assert verdict(lab).inner_text().startswith("All checks passed")


def test_a_wrong_answer_shows_its_own_message(page, widgets_site):
    lab = open_lab(page, widgets_site)
    set_code(page, lab, WRONG.code)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text(WRONG.expect, timeout=10_000)
    assert not verdict(lab).inner_text().startswith("All checks passed")


def test_ctrl_enter_checks(page, widgets_site):
    lab = open_lab(page, widgets_site)
    set_code(page, lab, LAB.solution)
    page.keyboard.press("Control+Enter")
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


@pytest.mark.parametrize("site_kind", ["isolated", "plain"])
def test_stop_ends_an_infinite_loop_then_check_works(page, site_kind, widgets_site, widgets_plain_site):
    lab = open_lab(page, widgets_site if site_kind == "isolated" else widgets_plain_site)
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
        expect(log).to_contain_text("Stopped.")
        expect(log).not_to_contain_text("ending the Python")
    else:
        expect(log).to_contain_text("Stopped by ending the Python it ran in")
    assert stopped_after < 1.0
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


def test_draft_and_pass_survive_a_reload(page, widgets_site):
    lab = open_lab(page, widgets_site)
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    set_code(page, lab, LAB.solution + "\n# my own note\n")
    page.wait_for_timeout(600)  # drafts are saved a moment after typing stops
    page.reload()
    lab = page.get_by_role("region", name=lab_name(LAB))
    expect(lab.get_by_role("textbox", name="Code editor")).to_contain_text("# my own note")
    expect(lab).to_contain_text("Passed")
    page.goto(widgets_site)
    expect(page.locator(f'[data-lab-id="{LAB.id}"]')).to_contain_text("Passed")
    for other in OTHER_LABS:
        expect(page.locator(f'[data-lab-id="{other.id}"]')).not_to_contain_text("Passed")


def test_hints_come_one_at_a_time(page, widgets_site):
    lab = open_lab(page, widgets_site)
    hints = lab.locator(".lab-hint")
    expect(hints).to_have_count(len(LAB.hints))
    expect(hints.nth(0)).to_be_hidden()
    show = lab.get_by_role("button", name="Show hint")
    for shown in range(1, len(LAB.hints) + 1):
        show.click()
        expect(hints.nth(shown - 1)).to_be_visible()
        if shown < len(LAB.hints):
            expect(hints.nth(shown)).to_be_hidden()
    expect(show).to_be_disabled()
    page.reload()
    expect(page.get_by_role("region", name=lab_name(LAB)).locator(".lab-hint").nth(len(LAB.hints) - 1)).to_be_visible()


def test_show_solution_asks_first(page, widgets_site):
    lab = open_lab(page, widgets_site)
    editor = lab.get_by_role("textbox", name="Code editor")
    lab.get_by_role("button", name="Show solution").click()
    dialog = page.get_by_role("dialog", name="Show the solution?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    expect(editor).to_contain_text(only_in(LAB.starter, LAB.solution))
    lab.get_by_role("button", name="Show solution").click()
    page.get_by_role("dialog", name="Show the solution?").get_by_role("button", name="Show the solution").click()
    expect(editor).to_contain_text(only_in(LAB.solution, LAB.starter))
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


def test_reset_code_brings_back_the_starter(page, widgets_site):
    lab = open_lab(page, widgets_site)
    editor = lab.get_by_role("textbox", name="Code editor")
    set_code(page, lab, "print('mine')\n")
    lab.get_by_role("button", name="Reset code").click()
    page.get_by_role("dialog", name="Reset your code?").get_by_role("button", name="Reset my code").click()
    expect(editor).to_contain_text(LAB.starter.splitlines()[0])
    expect(editor).not_to_contain_text("print('mine')")


def test_run_shows_output_as_text_and_errors_at_the_learners_line(page, widgets_site):
    lab = open_lab(page, widgets_site)
    set_code(page, lab, 'print("<b>bold?</b>")\n\n\nprint(1 / 0)\n')
    button(lab, "Run").click()
    log = output(lab)
    expect(log).to_contain_text("ZeroDivisionError: division by zero", timeout=10_000)
    expect(log).to_contain_text("<b>bold?</b>")
    expect(log).to_contain_text("line 4")
    assert log.locator("b").count() == 0
    assert "grading.py" not in log.inner_text() and "labkit" not in log.inner_text()


def test_keyboard_tab_indents_and_escape_tab_leaves(page, widgets_site):
    lab = open_lab(page, widgets_site)
    editor = lab.get_by_role("textbox", name="Code editor")
    set_code(page, lab, "x = 1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    expect(editor).to_contain_text("    x = 1")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    focused_inside_editor = page.evaluate("document.activeElement.closest('.cm-editor') !== null")
    assert not focused_inside_editor
