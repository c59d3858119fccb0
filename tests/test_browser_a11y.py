"""Accessibility in headless Chromium: axe-core, the theme switch, the keyboard, phone width."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_builder.constants import THEME_KEY
from tests.browser import LESSON, open_lab

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
AXE = PROJECT / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = ["light", "dark"]
AXE_PAGES = {"overview": "", "module": "08-attention/", "lesson": LESSON, "explainer": "attention-explained/"}
LESSONS = [
    "08-attention/position-embeddings/",
    "08-attention/queries-keys-values/",
    LESSON,
    "08-attention/causal-masking/",
    "08-attention/rmsnorm-residuals/",
]
EVERY_PAGE = ["", "08-attention/", *LESSONS, "attention-explained/", "no-such-page/"]

# Typed key by key, so it is written on one line: the editor indents after a newline itself.
TYPED_SOLUTION = (
    "import math\n"
    "def attend(q, keys, values): "
    "s = [sum(a * b for a, b in zip(q, k)) / math.sqrt(len(q)) for k in keys]; "
    "m = max(s); e = [math.exp(x - m) for x in s]; w = [x / sum(e) for x in e]; "
    "return [sum(wi * v[j] for wi, v in zip(w, values)) for j in range(len(values[0]))]"
)

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


def open_lesson(page, site):
    """The lesson with its Python ready, its film drawn and its heatmap filled in; its lab."""
    lab = open_lab(page, site)
    expect(page.locator(".film-svg").first).to_be_visible()
    expect(page.locator(".heatmap-cell").first).to_be_visible()
    return lab


def serious_problems(page):
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at {[node['target'] for node in violation['nodes'][:5]]}"
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def background(page, selector):
    """Roughly how light (0 to 1) an element's own background colour is."""
    colour = page.locator(selector).first.evaluate("(element) => getComputedStyle(element).backgroundColor")
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", colour)
    assert match and match.group(4) != "0", f"{selector} has no background colour of its own: {colour}"
    red, green, blue = (int(match.group(n)) for n in (1, 2, 3))
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


# ---------- axe-core ----------


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", list(AXE_PAGES))
def test_axe_finds_no_serious_problems(new_page, site, name, scheme):
    # The site's CSP allows only its own scripts; axe is injected by the test, so only here is it bypassed.
    page = new_page(bypass_csp=True, color_scheme=scheme)
    if name == "lesson":
        open_lesson(page, site)
    else:
        page.goto(site + AXE_PAGES[name])
    assert serious_problems(page) == []


@pytest.mark.parametrize(("scheme", "chosen"), [("light", "Dark"), ("dark", "Light")])
def test_axe_finds_no_serious_problems_in_the_chosen_theme(new_page, site, scheme, chosen):
    page = new_page(bypass_csp=True, color_scheme=scheme)
    open_lesson(page, site)
    page.get_by_role("radio", name=chosen).check()
    assert serious_problems(page) == []


# ---------- Theme ----------


def test_the_theme_follows_the_system_by_default(new_page, site):
    page = new_page(color_scheme="dark")
    page.goto(site)
    expect(page.get_by_role("group", name="Theme").get_by_role("radio", name="System")).to_be_checked()
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert background(page, "body") < 0.2
    page.emulate_media(color_scheme="light")
    assert background(page, "body") > 0.8


def test_a_chosen_theme_overrides_the_system_everywhere_and_is_remembered(new_page, site):
    page = new_page(color_scheme="light")
    # Where the theme stands when <body> is first parsed, that is, before anything is painted.
    page.add_init_script(
        """new MutationObserver((changes, observer) => {
             if (!document.body) return;
             window.themeAtFirstPaint = document.documentElement.dataset.theme ?? "none";
             observer.disconnect();
           }).observe(document, { childList: true, subtree: true });"""
    )
    open_lesson(page, site)
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    for part in ("body", ".film-stage", ".film-button[data-action=replay]", ".heatmap", ".heatmap-cell-future", ".heatmap-switch-option:last-child .heatmap-switch-face", ".cm-editor", ".highlight", ".lab-output"):
        assert background(page, part) < 0.25, part
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") == "dark"

    page.goto(site + "attention-explained/")
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


def test_the_theme_switch_works_when_storage_is_blocked(new_page, site):
    page = new_page(color_scheme="light")
    page.add_init_script(
        """Object.defineProperty(window, "localStorage", {
             get() { throw new DOMException("The user denied storage.", "SecurityError"); },
           });"""
    )
    page.goto(site)
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page, "body") < 0.2


def test_the_theme_switch_is_one_stop_for_the_keyboard(new_page, site):
    page = new_page(color_scheme="light")
    page.goto(site)
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the site title
    page.keyboard.press("Tab")
    assert focus_stop(page) == {"tag": "input", "label": "System", "ring": True}
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name="Light")).to_be_checked()
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


# ---------- Keyboard only ----------


def focus_stop(page):
    """What has focus and whether it shows it, or None when nothing in the page has focus."""
    return page.evaluate(FOCUS_RING)


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


def test_a_whole_lab_with_the_keyboard_alone(new_page, site):
    page = new_page(color_scheme="light")
    lab = open_lesson(page, site)
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
    page.keyboard.type(TYPED_SOLUTION)
    page.keyboard.press("Control+Enter")
    expect(verdict).to_contain_text("All checks passed", timeout=10_000)

    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.cm-editor') === null")
    assert focus_stop(page)["ring"]
    tab_to_the_end(page)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", ["", "08-attention/", "attention-explained/", "no-such-page/"])
def test_every_stop_on_a_page_shows_its_focus(new_page, site, path, scheme):
    page = new_page(color_scheme=scheme)
    page.goto(site + path)
    assert len(tab_to_the_end(page)) > 3


# ---------- Phone width ----------


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", EVERY_PAGE)
def test_no_page_scrolls_sideways_on_a_phone(new_page, site, path, scheme):
    page = new_page(color_scheme=scheme, viewport={"width": 375, "height": 800})
    page.goto(site + path)
    if page.locator("[data-film]").count():
        expect(page.locator(".film-svg").first).to_be_visible()
    if page.locator("[data-heatmap]").count():
        expect(page.locator(".heatmap-cell").first).to_be_visible()
    if page.locator("section[data-lab-id]").count():
        expect(page.locator(".cm-editor").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_high_contrast_mode_keeps_the_heatmap_colours(new_page, site):
    # Forced colours paint every background in the system's one colour unless told not to;
    # a heatmap's colours are its data.
    page = new_page(forced_colors="active")
    page.goto(site + "attention-explained/")
    cells = page.locator(".heatmap-cell:not(.heatmap-cell-future)")
    expect(cells.first).to_be_visible()
    colours = cells.evaluate_all("cells => new Set(cells.map((cell) => getComputedStyle(cell).backgroundColor)).size")
    assert colours >= 5, f"only {colours} background colours among the heatmap's cells"
