"""Python's fast start, in headless Chromium: the first Python on a site pictures its memory
once the checker is imported; later Pythons (the spare each Check takes, the next visit's)
start from that picture, grade exactly as a full start does, and a damaged picture is
replaced rather than trusted.

On the widgets fixture course, so no real lesson's content is pinned here.
"""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser import READY_TIMEOUT, button, output, put_code, ready_lab, verdict
from tests.conftest import PROJECT
from tests.courses import lab_name, showcase, widgets_course
from tests.python_picture import CACHE_NAME as PICTURE_CACHE

pytestmark = pytest.mark.browser

COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]
WRONG = LAB.wrong_answers[0]

# The pictures this origin keeps: {address: size in bytes}. Evaluated in the page.
PICTURES_KEPT = """async (name) => {
  const cache = await caches.open(name);
  const kept = {};
  for (const request of await cache.keys()) {
    kept[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
  }
  return kept;
}"""

# Puts bytes that are no picture at all where the picture is kept.
SPOIL_PICTURE = """async (name) => {
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    await cache.put(request, new Response(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])));
  }
}"""


def open_lab(page, site):
    page.goto(site + LESSON.url)
    return ready_lab(page, lab_name(LAB))


def pictures(page):
    return page.evaluate(PICTURES_KEPT, PICTURE_CACHE)


@pytest.fixture
def page(new_context):
    # No service worker: its offline copy of the whole site would share this fresh profile's
    # small storage quota with the picture, which these tests are about.
    # Nor the picture the other tests' profiles are given: these tests are about taking it.
    return new_context(service_workers="block", python_picture=False).new_page()


def wait_for_a_picture(page):
    """The pictures kept, {address: size}, once one of them is whole.

    Polled here: wait_for_function does not wait for an async check's answer (the promise it
    returns at once is already true enough for it).
    """
    deadline = time.monotonic() + READY_TIMEOUT / 1000
    while True:
        kept = pictures(page)
        if any(size > 1_000_000 for size in kept.values()):
            return kept
        assert time.monotonic() < deadline, "no whole picture of Python's memory was kept"
        page.wait_for_timeout(100)


def started_from(lab):
    return lab.get_attribute("data-python-started-from")


def test_the_first_python_starts_from_scratch_and_the_next_visit_from_its_picture(page, widgets_site):
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "scratch"
    (size,) = wait_for_a_picture(page).values()
    assert size > 1_000_000  # Python's whole memory, not a stub
    lab = open_lab(page, widgets_site)
    expect(lab).to_have_attribute("data-python-started-from", "picture")
    # Started from the picture, it grades exactly as a full start does.
    put_code(lab, WRONG.code)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text(WRONG.expect, timeout=READY_TIMEOUT)
    put_code(lab, LAB.solution)
    expect(lab).to_have_attribute("data-python-next", "ready", timeout=READY_TIMEOUT)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)


# Modules no Python of the course imports before the learner's code runs, so not in the
# picture: each is read from the standard library's zip when this code imports it.
IMPORTS_FROM_THE_LIBRARY = """import sys
fresh = [name for name in ("difflib", "fractions", "calendar") if name not in sys.modules]
import difflib, fractions, calendar
print("fresh:", *fresh)
print(difflib.SequenceMatcher(None, "attend", "attention").ratio(), fractions.Fraction(3, 12), calendar.isleap(2024))
"""


# Put in the page before it loads: the moment its lab says Python is ready, the lab's code
# becomes `code` and `button` is pressed, in the same task (a click from the test would come
# tens of milliseconds later).
PRESSED_AT_READY = """(() => {{
  const [code, name] = [{code}, {name}];
  new MutationObserver((changes, observer) => {{
    const lab = document.querySelector("section.lab[data-python-state='ready']");
    if (!lab) return;
    observer.disconnect();
    window.pressedOn = lab.dataset.pythonStartedFrom; // the press takes that Python: the lab's next one shows after
    lab.labEditor.setCode(code);
    [...lab.querySelectorAll("button")].find((button) => button.textContent.trim() === name).click();
  }}).observe(document, {{ subtree: true, attributes: true, attributeFilter: ["data-python-state"] }});
}})();"""


