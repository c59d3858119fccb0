"""Helpers for the browser tests: serve a built site and drive Debian's Chromium."""

import threading
from contextlib import contextmanager

from playwright.sync_api import sync_playwright

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
