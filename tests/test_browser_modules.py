"""Only an entry module starts widgets: importing the film's and heatmap's other modules starts nothing."""

import pytest

from tests.browser import LESSON, READY_TIMEOUT
from tests.conftest import PROJECT

pytestmark = pytest.mark.browser

STATIC_JS = PROJECT / "static" / "js"
# The scripts a page loads to start its widgets; everything they import is a library.
ENTRY_MODULES = ("film.js", "heatmap.js", "lab.js")
LIBRARY_MODULES = sorted(
    path.name for path in STATIC_JS.glob("*.js") if path.name.startswith(("film-", "heatmap-"))
) + ["dom.js", "model-compare.js"]

STARTED = """() => ({
  films: document.querySelectorAll("[data-film][data-ready]").length,
  heatmaps: [...document.querySelectorAll("section[data-heatmap]")].filter((section) => section.heatmap).length,
})"""
PRESENT = """() => ({
  films: document.querySelectorAll("[data-film]").length,
  heatmaps: document.querySelectorAll("section[data-heatmap]").length,
})"""
IMPORT_ALL = "async (urls) => { for (const url of urls) await import(url); }"


def test_importing_the_library_modules_starts_no_widget(new_page, site):
    page = new_page(service_workers="block")  # so the routes below see every request
    for entry in ENTRY_MODULES:
        page.route(f"**/static/js/{entry}", lambda route: route.abort())
    page.goto(site + LESSON)
    present = page.evaluate(PRESENT)
    assert present["films"] >= 1 and present["heatmaps"] >= 1, f"{LESSON} should hold a film and a heatmap"

    page.evaluate(IMPORT_ALL, [f"{site}static/js/{name}" for name in LIBRARY_MODULES])
    assert page.evaluate(STARTED) == {"films": 0, "heatmaps": 0}

    # The entry modules do start them (a new URL: the blocked load stays failed in the module map).
    page.unroute_all()
    page.evaluate(IMPORT_ALL, [f"{site}static/js/{name}?entry" for name in ("film.js", "heatmap.js")])
    assert page.evaluate(STARTED) == present


# --- the widgets start after the page's Python (static/js/after-python.js) -----------------------

LONGEST_WAIT_MS = int(
    next(line for line in (STATIC_JS / "after-python.js").read_text().splitlines() if line.startswith("const LONGEST_WAIT_MS"))
    .split("=")[1].strip(" ;").replace("_", "")
)
# When each film and heatmap started, and when the page's Python was ready, in ms since the page began.
WATCH_STARTS = """
window.started = {};
new MutationObserver(() => {
  const now = performance.now();
  if (document.querySelector("[data-film][data-ready]")) window.started.film ??= now;
  if ([...document.querySelectorAll("section[data-heatmap]")].some((section) => section.heatmap)) window.started.heatmap ??= now;
  if (document.querySelector('[data-python-state="ready"]')) window.started.python ??= now;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def started_times(page):
    page.wait_for_function("window.started.film !== undefined && window.started.heatmap !== undefined", timeout=READY_TIMEOUT)
    return page.evaluate("window.started")


def test_while_python_loads_the_widgets_wait_no_longer_than_the_longest_wait(new_context, site):
    context = new_context(service_workers="block", bypass_csp=True)
    context.route("**/pyodide/pyodide.asm.wasm", lambda route: None)  # held: this Python never gets ready
    context.add_init_script(WATCH_STARTS)
    page = context.new_page()
    page.goto(site + LESSON)
    started = started_times(page)
    assert "python" not in started
    assert started["film"] >= LONGEST_WAIT_MS and started["heatmap"] >= LONGEST_WAIT_MS, started
    context.unroute_all(behavior="ignoreErrors")


# A page of its own, with a lab whose Python is still loading: when afterPython() resolves.
WAITING_PAGE = """<!doctype html><meta charset="utf-8"><title>waiting</title>
<section data-python-state="loading"></section>
<script type="module">
window.waiting = { asked: performance.now() };
const { afterPython } = await import("./static/js/after-python.js");
afterPython().then(() => { window.waiting.resolved = performance.now(); });
</script>"""


@pytest.mark.parametrize("how", ["key", "pointer", "python ready"])
def test_a_learner_who_reaches_for_the_page_or_a_ready_python_ends_the_wait_at_once(new_context, site, how):
    context = new_context(service_workers="block", bypass_csp=True)
    context.route(site + "waiting.html", lambda route: route.fulfill(content_type="text/html", body=WAITING_PAGE))
    page = context.new_page()
    page.goto(site + "waiting.html")
    page.wait_for_function("window.waiting && window.waiting.asked !== undefined")
    now = page.evaluate("performance.now()")
    if now > LONGEST_WAIT_MS - 300 or "resolved" in page.evaluate("window.waiting"):
        pytest.skip(f"the page took {now:.0f} ms to load: the longest wait was nearly over before the test could act")
    if how == "key":
        page.keyboard.press("Shift")
    elif how == "pointer":
        page.mouse.click(5, 5)
    else:
        page.evaluate("document.querySelector('[data-python-state]').dataset.pythonState = 'ready'")
    acted = page.evaluate("performance.now()")
    page.wait_for_function("window.waiting.resolved !== undefined")
    resolved = page.evaluate("window.waiting.resolved")
    assert resolved < LONGEST_WAIT_MS, (now, acted, resolved)


def test_once_python_is_ready_the_widgets_start(new_context, site):
    context = new_context(bypass_csp=True)
    context.add_init_script(WATCH_STARTS)
    page = context.new_page()
    page.goto(site + LESSON)
    started = started_times(page)
    page.wait_for_function("window.started.python !== undefined", timeout=READY_TIMEOUT)
    started = page.evaluate("window.started")
    assert min(started["film"], started["heatmap"]) <= max(started["python"], LONGEST_WAIT_MS) + 500, started


def test_on_a_page_with_no_lab_nothing_waits(page, site):
    page.goto(site + "glossary/")
    waited = page.evaluate("""async (url) => {
      const { afterPython } = await import(url);
      const begun = performance.now();
      await afterPython();
      return performance.now() - begun;
    }""", f"{site}static/js/after-python.js")
    assert waited < 50