def pressed_at_ready(page, site, code, name):
    """The lab of a second visit to the lesson, where `name` was pressed on `code` as Python became ready."""
    open_lab(page, site)
    wait_for_a_picture(page)
    page.context.add_init_script(PRESSED_AT_READY.format(code=json.dumps(code), name=json.dumps(name)))
    lab = open_lab(page, site)
    assert page.evaluate("window.pressedOn") == "picture"
    return lab


def test_a_python_from_the_picture_reads_modules_it_never_imported_from_the_library(page, widgets_site):
    # Restored from the picture, Python says it is ready before its standard library is on its
    # disk; code run at once waits for it.
    lab = pressed_at_ready(page, widgets_site, IMPORTS_FROM_THE_LIBRARY, "Run")
    expect(output(lab)).to_contain_text("fresh: difflib fractions calendar", timeout=READY_TIMEOUT)
    expect(output(lab)).to_contain_text("0.6666666666666666 1/4 True")


def test_a_check_at_once_from_the_picture_finds_the_checkers_files(page, widgets_site):
    # The checker reads the lab's bundle from its disk at each Check: from the picture, those
    # files go there after Python says it is ready, and a Check at once waits for them.
    lab = pressed_at_ready(page, widgets_site, WRONG.code, "Check")
    expect(verdict(lab)).to_contain_text(WRONG.expect, timeout=READY_TIMEOUT)


def test_the_spare_a_check_takes_starts_from_the_picture(page, widgets_site):
    lab = open_lab(page, widgets_site)
    put_code(lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)
    expect(lab).to_have_attribute("data-python-next", "ready", timeout=READY_TIMEOUT)
    expect(lab).to_have_attribute("data-python-started-from", "picture")


def runtime_requests(page):
    """The method of every request for Pyodide's WebAssembly the page or its workers make from now on."""
    asked = []
    page.on("request", lambda request: asked.append(request.method) if request.url.endswith("/pyodide.asm.wasm") else None)
    return asked


def test_a_python_from_the_picture_reads_its_runtime_once_and_the_spare_not_at_all(page, widgets_site):
    open_lab(page, widgets_site)
    wait_for_a_picture(page)
    asked = runtime_requests(page)
    lab = open_lab(page, widgets_site)
    expect(lab).to_have_attribute("data-python-started-from", "picture")
    # One read, compiled as it arrives; Pyodide's own ask is answered from that, and with the
    # runtime in hand nothing asks whether the file is there (a HEAD).
    assert asked == ["GET"]
    asked.clear()
    put_code(lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)
    expect(lab).to_have_attribute("data-python-next", "ready", timeout=READY_TIMEOUT)
    # The Pythons after it are handed the runtime compiled: they ask for none of it.
    assert asked == []


# Starts the page's first kind of Python once for each delay, asking it to start that many ms
# after it is made, and says how each started: "picture", "scratch", or what went wrong.
START_AFTER = r"""async ({ name, delays }) => {
  const starter = document.querySelector("script[src$='/python-start.js']").src;
  const script = starter.replace(/python-start\.js$/, "python-worker.js");
  const outcomes = [];
  for (const delay of delays) {
    const worker = new Worker(script, { type: "module", name });
    const ready = new Promise((resolve) => {
      worker.onmessage = ({ data }) => {
        if (data?.type === "ready") resolve(data.startedFrom);
        if (data?.type === "error") resolve(`error: ${data.message}`);
      };
    });
    await new Promise((resolve) => setTimeout(resolve, delay));
    worker.postMessage({ id: 1, type: "init", readyEarly: true });
    const late = new Promise((resolve) => setTimeout(() => resolve("not ready after 20 s"), 20_000));
    outcomes.push(await Promise.race([ready, late]));
    worker.terminate();
  }
  return outcomes;
}"""


