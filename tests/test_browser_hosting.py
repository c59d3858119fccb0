"""The built site on a plain static host: nothing from elsewhere, no errors, Stop without isolation.

That each real page loads only from its own site is checked, page by page, in
tests/test_browser_course.py; the lab here is the widgets fixture course's.
"""

import pytest
from playwright.sync_api import expect

from tests.browser import READY_TIMEOUT, button, output, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

MISSING = "no-such-page/"

LOOPS_FOREVER = """while True:
    pass
"""
COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]


def test_the_missing_page_loads_only_from_its_own_site(watched, site):
    watch = watched(site)
    missing = site + MISSING
    # The host answers 404 on purpose; Chromium logs that for the page itself, and that alone is fine.
    watch.allowed_errors.append(lambda message: message.location.get("url") == missing and "404" in message.text)
    response = watch.page.goto(missing)
    assert response.status == 404
    expect(watch.page.get_by_role("heading", name="This page is not here")).to_be_visible()
    watch.page.wait_for_load_state("networkidle")
    watch.check()


def test_stop_restarts_python_on_a_host_without_isolation(watched, widgets_plain_site):
    watch = watched(widgets_plain_site)
    page = watch.page
    page.goto(widgets_plain_site + LESSON.url)
    assert page.evaluate("crossOriginIsolated") is False
    lab = ready_lab(page, lab_name(LAB))

    set_code(page, lab, LOOPS_FOREVER)
    button(lab, "Run").click()
    expect(lab).to_have_attribute("data-python-state", "running")
    page.wait_for_timeout(300)
    button(lab, "Stop").click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=2_000)
    # The page says what happened: this host cannot interrupt Python, so it started afresh.
    expect(output(lab)).to_contain_text("Stopped by ending the Python it ran in")

    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    watch.check()


KEPT_FILES_HEADERS = """async () => {
  const seen = {};
  for (const file of ["static/js/theme.js", "pyodide/pyodide.asm.wasm"]) {
    const response = await fetch(new URL(file, navigator.serviceWorker.controller.scriptURL), { method: "HEAD" });
    if (!response.ok) throw new Error(file + " " + response.status);
    seen[file] = response.headers.get("Cross-Origin-Embedder-Policy");
  }
  return seen;
}"""


def test_the_service_worker_makes_the_next_visit_isolated_where_the_host_cannot(watched, widgets_plain_site):
    # GitHub Pages, say, sends no COOP/COEP. The site's own service worker adds them to what
    # it serves, so once it is in place the page is isolated and Stop interrupts Python.
    watch = watched(widgets_plain_site)
    page = watch.page
    page.goto(widgets_plain_site + LESSON.url)
    assert page.evaluate("crossOriginIsolated") is False
    lab = ready_lab(page, lab_name(LAB))
    expect(lab).to_have_attribute("data-stop-mode", "restart")
    expect(lab).to_contain_text("this page cannot interrupt it")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT)

    page.reload()
    assert page.evaluate("crossOriginIsolated") is True
    # The page and the Python worker got the headers; the other files are passed on as kept,
    # so the browser's compiled code kept beside a script or the wasm is used again.
    assert page.evaluate(KEPT_FILES_HEADERS) == {"static/js/theme.js": None, "pyodide/pyodide.asm.wasm": None}
    lab = ready_lab(page, lab_name(LAB))
    expect(lab).to_have_attribute("data-stop-mode", "interrupt")
    expect(lab).to_contain_text("Stop interrupts your code")
    set_code(page, lab, LOOPS_FOREVER)
    button(lab, "Run").click()
    expect(lab).to_have_attribute("data-python-state", "running")
    page.wait_for_timeout(300)
    button(lab, "Stop").click()
    expect(output(lab)).to_contain_text("Stopped.", timeout=2_000)
    expect(output(lab)).not_to_contain_text("Stopped by ending")
    watch.check()


def test_a_page_opened_as_a_file_says_how_to_serve_it(new_page, widgets_built):
    # Browsers load no modules and start no Python for file:// pages; the page must say so
    # instead of leaving the lab "loading" for ever.
    page = new_page()
    page.goto((widgets_built / LESSON.dest_path).as_uri())
    note = page.get_by_role("alert")
    expect(note).to_contain_text("This page was opened as a file")
    expect(note).to_contain_text("python3 -m http.server")


def test_a_page_from_a_server_has_no_file_note(new_page, widgets_site):
    page = new_page()
    page.goto(widgets_site + LESSON.url)
    ready_lab(page, lab_name(LAB))
    assert page.locator("[data-file-note]").count() == 0
