"""A progress store that cannot be read, is full, or is blocked never breaks a lab page."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser import chromium, serving
from tests.conftest import PROJECT

pytestmark = pytest.mark.browser

LAB_ID = "08-attention/scaled-dot-product"
LESSON = f"{LAB_ID}/"
LAB_NAME = "Lab: Scaled dot-product attention"
STORAGE_KEY = "zero-to-microgpt:progress:v1"
SOLUTION = (PROJECT / "labs" / LAB_ID / "solution.py").read_text(encoding="utf-8")
READY_TIMEOUT = 60_000

# Chrome's own error when a site's storage is full.
QUOTA_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.", "QuotaExceededError");
};
"""

# What a browser that blocks site data (some privacy settings, sandboxed frames) does.
STORAGE_BLOCKED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", "SecurityError");
  },
});
"""


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def site(built_site):
    with serving(built_site, isolated=True) as url:
        yield url


@pytest.fixture
def context(browser):
    context = browser.new_context(service_workers="block")
    errors = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield context
    context.close()
    assert errors == [], errors


def storage_note(page):
    return page.locator("main [data-storage-note]")


def open_lab(page, site):
    page.goto(site + LESSON)
    lab = page.get_by_role("region", name=LAB_NAME)
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    return lab


def set_code(page, lab, code):
    lab.get_by_role("textbox", name="Code editor").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def check_passes(page, lab):
    set_code(page, lab, SOLUTION)
    lab.get_by_role("button", name="Check", exact=True).click()
    expect(lab.get_by_role("status")).to_contain_text("All checks passed", timeout=15_000)
    expect(lab.locator("[data-lab-badge]")).to_be_visible()


def saved(page):
    return page.evaluate("(key) => localStorage.getItem(key)", STORAGE_KEY)


def store(page, value):
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORAGE_KEY, value])


UNREADABLE = ["{not json", "null", '"a string"', "[1, 2, 3]", '{"version": 1, "drafts": []}', '{"version": 2, "drafts": {}}']


def test_unreadable_progress_is_left_alone_and_the_page_says_so(context, site):
    page = context.new_page()
    page.goto(site + LESSON)
    for stored in UNREADABLE:
        store(page, stored)
        page.reload()
        expect(storage_note(page)).to_have_role("status")
        expect(storage_note(page)).to_have_text(re.compile(
            r"^Your saved progress could not be read, so this page starts fresh and will not save changes\."
        ))
        assert saved(page) == stored
    lab = open_lab(page, site)
    check_passes(page, lab)
    assert saved(page) == stored, "what we cannot read may be a newer version's: it is not overwritten"


def test_unreadable_progress_can_be_forgotten_on_request(context, site):
    page = context.new_page()
    page.goto(site + LESSON)
    store(page, "{not json")
    lab = open_lab(page, site)
    storage_note(page).get_by_role("button", name=re.compile("Start saving again")).click()
    expect(storage_note(page)).to_have_count(0)
    check_passes(page, lab)
    assert LAB_ID in json.loads(saved(page))["passed"]


def test_a_full_store_keeps_the_lab_working_and_says_progress_is_not_kept(context, site):
    context.add_init_script(QUOTA_FULL)
    page = context.new_page()
    lab = open_lab(page, site)
    expect(storage_note(page)).to_have_count(0)  # nothing has failed yet
    set_code(page, lab, "# my own attempt\n")
    message = "Your browser's storage for this site is full or blocked, so new progress will not be kept after you leave."
    expect(storage_note(page)).to_have_text(message)
    expect(lab.get_by_role("log", name="Output")).to_contain_text(message)  # where the learner is looking
    check_passes(page, lab)
    assert saved(page) is None


def test_blocked_storage_keeps_the_lab_working_and_says_progress_is_not_kept(context, site):
    context.add_init_script(STORAGE_BLOCKED)
    page = context.new_page()
    lab = open_lab(page, site)
    message = "Your browser is not letting this site save anything, so your code and progress will not be kept after you leave."
    expect(storage_note(page)).to_have_text(message)
    expect(storage_note(page)).to_be_visible()
    check_passes(page, lab)
    page.goto(site)  # the course overview reads the same store
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(storage_note(page)).to_have_text(message)