def test_a_python_from_the_picture_starts_however_soon_it_is_asked(page, widgets_site):
    """Asked at once, the worker answers Pyodide's asks while its own early reads are still to
    be made; asked later, once they are under way. Either way it starts from the picture."""
    open_lab(page, widgets_site)
    wait_for_a_picture(page)
    delays = [0, 0, 0, 0, 0, 300]
    outcomes = page.evaluate(START_AFTER, {"name": worker_names()["COMPILES_ITS_RUNTIME"], "delays": delays})
    assert outcomes == ["picture"] * len(delays)


# Checks the lab's solution the moment the page's first Python is ready, in the same task, before
# it has had time to picture its memory; then says how the Python after it started.
CHECK_AT_ONCE = r"""async ({ labId, code }) => {
  const { getPython } = await import(document.querySelector("script[src$='/python-start.js']").src);  // the page's own client
  const python = getPython();
  if (python.state === "ready") return { tooLate: true };
  await new Promise((resolve) => {
    python.addEventListener("statechange", function heard() {
      if (python.state !== "ready") return;
      python.removeEventListener("statechange", heard);
      resolve();
    });
  });
  const result = await python.check(labId, code);
  await python.current.ready;
  return { status: result.status, nextStartedFrom: python.current.startedFrom };
}"""


def test_a_python_asked_for_while_the_first_pictures_its_memory_waits_and_starts_from_the_picture(page, widgets_site):
    page.goto(widgets_site + LESSON.url)
    outcome = page.evaluate(CHECK_AT_ONCE, {"labId": LAB.id, "code": LAB.solution})
    assert outcome == {"status": "passed", "nextStartedFrom": "picture"}


# How the Python the next request takes got its runtime: compiled itself, or an earlier one's module.
NEXT_RUNTIME = r"""async () => {
  const { getPython } = await import(document.querySelector("script[src$='/python-start.js']").src);  // the page's own client
  const python = getPython();
  await python.current.ready;
  return { shared: python.current.runtimeShared, compiled: python.current.runtimeModule instanceof WebAssembly.Module };
}"""


def test_later_pythons_share_the_runtime_the_first_one_compiled(page, widgets_site):
    lab = open_lab(page, widgets_site)
    assert page.evaluate(NEXT_RUNTIME) == {"shared": False, "compiled": True}
    for code, verdict_says in ((WRONG.code, WRONG.expect), (LAB.solution, "All checks passed")):
        expect(lab).to_have_attribute("data-python-next", "ready", timeout=READY_TIMEOUT)
        put_code(lab, code)
        button(lab, "Check").click()
        expect(verdict(lab)).to_contain_text(verdict_says, timeout=READY_TIMEOUT)
        # The Python after it only instantiated the first one's module, and grades as it does.
        assert page.evaluate(NEXT_RUNTIME) == {"shared": True, "compiled": True}


def test_a_spoiled_picture_is_replaced_and_python_still_starts(page, widgets_site):
    open_lab(page, widgets_site)
    wait_for_a_picture(page)
    page.evaluate(SPOIL_PICTURE, PICTURE_CACHE)
    assert set(pictures(page).values()) == {8}
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "scratch"
    put_code(lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)
    wait_for_a_picture(page)


# Cuts the last bytes off the kept picture: its head (length, label, runs) reads as whole, and
# only the end of its last run is missing, as when storage kept a write in part.
CUT_PICTURE = """async (name) => {
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
    await cache.put(request, new Response(bytes.subarray(0, bytes.length - 1000)));
  }
}"""


def test_a_picture_cut_short_is_found_out_once_read_and_python_starts_the_long_way(page, widgets_site):
    """Python's runtime is set up while the picture is read: a picture found damaged only at its
    end must still never be restored."""
    open_lab(page, widgets_site)
    size = max(wait_for_a_picture(page).values())
    page.evaluate(CUT_PICTURE, PICTURE_CACHE)
    assert set(pictures(page).values()) == {size - 1000}
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "scratch"
    put_code(lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)
    # Forgotten, and a whole one kept again, which the next visit starts from. Not always of the same
    # size: the picture leaves out pages of zeros (picture-packing.js), and which pages Python has
    # written to by then can differ by one from start to start.
    kept = wait_for_a_picture(page)
    assert len(kept) == 1 and size - 1000 not in kept.values()
    assert started_from(open_lab(page, widgets_site)) == "picture"


