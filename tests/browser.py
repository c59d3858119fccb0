"""Helpers for the browser tests: serve a built site, drive Debian's Chromium, work a lab."""

import threading
from contextlib import contextmanager

from playwright.sync_api import expect, sync_playwright

from site_builder.serve import Reloads, make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# The lesson most browser tests work in: it has a lab, a film and a heatmap.
LAB_ID = "08-attention/scaled-dot-product"
LESSON = f"{LAB_ID}/"
LAB_NAME = "Lab: Scaled dot-product attention"
# Python is the slowest thing to load: the worker, Pyodide, its standard library, the lab wheel.
READY_TIMEOUT = 60_000

# A correct attend() in a learner's own words, not the reference solution's.
CORRECT = """import math


def attend(q, keys, values):
    scale = math.sqrt(len(q))
    scores = [sum(a * b for a, b in zip(q, k)) / scale for k in keys]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    weights = [e / sum(exps) for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
"""


@contextmanager
def serving(site, isolated=True):
    """Serve `site` on a free port; without isolation the page cannot interrupt Python."""
    server = make_server(site, "127.0.0.1", 0, Reloads(), isolated=isolated)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


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
