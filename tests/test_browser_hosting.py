"""The built site on a plain static host: nothing from elsewhere, no errors, Stop without isolation."""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser import CORRECT, LESSON, READY_TIMEOUT, button, output, ready_lab, set_code, verdict

pytestmark = pytest.mark.browser

LESSONS = [
    "08-attention/position-embeddings/",
    "08-attention/queries-keys-values/",
    "08-attention/scaled-dot-product/",
    "08-attention/causal-masking/",
    "08-attention/rmsnorm-residuals/",
]
PAGES = ["", "08-attention/", *LESSONS, "attention-explained/"]
MISSING = "no-such-page/"

LOOPS_FOREVER = """while True:
    pass
"""


def origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Watched:
    """A page whose requests may reach only its own site, and whose errors are all kept."""

    def __init__(self, browser, site):
        self.site = origin(site)
        self.outside = []
        self.errors = []
        self.allowed_errors = []
        self.context = browser.new_context()
        self.context.route("**/*", self.route)
        # The context hears the page and its workers: Python's, and the offline copy's service worker.
        self.context.on("console", self.console)
        self.context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        self.page = self.context.new_page()

    def route(self, route):
        url = route.request.url
        if url.startswith("data:") or origin(url) == self.site:
            route.continue_()
        else:
            self.outside.append(url)
            route.abort("blockedbyclient")

    def console(self, message):
        if message.type != "error":
            return
        text = f"{message.text} ({message.location.get('url', '')})"
        if any(allowed(message) for allowed in self.allowed_errors):
            return
        self.errors.append(text)

    def check(self):
        assert self.outside == [], f"requests outside the site: {self.outside}"
        assert self.errors == [], f"errors: {self.errors}"


@pytest.fixture
def watched(browser):
    opened = []

    def make(site):
        page = Watched(browser, site)
        opened.append(page)
        return page

    yield make
    for page in opened:
        page.context.close()


@pytest.mark.parametrize("path", PAGES)
def test_a_page_loads_only_from_its_own_site_without_errors(watched, site, path):
    watch = watched(site)
    page = watch.page
    page.goto(site + path)
    if page.locator("section[data-lab-id]").count():
        # Python is the biggest download: the worker, Pyodide, its standard library, the lab wheel.
        for lab in page.locator("section[data-lab-id]").all():
            expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    if page.locator("[data-heatmap]").count():
        expect(page.locator(".heatmap-cell").first).to_be_visible()
    if page.locator("[data-film]").count():
        expect(page.locator(".film-svg").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    watch.check()


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


def test_stop_restarts_python_on_a_host_without_isolation(watched, plain_site):
    watch = watched(plain_site)
    page = watch.page
    page.goto(plain_site + LESSON)
    assert page.evaluate("crossOriginIsolated") is False
    lab = ready_lab(page)

    set_code(page, lab, LOOPS_FOREVER)
    button(lab, "Run").click()
    expect(lab).to_have_attribute("data-python-state", "running")
    page.wait_for_timeout(300)
    button(lab, "Stop").click()
    expect(lab).not_to_have_attribute("data-python-state", "running", timeout=2_000)
    # The page says what happened: this host cannot interrupt Python, so it started afresh.
    expect(output(lab)).to_contain_text("restart", ignore_case=True)

    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    set_code(page, lab, CORRECT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=10_000)
    watch.check()


def test_a_page_opened_as_a_file_says_how_to_serve_it(new_page, built_site):
    # Browsers load no modules and start no Python for file:// pages; the page must say so
    # instead of leaving the lab "loading" for ever.
    page = new_page()
    page.goto((built_site / "08-attention/scaled-dot-product/index.html").as_uri())
    note = page.get_by_role("alert")
    expect(note).to_contain_text("This page was opened as a file")
    expect(note).to_contain_text("python3 -m http.server")


def test_a_page_from_a_server_has_no_file_note(new_page, site):
    page = new_page()
    page.goto(site + LESSON)
    ready_lab(page)
    assert page.locator("[data-file-note]").count() == 0
