"""Helpers for the browser tests: serve a built site, drive Debian's Chromium, work a lab,
watch what a page loads, run axe."""

import functools
import json
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import expect, sync_playwright

from site_builder.serve import Reloads, make_server
from tests.python_picture import FOLDER as TEST_FILES
from tests.python_picture import SERVED, files_beside, give_pictures

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# Where a watched page finds axe: on its own site, so the site's CSP (scripts from 'self'
# only) need not be bypassed, and a CSP problem still shows as an error.
AXE_PATH = "__tests__/axe.min.js"
SCHEMES = ["light", "dark"]
PHONE_WIDTH = 375

# Debian's /usr/bin/chromium, started by a script that keeps every --disable-features given.
CHROMIUM = str(Path(__file__).resolve().parent / "chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium 156 opens the address bar's suggestion popups (chrome://omnibox-popup.top-chrome)
    # in every new profile, headless or not: two hidden pages costing about a second of CPU
    # per browser context, which is to say per test, on a 2-core machine.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
]

# The real lesson the heatmap and robustness tests still work in: its lab's attend() can
# stand in for the real model's, and their code and expected numbers are attend()'s. Every
# other player and widget test works in the widgets fixture course (tests/courses.py).
LAB_ID = "08-attention/scaled-dot-product"
LESSON = f"{LAB_ID}/"
LAB_NAME = "Lab: Scaled dot-product attention"
# Python is the slowest thing to load: the worker, Pyodide, its standard library, the lab wheel.
READY_TIMEOUT = 60_000


@contextmanager
def serving(site, isolated=True):
    """Serve `site` on a free port; without isolation the page cannot interrupt Python.

    Beside the site, the server has what tests/python_picture.py puts under /__tests__/.
    """
    server = make_server(site, "127.0.0.1", 0, Reloads(), isolated=isolated)
    server.RequestHandlerClass = with_test_files(server.RequestHandlerClass, files_beside(Path(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    SERVED[origin(url)] = Path(site)
    try:
        yield url
    finally:
        del SERVED[origin(url)]
        server.shutdown()
        server.server_close()


def with_test_files(handler, folder):
    """`handler` (a partial of the site's handler class), serving /__tests__/NAME from `folder`."""
    base = handler.func

    class TestFilesHandler(base):
        def translate_path(self, path):
            if path.startswith("/" + TEST_FILES):
                return str(folder / path.split("?")[0][len(TEST_FILES) + 1 :])
            return super().translate_path(path)

    return functools.partial(TestFilesHandler, *handler.args, **handler.keywords)


@contextmanager
def chromium():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def ready_lab(page, name=LAB_NAME):
    """The lab region called `name`, once its Python has loaded."""
    lab = page.get_by_role("region", name=name)
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    return lab


def open_lab(page, site):
    """Go to the lesson's page on `site`; its lab, once Python has loaded."""
    page.goto(site + LESSON)
    return ready_lab(page)


def put_code(lab, code):
    """Replace the lab's code through the editor's own handle: no keys pressed, the cheapest way."""
    lab.evaluate("(section, code) => section.labEditor.setCode(code)", code)


def set_code(page, lab, code):
    """Replace all the code in the lab's editor with `code`, as a paste would."""
    lab.get_by_role("textbox", name="Code editor").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def button(lab, name):
    """The lab's button named exactly `name`: "Run" must not find "Run on the model"."""
    return lab.get_by_role("button", name=name, exact=True)


def verdict(lab):
    """Where the lab says how the checks went."""
    return lab.get_by_role("status")


def output(lab):
    """The lab's output log: what the code printed, and what the page says about the run."""
    return lab.get_by_role("log", name="Output")


# ---------- Pages watched for what they load and what goes wrong ----------


def origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Watched:
    """A page whose requests may reach only its own site, and whose errors are all kept."""

    def __init__(self, browser, site, **options):
        self.site = origin(site)
        self.axe = site + AXE_PATH
        self.outside = []
        self.errors = []
        self.allowed_errors = []
        python_picture = options.pop("python_picture", True)
        self.context = browser.new_context(**options)
        if python_picture:
            give_pictures(self.context, browser)
        self.context.route("**/*", self.route)
        # The context hears the page and its workers: Python's, and the offline copy's service worker.
        self.context.on("console", self.console)
        self.context.on("weberror", lambda error: self.errors.append(f"uncaught: {error.error}"))
        self.page = self.context.new_page()

    def route(self, route):
        url = route.request.url
        if url == self.axe:
            route.fulfill(path=str(AXE), content_type="text/javascript")
        elif url.startswith("data:") or origin(url) == self.site:
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


# ---------- Accessibility ----------


# The rules whose findings can change with the colour scheme alone: the page's colours change, nothing else.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def serious_problems(page, axe_url=None, rules=None):
    """What axe-core finds serious or critical in the page as it is now: by every rule, or by `rules` only.

    With `axe_url` (a Watched page's own address for axe) the site's CSP stays on;
    without it the page's context must have been made with bypass_csp=True.
    """
    if not page.evaluate("typeof axe !== 'undefined'"):
        if axe_url:
            page.add_script_tag(url=axe_url)
        else:
            page.add_script_tag(path=str(AXE))
    options = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": rules}
    results = page.evaluate("(options) => axe.run(document, options)", options)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at {[node['target'] for node in violation['nodes'][:5]]}"
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


# The element that draws the focus ring: the radios of the heatmap's and the theme's
# switches are transparent and ring their face instead, and the editor rings its frame.
FOCUS_RING = """() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  const owner = focused.matches(".heatmap-switch-option input, .theme-option input")
    ? focused.nextElementSibling
    : focused.closest(".cm-editor") ?? focused;
  const style = getComputedStyle(owner);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== "rgba(0, 0, 0, 0)";
  const label = focused.getAttribute("aria-label") || (focused.labels?.[0] ?? focused).textContent.trim().slice(0, 40);
  return { tag: focused.tagName.toLowerCase(), label, ring: outline || style.boxShadow !== "none" };
}"""


def focus_stop(page):
    """What has focus and whether it shows it, or None when nothing in the page has focus."""
    return page.evaluate(FOCUS_RING)


def tab_to_the_end(page, limit=150):
    """Tab on until focus leaves the page; every stop on the way must show its focus."""
    visited = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = focus_stop(page)
        if focused is None:
            return visited
        visited.append(focused)
        assert focused["ring"], f"no visible focus on {focused} (after {visited[-4:-1]})"
    raise AssertionError(f"Tab never left the page; visited {visited}")


def fits_a_phone(page):
    """Whether the page, at a phone's width, has nothing that makes it scroll sideways."""
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 800})
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # let widgets lay out again
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


# ---------- Films ----------


def film_data(film):
    """The film as the build resolved it for the player: scenes, captions, durations."""
    return json.loads(film.locator("[data-film-data]").text_content())

