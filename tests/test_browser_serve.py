"""`course serve`: the page is cross-origin isolated, saving a lesson reloads it, and a
save that breaks the build shows its problems in the page until a save fixes them."""

import re
import socket
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
AVERAGES = "lessons/01-basics/averages.md"
PANEL = "Build problems"
REBUILT = 30_000  # ms: a rebuild of the mini course, on a machine other tests keep busy
PHONE = {"width": 375, "height": 667}


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
        listening(page)
        lesson = root / "lessons/01-basics/averages.md"
        lesson.write_text(lesson.read_text() + "\nA sentence added while the page was open.\n")
        expect(page.get_by_text("A sentence added while the page was open.")).to_be_visible(timeout=10_000)
        response = page.goto(url + "no/such/page/")
        assert response.status == 404
        expect(page.get_by_role("heading", level=1)).to_have_text("This page is not here")
        page.get_by_role("link", name="Go to the course overview").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Mini course")


def listening(page):
    """Wait until the page hears about builds, so none is missed."""
    expect(page.locator("html[data-live-reload=listening]")).to_have_count(1)


def test_a_broken_save_shows_its_problems_in_the_page_until_a_save_fixes_them(served, new_page):
    url, root = served
    page = new_page(color_scheme="light")
    page.goto(url + "01-basics/averages/")
    listening(page)
    lesson = root / AVERAGES
    working = lesson.read_text()
    lesson.write_text(working.replace("Go back", "{{ nothing }} Go back"))

    panel = page.get_by_role("region", name=PANEL)
    expect(panel).to_be_visible(timeout=REBUILT)
    expect(panel.get_by_role("listitem")).to_have_text(
        [f"{AVERAGES}:6: a computed number failed: 'nothing' is undefined (is it in the lesson's [numbers], and does the provider return it?)"]
    )
    expect(panel).to_contain_text("1 problem stopped the build.")
    expect(page.get_by_role("alert")).to_have_text("This save did not build: 1 problem.")
    expect(page).to_have_title(re.compile(r"^\(1 problem\) Averages"))
    expect(page.get_by_role("heading", name="Averages", exact=True)).to_be_visible()  # the last version that built

    panel.get_by_role("button", name="Hide problems").click()
    expect(panel.get_by_role("list")).to_be_hidden()
    expect(panel.get_by_role("button", name="Show problems")).to_have_attribute("aria-expanded", "false")
    panel.get_by_role("button", name="Show problems").click()
    expect(panel.get_by_role("list")).to_be_visible()

    lesson.write_text(working + "\nA sentence saved with the fix.\n")
    expect(page.get_by_text("A sentence saved with the fix.")).to_be_visible(timeout=REBUILT)
    expect(page.get_by_role("region", name=PANEL)).to_have_count(0)
    expect(page).to_have_title(re.compile(r"^Averages"))


def test_many_problems_leave_most_of_a_phone_screen_to_the_page_in_either_theme(served, new_page):
    url, root = served
    count = 30
    for number in range(count):
        (root / f"lessons/01-basics/unlisted-{number}.md").write_text("+++\ntitle = 'U'\nsummary = 'u'\n+++\n")
    # Opened while the course is broken (or about to be): the page shows the problems as soon as it hears of them.
    page = new_page(bypass_csp=True, viewport=PHONE, color_scheme="dark")
    page.goto(url + "01-basics/adding/")
    panel = page.get_by_role("region", name=PANEL)
    expect(panel.get_by_role("listitem")).to_have_count(count, timeout=REBUILT)
    expect(panel.get_by_role("listitem").first).to_have_text(re.compile(r"^lessons/01-basics/unlisted-\d+\.md: this lesson is not listed in course/course.toml"))

    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert box["y"] >= PHONE["height"] / 2, f"the panel covers more than half the screen: {box}"
    assert panel.locator(".build-problems-body").evaluate("(body) => body.scrollHeight > body.clientHeight"), "the list should scroll inside the panel"
    expect(page.get_by_role("heading", level=1).first).to_be_in_viewport()

    page.add_script_tag(path=str(AXE))
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        found = page.evaluate(
            """async () => (await axe.run(".build-problems", { resultTypes: ["violations"] })).violations
                 .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target).join(", ")}`)"""
        )
        assert found == [], f"{scheme}: {found}"
