"""A progress store that cannot be read, is full, or is blocked never breaks a lab page.

These run on the widgets fixture course's lab, so editing a real lab never breaks them.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from site_builder.constants import PROGRESS_KEY
from tests.browser import button, output, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

STORAGE_KEY = PROGRESS_KEY
COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]

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


@pytest.fixture
def context(new_context):
    # No service worker: it would fetch the whole course for offline use, which tests of the progress store do not need.
    return new_context(service_workers="block")


def open_lab(page, widgets_site):
    page.goto(widgets_site + LESSON.url)
    return ready_lab(page, lab_name(LAB))


def storage_note(page):
    return page.locator("main [data-storage-note]")


def check_passes(page, lab):
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=15_000)
    expect(lab.locator("[data-lab-badge]")).to_be_visible()


def saved(page):
    return page.evaluate("(key) => localStorage.getItem(key)", PROGRESS_KEY)


def store(page, value):
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, value])


UNREADABLE = ["{not json", "null", '"a string"', "[1, 2, 3]", '{"version": 1, "drafts": []}', '{"version": 2, "drafts": {}}']


def test_unreadable_progress_is_left_alone_and_the_page_says_so(context, widgets_site):
    page = context.new_page()
    page.goto(widgets_site + LESSON.url)
    for stored in UNREADABLE:
        store(page, stored)
        page.reload()
        expect(storage_note(page)).to_have_role("status")
        expect(storage_note(page)).to_have_text(re.compile(
            r"^Your saved progress could not be read, so this page starts fresh and will not save changes\."
        ))
        assert saved(page) == stored
    lab = open_lab(page, widgets_site)
    check_passes(page, lab)
    assert saved(page) == stored, "what we cannot read may be a newer version's: it is not overwritten"


def test_unreadable_progress_can_be_forgotten_on_request(context, widgets_site):
    page = context.new_page()
    page.goto(widgets_site + LESSON.url)
    store(page, "{not json")
    lab = open_lab(page, widgets_site)
    storage_note(page).get_by_role("button", name=re.compile("Start saving again")).click()
    expect(storage_note(page)).to_have_count(0)
    check_passes(page, lab)
    assert LAB.id in json.loads(saved(page))["passed"]


def test_a_full_store_keeps_the_lab_working_and_says_progress_is_not_kept(context, widgets_site):
    context.add_init_script(QUOTA_FULL)
    page = context.new_page()
    lab = open_lab(page, widgets_site)
    expect(storage_note(page)).to_have_count(0)  # nothing has failed yet
    set_code(page, lab, "# my own attempt\n")
    message = "Your browser's storage for this site is full or blocked, so new progress will not be kept after you leave."
    expect(storage_note(page)).to_have_text(message)
    expect(output(lab)).to_contain_text(message)  # where the learner is looking
    check_passes(page, lab)
    assert saved(page) is None


def test_blocked_storage_keeps_the_lab_working_and_says_progress_is_not_kept(context, widgets_site):
    context.add_init_script(STORAGE_BLOCKED)
    page = context.new_page()
    lab = open_lab(page, widgets_site)
    message = "Your browser is not letting this site save anything, so your code and progress will not be kept after you leave."
    expect(storage_note(page)).to_have_text(message)
    expect(storage_note(page)).to_be_visible()
    check_passes(page, lab)
    page.goto(widgets_site)  # the course overview reads the same store
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(storage_note(page)).to_have_text(message)
