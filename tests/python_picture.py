"""Python's picture for the browser tests: taken once per built site, put in each new profile.

Every browser test works in a fresh profile, where the page's first Python would start from
nothing (about two seconds of the machine's time) and then take its picture. A learner pays
that once; the test run would pay it in every test. So each site the tests serve has its
picture taken once, by the site's own worker in a profile of its own, and a profile opening
a served site for the first time is given that picture first, as a learner's second visit
finds it. Python then starts as it does for the spare every Run and Check takes.

Tests of the first start itself (tests/test_browser_python_start.py) ask for a profile
without it: new_context(python_picture=False).
"""

import base64
import re
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

PROJECT = Path(__file__).resolve().parent.parent
# The cache the worker keeps its picture in: read from its own source, never copied.
CACHE_NAME = re.search(r'const CACHE_NAME = "([^"]+)"', (PROJECT / "static/js/python-snapshot.js").read_text()).group(1)
SMALLEST = 1_000_000  # python-snapshot.js refuses anything smaller
# Files only the tests' server has, beside the site (tests/browser.py, serving).
FOLDER = "__tests__/"
BLANK = "blank.html"
PICTURE = "python-memory.bin"
CHUNK = 8 * 2**20
TIMEOUT_S = 120


# origin -> the site folder served there, filled in by tests/browser.py's serving().
SERVED = {}
# site folder -> the folder of files its servers serve under /__tests__/.
FILES = {}
# site folder -> the picture's path on a site (the same on every origin serving that folder).
TAKEN = {}


def files_beside(site_folder):
    """The folder a server of `site_folder` serves /__tests__/ from: a blank page, and the picture once taken."""
    if site_folder not in FILES:
        folder = Path(tempfile.mkdtemp(prefix="test-files-"))
        (folder / BLANK).write_text("<!doctype html><meta charset=utf-8><title>blank</title>\n")
        FILES[site_folder] = folder
    return FILES[site_folder]


def origin_of(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# Starts the site's own worker, as the page's spare is started, and waits until it is ready.
# Started from nothing with nobody waiting, it takes its picture before it says so, and keeps
# it in the background: the worker lives on until the profile is closed.
START_PYTHON = """async (script) => {
  const worker = new Worker(script, { type: "module" });
  const reply = await new Promise((resolve) => {
    worker.addEventListener("message", (event) => { if (event.data.type !== "progress") resolve(event.data); });
    worker.addEventListener("error", (event) => resolve({ type: "error", message: event.message }));
    worker.postMessage({ id: 1, type: "init" });
  });
  if (reply.type !== "ready") throw new Error(`the worker did not start: ${reply.message}`);
}"""

# The address and size of each whole picture kept.
KEPT = """async ([name, smallest]) => {
  const cache = await caches.open(name);
  const found = [];
  for (const request of await cache.keys()) {
    const bytes = (await (await cache.match(request)).arrayBuffer()).byteLength;
    if (bytes >= smallest) found.push(request.url);
  }
  return found;
}"""

READ = """async ([name, address, start, end]) => {
  window.pictureBytes ??= await (await (await caches.open(name)).match(address)).blob();
  const url = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(window.pictureBytes.slice(start, end));
  });
  return { data: url.slice(url.indexOf(",") + 1), size: window.pictureBytes.size };
}"""

PUT = """async ([name, address, source]) => {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`the picture was not served: ${response.status}`);
  await (await caches.open(name)).put(address, response);
}"""


def wait_until_kept(page):
    """The addresses of the whole pictures `page`'s origin keeps, once it keeps one."""
    deadline = time.monotonic() + TIMEOUT_S
    while not (kept := page.evaluate(KEPT, [CACHE_NAME, SMALLEST])):
        assert time.monotonic() < deadline, "the worker kept no picture of Python's memory"
        page.wait_for_timeout(100)
    return kept


def take(browser, site_url):
    """The picture's path on the site, once its bytes are served beside it."""
    folder = SERVED[origin_of(site_url)]
    if folder in TAKEN:
        return TAKEN[folder]
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + FOLDER + BLANK)
        page.evaluate(START_PYTHON, site_url + "static/js/python-worker.js")
        (address,) = wait_until_kept(page)
        picture = bytearray()
        while True:
            chunk = page.evaluate(READ, [CACHE_NAME, address, len(picture), len(picture) + CHUNK])
            picture += base64.b64decode(chunk["data"])
            if len(picture) >= chunk["size"]:
                break
    finally:
        context.close()
    (files_beside(folder) / PICTURE).write_bytes(picture)
    TAKEN[folder] = urlsplit(address).path
    return TAKEN[folder]


def give_pictures(context, browser):
    """Every page `context` opens is given the site's picture before it first opens a served site."""
    given = set()
    opening = context.new_page

    def new_page(*args, **kwargs):
        page = opening(*args, **kwargs)
        going = page.goto

        def goto(url, **options):
            origin = origin_of(url)
            if origin in SERVED and origin not in given and starts_python(SERVED[origin], urlsplit(url).path):
                given.add(origin)
                path = take(browser, origin + "/")
                going(origin + "/" + FOLDER + BLANK)
                page.evaluate(PUT, [CACHE_NAME, origin + path, origin + "/" + FOLDER + PICTURE])
            return going(url, **options)

        page.goto = goto
        return page

    context.new_page = new_page
    return context


IMPORTED = re.compile(r"""["']\./([\w-]+\.js)["']""")
SCRIPT = re.compile(r'src="[^"]*static/js/([\w-]+\.js)"')


def starts_python(site_folder, path):
    """Whether the page at `path` of the site in `site_folder` can start Python: one of its scripts
    leads, import by import, to the module that starts the Python worker. Other pages (and a site published in a folder
    of its host, whose page is not found at `path`) are opened without a picture."""
    page = site_folder / path.lstrip("/")
    page = page / "index.html" if page.is_dir() or path.endswith("/") else page
    if not page.is_file() or page.suffix != ".html":
        return False
    scripts = site_folder / "static" / "js"
    seen, waiting = set(), SCRIPT.findall(page.read_text(encoding="utf-8"))
    while waiting:
        name = waiting.pop()
        if name in seen or not (scripts / name).is_file():
            continue
        seen.add(name)
        text = (scripts / name).read_text(encoding="utf-8")
        if '"./python-worker.js"' in text:
            return True
        waiting += IMPORTED.findall(text)
    return False
