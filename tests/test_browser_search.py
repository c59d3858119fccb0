"""The search box in every page's header, on the real course: results, keys, offline."""

import os
import shutil
from contextlib import closing

import pytest
from playwright.sync_api import expect

from tests.browser import serving
from tests.browser import SCHEMES, serious_problems
from tests.test_browser_offline import WAIT_FOR_OFFLINE_COPY

pytestmark = pytest.mark.browser

SEARCH = "Search the course"
# The lesson that introduces softmax first (the glossary links it), then lessons that use it.
TEACHES_SOFTMAX = ["Softmax: scores into chances", "Scaled dot-product attention: score, softmax, blend", "The gradient of softmax and loss"]
# The first search of a page loads Pagefind and its index: on a busy machine, more than
# Playwright's default 5 seconds.
FIRST_RESULTS = 20_000
NEVER_SAYS_SOFTMAX = ["Position embeddings: where am I in the word?", "Queries, keys, values: the library search"]


def results(page):
    return page.get_by_role("list", name="Search results").get_by_role("link")


def test_searching_softmax_finds_the_lessons_that_teach_it_and_a_result_opens_its_page(new_page, site):
    page = new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site + "08-attention/position-embeddings/")
    page.get_by_role("searchbox", name=SEARCH).fill("softmax")
    expect(results(page).first).to_be_visible(timeout=FIRST_RESULTS)
    expect(page.get_by_role("status").filter(has_text="pages match “softmax”")).to_have_count(1)
    found = results(page).all_inner_texts()
    assert all(title in found for title in TEACHES_SOFTMAX), found
    assert not any(title in found for title in NEVER_SAYS_SOFTMAX), found

    results(page).filter(has_text=TEACHES_SOFTMAX[0]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(TEACHES_SOFTMAX[0])
    assert page.url.startswith(site + "04-maths/softmax/")
    # Nothing leaves the site (the inline icon's data: address never leaves the page).
    elsewhere = [url for url in asked if not url.startswith((site, "data:"))]
    assert asked and elsewhere == [], elsewhere


def test_the_search_works_from_the_keyboard(new_page, site):
    page = new_page()
    page.goto(site)
    page.locator("body").press("/")
    box = page.get_by_role("searchbox", name=SEARCH)
    expect(box).to_be_focused()
    page.keyboard.type("kv cache")
    expect(results(page).first).to_have_text("Causal masking and the KV cache", timeout=FIRST_RESULTS)
    expect(page.locator("[data-search-summary]")).to_contain_text("“kv cache”")  # not a half-typed search
    page.keyboard.press("ArrowDown")
    expect(results(page).first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(box).to_be_focused()
    page.keyboard.press("Escape")
    expect(results(page).first).to_be_hidden()
    page.keyboard.press("ArrowDown")  # back into the results, which open again
    expect(results(page).first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Causal masking and the KV cache")


def test_a_search_with_no_match_says_so(new_page, site):
    page = new_page()
    page.goto(site + "08-attention/")
    page.get_by_role("searchbox", name=SEARCH).fill("zebra")
    expect(page.locator("[data-search-summary]")).to_have_text("No pages match “zebra”.", timeout=FIRST_RESULTS)
    expect(results(page)).to_have_count(0)


def test_results_lead_to_the_page_on_a_site_published_in_a_folder(new_page, built_site, tmp_path):
    host = tmp_path / "host"
    shutil.copytree(built_site, host / "course", copy_function=os.link)  # as on a GitHub Pages project site
    with serving(host) as url:
        page = new_page()
        page.goto(url + "course/08-attention/")
        page.get_by_role("searchbox", name=SEARCH).fill("residual")
        link = results(page).filter(has_text="RMSNorm and residual connections")
        expect(link).to_be_visible(timeout=FIRST_RESULTS)
        link.click()
        expect(page.get_by_role("heading", level=1)).to_have_text("RMSNorm and residual connections")
        assert page.url.startswith(url + "course/08-attention/rmsnorm-residuals/")


def test_the_search_works_offline_after_one_visit(browser, site):
    with closing(browser.new_context()) as context:
        page = context.new_page()
        page.goto(site)
        page.evaluate(WAIT_FOR_OFFLINE_COPY)
        context.set_offline(True)
        page.goto(site + "08-attention/")  # never searched from online: the index comes from the offline copy
        page.get_by_role("searchbox", name=SEARCH).fill("residual")
        link = results(page).filter(has_text="RMSNorm and residual connections")
        expect(link).to_be_visible(timeout=FIRST_RESULTS)
        link.click()
        expect(page.get_by_role("heading", level=1)).to_have_text("RMSNorm and residual connections")


def test_a_term_in_a_lesson_opens_its_glossary_entry(new_page, site):
    page = new_page()
    page.goto(site + "08-attention/scaled-dot-product/")
    page.locator(".prose").get_by_role("link", name="softmax", exact=True).first.click()
    expect(page).to_have_url(site + "glossary/#term-softmax")
    entry = page.locator("#term-softmax")
    expect(entry).to_have_text("softmax")
    expect(page.locator(".glossary-entry", has=entry).get_by_role("link")).to_have_text(TEACHES_SOFTMAX[0])


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_no_serious_problems_in_the_results_or_the_glossary(new_page, site, scheme):
    page = new_page(bypass_csp=True, color_scheme=scheme, viewport={"width": 375, "height": 800})
    page.goto(site + "glossary/")
    page.get_by_role("searchbox", name=SEARCH).fill("attention")
    expect(results(page).first).to_be_visible(timeout=FIRST_RESULTS)
    assert serious_problems(page) == []


def test_a_search_that_lands_late_keeps_the_readers_place_in_the_results(new_page, site):
    page = new_page()
    page.goto(site)
    box = page.get_by_role("searchbox", name=SEARCH)
    box.fill("softmax")
    expect(page.locator("[data-search-summary]")).to_contain_text("“softmax”", timeout=FIRST_RESULTS)
    box.press("ArrowDown")
    expect(results(page).first).to_be_focused()
    # A search for newer text lands while the reader is in the results, as a half-typed
    # word's search does on a slow machine: the list is redrawn under the focus.
    box.evaluate("(input) => { input.value = 'kv cache'; input.dispatchEvent(new Event('input')); }")
    expect(page.locator("[data-search-summary]")).to_contain_text("“kv cache”")
    expect(results(page).first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Causal masking and the KV cache")