# Changes the first letter of the label the kept picture carries (python-snapshot.js: its key,
# after a head of 20 bytes; picture-packing.js), as if an earlier build's Python had taken it.
RELABEL_PICTURE = """async (name) => {
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
    bytes[20] ^= 1;
    await cache.put(request, new Response(bytes));
  }
}"""


def test_a_picture_of_another_builds_python_is_not_restored_and_is_replaced(page, widgets_site):
    open_lab(page, widgets_site)
    wait_for_a_picture(page)
    page.evaluate(RELABEL_PICTURE, PICTURE_CACHE)
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "scratch"
    put_code(lab, WRONG.code)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text(WRONG.expect, timeout=READY_TIMEOUT)
    # The other build's picture was forgotten, and this Python's taken: the next visit starts from it.
    wait_for_a_picture(page)
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "picture"


# Every byte count the lab's loading line shows, as the learner would see it (lab.js).
WATCH_BYTES = """
window.bytesSeen = [];
new MutationObserver(() => {
  const shown = document.querySelector("section[data-lab-id] [data-python-progress]:not([hidden]) [data-python-bytes]");
  if (shown?.textContent && shown.textContent !== window.bytesSeen.at(-1)) window.bytesSeen.push(shown.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def test_python_says_how_far_its_downloads_have_got_only_when_it_starts_the_long_way(page, widgets_site):
    page.add_init_script(WATCH_BYTES)
    # Slow enough that the downloads report on their way, as they would on a real connection.
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, "latency": 5, "downloadThroughput": 8_000_000, "uploadThroughput": 8_000_000})
    open_lab(page, widgets_site)
    assert len(page.evaluate("window.bytesSeen")) >= 2  # from nothing: the bytes climb
    wait_for_a_picture(page)
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "picture"
    # From the picture, nothing is downloaded: nothing is counted either (nor slows it down).
    assert page.evaluate("window.bytesSeen") == []
    # A picture that will not restore: the long start that follows counts its downloads again.
    page.evaluate(RELABEL_PICTURE, PICTURE_CACHE)
    lab = open_lab(page, widgets_site)
    assert started_from(lab) == "scratch"
    assert len(page.evaluate("window.bytesSeen")) >= 2


# Prepended to the Python worker's script: Cache Storage takes the picture and never answers,
# as a browser whose storage has hung would.
STORAGE_THAT_HANGS = "Cache.prototype.put = function () { return new Promise(() => {}); };\n"


def test_a_picture_whose_storage_never_answers_holds_back_neither_a_check_nor_the_next_python(page, widgets_site):
    def hanging_storage(route):
        original = route.fetch()
        route.fulfill(response=original, body=STORAGE_THAT_HANGS + original.text())

    page.route("**/static/js/python-worker.js", hanging_storage)
    try:
        lab = open_lab(page, widgets_site)
        assert started_from(lab) == "scratch"
        put_code(lab, LAB.solution)
        button(lab, "Check").click()  # waits for the picture to be kept, but only so long
        expect(verdict(lab)).to_contain_text("All checks passed", timeout=READY_TIMEOUT)
        expect(lab).to_have_attribute("data-python-next", "ready", timeout=READY_TIMEOUT)
        # No picture was kept, so the next Python started the long way, and still started.
        assert started_from(lab) == "scratch"
        assert not any(size > 1_000_000 for size in pictures(page).values())
    finally:
        # A Python the page starts as the test ends would still be served by the handler, which
        # then fails on a closed page (in the next test's setup): it is let go of, errors and all.
        page.unroute_all(behavior="ignoreErrors")


@pytest.mark.parametrize("with_picture", [False, True], ids=["from scratch", "from the picture"])
@pytest.mark.parametrize("missing, status", [
    ("pyodide/pyodide.asm.wasm", 404),
    ("pyodide/pyodide-lock.json", 500),
    ("pyodide/python_stdlib-compiled.zip", 404),
])
def test_a_file_python_needs_that_the_server_will_not_give_is_named_and_the_picture_is_kept(page, widgets_site, missing, status, with_picture):
    if with_picture:
        open_lab(page, widgets_site)
        wait_for_a_picture(page)
    # From the picture, Python starts without waiting for these: their answers must still be heard.
    page.context.route(f"**/{missing}", lambda route: route.fulfill(status=status, body="not here"))
    page.goto(widgets_site + LESSON.url)
    lab = page.get_by_role("region", name=lab_name(LAB))
    expect(lab).to_have_attribute("data-python-state", "error", timeout=READY_TIMEOUT)
    name = missing.split("/")[-1]
    expect(lab.locator("[data-python-message]")).to_contain_text(f"the server answered {status} for {name}")
    if with_picture:  # the picture was not at fault: it is still there for when the server answers
        assert any(size > 1_000_000 for size in pictures(page).values())


# A worker made by the page, asked for nothing: what it downloads on its own. `name`: the name
# the page gives it (python-worker-name.js), or none.
WORKER_ASKED_NOTHING = r"""(name) => {
  const starter = document.querySelector("script[src$='/python-start.js']").src;
  const options = name === null ? { type: "module" } : { type: "module", name };
  window.idleWorker = new Worker(starter.replace(/python-start\.js$/, "python-worker.js"), options);
}"""


def test_the_worker_begins_its_downloads_before_the_page_asks_it_for_python(page, widgets_site):
    """The page's request for Python reaches the worker only when the page's main thread gets to it."""
    page.goto(widgets_site + LESSON.url)
    expect(page.locator("[data-python-state]").first).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    wanted = ("pyodide-lock.json", "pyodide.asm.mjs", "pyodide.mjs")
    seen = []
    page.on("request", lambda request: seen.append(request.url.rsplit("/", 1)[-1]))
    page.evaluate(WORKER_ASKED_NOTHING, None)
    deadline = time.monotonic() + 20
    while not all(name in seen for name in wanted) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert all(name in seen for name in wanted), seen


def worker_names():
    """The names python-worker-name.js gives the page's Python workers, read from its source."""
    source = (PROJECT / "static" / "js" / "python-worker-name.js").read_text(encoding="utf-8")
    return dict(re.findall(r'export const (\w+) = "([^"]+)";', source))


