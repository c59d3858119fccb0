"""Accessibility in headless Chromium: axe-core, the theme switch, the keyboard, high contrast.

These run on the widgets fixture course, whose lesson has a film, a heatmap, code and a
lab. Every real page is checked with axe, at a phone's width and, beside the lessons,
for a visible focus at every stop, in tests/test_browser_course.py.
"""

import re

import pytest
from playwright.sync_api import expect

from site_builder.constants import THEME_KEY
from tests.browser import focus_stop, ready_lab, serious_problems, tab_to_the_end
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]
# A page beside the lessons with code and a heatmap.
PAGE = next(page for page in COURSE.pages if "```" in page.body and "heatmap(" in page.body)


def typed_solution(solution):
    """The lab's solution as keys to press: the editor indents the body after the colon itself.

    So each line is typed without its indent, which works for a solution whose body is one
    level deep (the fixture's is; the test checks).
    """
    first, *body = [line for line in solution.splitlines() if line.strip()]
    assert first.startswith("def ") and all(line.startswith("    ") and not line.startswith("     ") for line in body), solution
    return [first, *(line.strip() for line in body)]


def open_lesson(page, site):
    """The lesson with its Python ready, its film drawn and its heatmap filled in; its lab."""
    page.goto(site + LESSON.url)
    lab = ready_lab(page, lab_name(LAB))
    expect(page.locator(".film-svg").first).to_be_visible()
    expect(page.locator(".heatmap-cell").first).to_be_visible()
    return lab


def background(page, selector):
    """Roughly how light (0 to 1) an element's own background colour is."""
    colour = page.locator(selector).first.evaluate("(element) => getComputedStyle(element).backgroundColor")
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", colour)
    assert match and match.group(4) != "0", f"{selector} has no background colour of its own: {colour}"
    red, green, blue = (int(match.group(n)) for n in (1, 2, 3))
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


# ---------- axe-core ----------


@pytest.mark.parametrize(("scheme", "chosen"), [("light", "Dark"), ("dark", "Light")])
def test_axe_finds_no_serious_problems_in_the_chosen_theme(new_page, widgets_site, scheme, chosen):
    # The site's CSP allows only its own scripts; axe is injected by the test, so only here is it bypassed.
    page = new_page(bypass_csp=True, color_scheme=scheme)
    open_lesson(page, widgets_site)
    page.get_by_role("radio", name=chosen).check()
    assert serious_problems(page) == []


# ---------- Theme ----------


def test_the_theme_follows_the_system_by_default(new_page, widgets_site):
    page = new_page(color_scheme="dark")
    page.goto(widgets_site)
    expect(page.get_by_role("group", name="Theme").get_by_role("radio", name="System")).to_be_checked()
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert background(page, "body") < 0.2
    page.emulate_media(color_scheme="light")
    assert background(page, "body") > 0.8


def test_a_chosen_theme_overrides_the_system_everywhere_and_is_remembered(new_page, widgets_site):
    page = new_page(color_scheme="light")
    # Where the theme stands when <body> is first parsed, that is, before anything is painted.
    page.add_init_script(
        """new MutationObserver((changes, observer) => {
             if (!document.body) return;
             window.themeAtFirstPaint = document.documentElement.dataset.theme ?? "none";
             observer.disconnect();
           }).observe(document, { childList: true, subtree: true });"""
    )
    open_lesson(page, widgets_site)
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    for part in ("body", ".film-stage", ".film-button[data-action=replay]", ".heatmap", ".heatmap-cell-future", ".heatmap-switch-option:last-child .heatmap-switch-face", ".cm-editor", ".highlight", ".lab-output"):
        assert background(page, part) < 0.25, part
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") == "dark"

    page.goto(widgets_site + PAGE.url)
    assert page.evaluate("window.themeAtFirstPaint") == "dark"
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    assert background(page, ".highlight") < 0.25

    page.get_by_role("radio", name="Light").check()
    page.emulate_media(color_scheme="dark")
    assert background(page, "body") > 0.8
    assert background(page, ".highlight") > 0.8

    page.get_by_role("radio", name="System").check()
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") is None
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert background(page, "body") < 0.2


def test_the_theme_switch_works_when_storage_is_blocked(new_page, widgets_site):
    page = new_page(color_scheme="light")
    page.add_init_script(
        """Object.defineProperty(window, "localStorage", {
             get() { throw new DOMException("The user denied storage.", "SecurityError"); },
           });"""
    )
    page.goto(widgets_site)
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page, "body") < 0.2


def test_the_theme_switch_is_one_stop_for_the_keyboard(new_page, widgets_site):
    page = new_page(color_scheme="light")
    page.goto(widgets_site)
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the site title
    page.keyboard.press("Tab")
    assert focus_stop(page) == {"tag": "input", "label": "System", "ring": True}
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name="Light")).to_be_checked()
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


# ---------- Keyboard only ----------


def tab_until(page, is_there, key="Tab", limit=120):
    """Press `key` until the focused element passes `is_there` (JS); each stop must show its focus."""
    visited = []
    for _ in range(limit):
        page.keyboard.press(key)
        focused = focus_stop(page)
        if focused is None:
            continue
        visited.append(focused)
        assert focused["ring"], f"no visible focus on {focused} (after {visited[-4:-1]})"
        if page.evaluate(f"(() => {{ const element = document.activeElement; return {is_there}; }})()"):
            return visited
    raise AssertionError(f"{key} never got there; visited {visited}")


def test_a_whole_lab_with_the_keyboard_alone(new_page, widgets_site):
    page = new_page(color_scheme="light")
    lab = open_lesson(page, widgets_site)
    verdict = lab.get_by_role("status")
    # A live region is announced only if it is in the page, empty, before its news arrives.
    expect(verdict).to_be_empty()
    assert verdict.get_attribute("aria-live") in (None, "polite", "assertive")

    visited = tab_until(page, "element.dataset.action === 'hint'")
    assert len(visited) > 10  # the whole way down: header, film, heatmap, toolbar
    page.keyboard.press("Enter")
    expect(lab.locator(".lab-hint").first).to_be_visible()

    # Showing a hint may take focus to it, below the editor; the editor is then behind.
    behind = page.evaluate("document.activeElement.compareDocumentPosition(document.querySelector('.cm-content')) & Node.DOCUMENT_POSITION_PRECEDING")
    tab_until(page, "element.matches('.cm-content')", key="Shift+Tab" if behind else "Tab")
    page.keyboard.press("Control+A")
    for number, line in enumerate(typed_solution(LAB.solution)):
        if number:
            page.keyboard.press("Enter")
        page.keyboard.type(line)
    page.keyboard.press("Control+Enter")
    expect(verdict).to_contain_text("All checks passed", timeout=10_000)

    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.cm-editor') === null")
    assert focus_stop(page)["ring"]
    tab_to_the_end(page)


# ---------- High contrast ----------


def test_high_contrast_mode_keeps_the_heatmap_colours(new_page, widgets_site):
    # Forced colours paint every background in the system's one colour unless told not to;
    # a heatmap's colours are its data.
    page = new_page(forced_colors="active")
    page.goto(widgets_site + PAGE.url)
    cells = page.locator(".heatmap-cell:not(.heatmap-cell-future)")
    expect(cells.first).to_be_visible()
    colours = cells.evaluate_all("cells => new Set(cells.map((cell) => getComputedStyle(cell).backgroundColor)).size")
    assert colours >= 5, f"only {colours} background colours among the heatmap's cells"
