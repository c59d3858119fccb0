"""`course serve`: the page is cross-origin isolated, and saving a lesson reloads it."""

import socket
import subprocess
import sys
import time
from contextlib import closing

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(mini_course, tmp_path):
    port = free_port()
    command = [sys.executable, "-m", "site_builder.cli", "--root", str(mini_course), "serve", "--out", str(tmp_path / "dist"), "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert server.poll() is None, server.stdout.read()
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/", mini_course
    server.terminate()
    server.wait(timeout=10)


def test_serve_isolates_the_page_and_reloads_it_on_save(served, browser):
    url, root = served
    # Closing a page made by browser.new_page() closes its context too.
    with closing(browser.new_page()) as page:
        page.goto(url + "01-basics/averages/")
        assert page.evaluate("crossOriginIsolated") is True
        expect(page.get_by_role("heading", name="Averages", exact=True)).to_be_visible()
        page.wait_for_timeout(300)  # let the page subscribe to reloads
        lesson = root / "lessons/01-basics/averages.md"
        lesson.write_text(lesson.read_text() + "\nA sentence added while the page was open.\n")
        expect(page.get_by_text("A sentence added while the page was open.")).to_be_visible(timeout=10_000)
        response = page.goto(url + "no/such/page/")
        assert response.status == 404
        expect(page.get_by_role("heading", level=1)).to_have_text("This page is not here")
        page.get_by_role("link", name="Go to the course overview").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Mini course")
