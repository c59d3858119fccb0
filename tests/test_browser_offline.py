"""After one visit, the whole course works offline: pages, Python and every lab."""

import re
import shutil
from contextlib import closing

import pytest
from playwright.sync_api import expect

from site_builder.offline import write_service_worker
from tests.browser import button, ready_lab, serving, set_code, verdict

pytestmark = pytest.mark.browser

WAIT_FOR_OFFLINE_COPY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const names = await caches.keys();
  const cache = await caches.open(names.find((name) => name.startsWith("zero-to-microgpt-")));
  return (await cache.keys()).length;
}"""


def test_lessons_and_labs_work_offline_after_one_visit(browser, site, built_site):
    with closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(site)
        cached = page.evaluate(WAIT_FOR_OFFLINE_COPY)
        assert cached > 20
        context.set_offline(True)
        page.goto(site + "08-attention/causal-masking/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Causal masking")
        lab = ready_lab(page, "Lab: Causal attention")
        solution = (built_site / "labs/08-attention/causal-masking/solution.py").read_text()
        set_code(page, lab, solution)
        button(lab, "Check").click()
        expect(verdict(lab)).to_contain_text("All checks passed", timeout=15_000)

        # Offline, an address the build does not have gets the site's own 404 page, not the
        # browser's error; an address typed without its final slash still finds its lesson.
        page.goto(site + "08-attention/no-such-lesson/")
        expect(page.get_by_role("heading", level=1)).to_have_text("This page is not here")
        page.goto(site + "08-attention/scaled-dot-product")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Scaled dot-product attention")


def test_a_new_build_gets_a_new_cache_name(built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    before = re.search(r'const CACHE = "([^"]+)"', (copy / "sw.js").read_text()).group(1)
    (copy / "index.html").write_text((copy / "index.html").read_text() + "<!-- changed -->")
    assert write_service_worker(copy) != before


def test_a_new_build_is_offered_and_replaces_the_old_copy_whole(browser, built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    lesson = copy / "08-attention/causal-masking/index.html"
    with serving(copy) as url, closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(url + "08-attention/causal-masking/")
        page.evaluate(WAIT_FOR_OFFLINE_COPY)
        page.reload()  # now served from the offline copy
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_contain_text("Causal masking")

        # The author rebuilds: a changed lesson and a new service worker.
        lesson.write_text(lesson.read_text().replace("Causal masking", "Causal masking, revised"))
        write_service_worker(copy)
        page.reload()
        # Until the learner says so, the page stays whole on the old build ...
        expect(heading).not_to_contain_text("revised")
        note = page.locator("[data-version-note]")
        expect(note).to_contain_text("A new version of this course is ready.", timeout=20_000)
        # ... and one click brings the new one, with the old copy gone.
        note.get_by_role("button", name="Reload with the new version").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Causal masking, revised")
        names = page.evaluate("caches.keys()")
        assert len(names) == 1, names
