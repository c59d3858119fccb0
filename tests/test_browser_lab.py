"""A learner's path through the attention lab, in headless Chromium."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser import chromium, serving

pytestmark = pytest.mark.browser

LESSON = "08-attention/scaled-dot-product/"
LAB_NAME = "Lab: Scaled dot-product attention"
READY_TIMEOUT = 60_000

CORRECT = """import math


def attend(q, keys, values):
    scale = math.sqrt(len(q))
    scores = [sum(a * b for a, b in zip(q, k)) / scale for k in keys]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    weights = [e / sum(exps) for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
"""

NO_SQRT = CORRECT.replace(" / scale", "")

LOOPS_FOREVER = """def attend(q, keys, values):
    while True:
        pass


attend([1], [[1]], [[1]])
"""


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def isolated_site(built_site):
    with serving(built_site, isolated=True) as url:
        yield url


@pytest.fixture(scope="module")
def plain_site(built_site):
    with serving(built_site, isolated=False) as url:
        yield url


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], errors


def open_lab(page, site):
    page.goto(site + LESSON)
    lab = page.get_by_role("region", name=LAB_NAME)
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    return lab


def replace_code(page, lab, code):
    editor = lab.get_by_role("textbox", name="Code editor")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def verdict(lab):
    return lab.get_by_role("status")


def test_correct_attend_passes(page, isolated_site):
    lab = open_lab(page, isolated_site)
    replace_code(page, lab, CORRECT)
    lab.get_by_role("button", name="Check", exact=True).click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    assert verdict(lab).inner_text().startswith("All checks passed")


def test_missing_sqrt_shows_the_failing_checks_message(page, isolated_site):
    lab = open_lab(page, isolated_site)
    replace_code(page, lab, NO_SQRT)
    lab.get_by_role("button", name="Check", exact=True).click()
    expect(verdict(lab)).to_contain_text("Scores are divided by √d", timeout=10_000)
    expect(verdict(lab)).to_contain_text("Did you divide each score by √d")
    assert not verdict(lab).inner_text().startswith("All checks passed")


def test_ctrl_enter_checks(page, isolated_site):
    lab = open_lab(page, isolated_site)
    replace_code(page, lab, CORRECT)
    page.keyboard.press("Control+Enter")
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


@pytest.mark.parametrize("site_kind", ["isolated", "plain"])
def test_stop_ends_an_infinite_loop_then_check_works(page, site_kind, isolated_site, plain_site):
    site = isolated_site if site_kind == "isolated" else plain_site
    lab = open_lab(page, site)
    replace_code(page, lab, LOOPS_FOREVER)
    lab.get_by_role("button", name="Run", exact=True).click()
    expect(lab).to_have_attribute("data-python-state", "running")
    page.wait_for_timeout(300)
    started = time.monotonic()
    lab.get_by_role("button", name="Stop", exact=True).click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=1_000)
    stopped_after = time.monotonic() - started
    log = lab.get_by_role("log", name="Output")
    if site_kind == "isolated":
        expect(log).to_contain_text("Python is still loaded")
    else:
        expect(log).to_contain_text("restarting Python")
    assert stopped_after < 1.0
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    replace_code(page, lab, CORRECT)
    lab.get_by_role("button", name="Check", exact=True).click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)


def test_draft_and_pass_survive_a_reload(page, isolated_site):
    lab = open_lab(page, isolated_site)
    replace_code(page, lab, CORRECT)
    lab.get_by_role("button", name="Check", exact=True).click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    replace_code(page, lab, CORRECT + "\n# my own note\n")
    page.wait_for_timeout(600)  # drafts are saved a moment after typing stops
    page.reload()
    lab = page.get_by_role("region", name=LAB_NAME)
    expect(lab.get_by_role("textbox", name="Code editor")).to_contain_text("# my own note")
    expect(lab).to_contain_text("Passed")
    page.goto(isolated_site)
    expect(page.locator('[data-lab-id="08-attention/scaled-dot-product"]')).to_contain_text("Passed")
    expect(page.locator('[data-lab-id="08-attention/queries-keys-values"]')).not_to_contain_text("Passed")