def runtime_asked_for(page, name, seconds):
    """Whether a worker named `name`, asked for nothing, asks for Pyodide's WebAssembly within `seconds`."""
    asked = []

    def heard(request):
        if request.url.endswith("/pyodide.asm.wasm") and request.method == "GET":
            asked.append(request)

    page.on("request", heard)
    try:
        page.evaluate(WORKER_ASKED_NOTHING, name)
        deadline = time.monotonic() + seconds
        while not asked and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        page.evaluate("window.idleWorker.terminate()")
    finally:
        page.remove_listener("request", heard)  # the next worker's requests are its own
    return bool(asked)


def test_the_pages_first_python_compiles_its_runtime_before_it_is_asked_only_when_a_picture_is_kept(page, widgets_site):
    names = worker_names()
    assert set(names) == {"COMPILES_ITS_RUNTIME", "HANDED_A_RUNTIME"}
    open_lab(page, widgets_site)
    wait_for_a_picture(page)
    assert runtime_asked_for(page, names["COMPILES_ITS_RUNTIME"], seconds=20)
    # A later Python is handed the runtime compiled; nor does a worker the page did not name compile it.
    assert not runtime_asked_for(page, names["HANDED_A_RUNTIME"], seconds=4)
    assert not runtime_asked_for(page, None, seconds=4)
    # No picture: a start from nothing, whose downloads are Pyodide's to make (and to count).
    page.evaluate("(name) => caches.delete(name)", PICTURE_CACHE)
    assert not runtime_asked_for(page, names["COMPILES_ITS_RUNTIME"], seconds=4)
