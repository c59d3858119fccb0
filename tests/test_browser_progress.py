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


# ---------- Progress carried to another browser in a file ----------

def saved_progress(page):
    return json.loads(page.evaluate("(key) => localStorage.getItem(key)", STORAGE_KEY) or "null")


def progress_file_section(page):
    return page.get_by_role("region", name="Your progress")


def load_file(page, path):
    with page.expect_file_chooser() as chooser:
        progress_file_section(page).get_by_role("button", name="Load progress from a file").click()
    chooser.value.set_files(path)


def test_progress_saved_to_a_file_loads_in_another_browser(context, new_context, widgets_site, tmp_path):
    page = context.new_page()
    page.goto(widgets_site)
    draft = "def mine():\n    return 'typed on the first computer'\n"
    page.evaluate(
        "([key, lab, draft]) => localStorage.setItem(key, JSON.stringify({version: 1, drafts: {[lab]: draft}, passed: {[lab]: '2026-01-02T03:04:05.000Z'}}))",
        [STORAGE_KEY, LAB.id, draft],
    )
    page.reload()
    with page.expect_download() as download:
        progress_file_section(page).get_by_role("button", name="Save progress to a file").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("zero-to-microgpt-progress-") and path.suffix == ".json"

    elsewhere = new_context(service_workers="block").new_page()
    elsewhere.goto(widgets_site)
    assert saved_progress(elsewhere) is None
    load_file(elsewhere, path)
    expect(progress_file_section(elsewhere).get_by_role("status")).to_contain_text("1 labs passed")
    kept = saved_progress(elsewhere)
    assert kept["drafts"] == {LAB.id: draft}
    assert kept["passed"] == {LAB.id: "2026-01-02T03:04:05.000Z"}
    expect(elsewhere.locator("[data-labs-passed]")).to_contain_text("You have passed 1 of")
    # The lab itself opens with the draft brought from the other browser.
    elsewhere.goto(widgets_site + LESSON.url)
    expect(elsewhere.get_by_role("region", name=lab_name(LAB)).get_by_role("textbox", name="Code editor")).to_contain_text("typed on the first computer")


@pytest.mark.parametrize(
    "text, says",
    [
        ("this is not json {", "not the JSON this course saves"),
        ('{"hello": "world"}', "not a progress file from this course"),
        ('{"kind": "zero-to-microgpt progress", "version": 7, "progress": {}}', "another version of the course"),
        ('{"kind": "zero-to-microgpt progress", "version": 1, "progress": {"passed": {"a/b": 12}}}', "damaged: its passed entry for “a/b”"),
        ('{"kind": "zero-to-microgpt progress", "version": 1, "progress": {"drafts": []}}', "damaged"),
    ],
    ids=["not json", "foreign", "other version", "bad entry", "bad layout"],
)
def test_a_file_that_is_not_good_progress_is_refused_and_changes_nothing(context, widgets_site, tmp_path, text, says):
    page = context.new_page()
    page.goto(widgets_site)
    before = {"version": 1, "drafts": {LAB.id: "x = 1\n"}, "passed": {}, "hints": {}, "answers": {}, "visited": {}}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORAGE_KEY, json.dumps(before)])
    page.reload()
    path = tmp_path / "progress.json"
    path.write_text(text)
    load_file(page, path)
    status = progress_file_section(page).get_by_role("status")
    expect(status).to_contain_text(says)
    expect(status).to_contain_text("Nothing was changed.")
    assert saved_progress(page) == before
