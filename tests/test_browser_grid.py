"""Grids in headless Chromium, on the mini course with a grid of a provider's numbers.

Every cell is painted by its number and reachable by the keyboard, the readout says the
cell's row, column and number, the table behind "Show the numbers" holds them all, and
the grid fits a phone in either theme without serious accessibility problems.
"""

import pytest
from playwright.sync_api import expect

from tests.browser import serious_problems, serving
from tests.test_widgets_chart import call_in_lesson
from tests.test_widgets_grid import GOOD_CALL, grid_course  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

PAGE = "01-basics/averages/"


@pytest.fixture
def grid_site(grid_course, tmp_path):  # noqa: F811 (the fixture imported above)
    from site_builder.build import build

    call_in_lesson(grid_course, GOOD_CALL)
    build(grid_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        yield url


def open_grid(page, site):
    page.goto(site + PAGE)
    figure = page.get_by_role("figure", name="Pairs counted.")
    expect(figure.get_by_role("grid")).to_have_count(1)
    return figure


def test_every_cell_is_painted_by_its_number(page, grid_site):
    figure = open_grid(page, grid_site)
    cells = figure.get_by_role("gridcell")
    expect(cells).to_have_count(4)
    colours = cells.evaluate_all("cells => cells.map(cell => getComputedStyle(cell).backgroundColor)")
    assert len(set(colours)) == 4  # 0, 5, 12 and 3,456 are four different colours
    expect(cells.nth(3)).to_have_attribute("data-value", "3456")


def test_the_keyboard_walks_the_cells_and_the_readout_names_each(page, grid_site):
    figure = open_grid(page, grid_site)
    readout = figure.locator("[data-grid-readout]")
    cells = figure.get_by_role("gridcell")
    cells.first.focus()
    expect(readout).to_have_text("first token a, next token a: 0.")
    page.keyboard.press("ArrowRight")
    expect(cells.nth(1)).to_be_focused()
    expect(readout).to_have_text("first token a, next token BOS: 5.")
    page.keyboard.press("ArrowDown")
    expect(readout).to_have_text("first token BOS, next token BOS: 3,456.")
    page.keyboard.press("ArrowDown")  # past the last row it stays there
    expect(cells.nth(3)).to_be_focused()
    page.keyboard.press("Home")
    expect(readout).to_have_text("first token BOS, next token a: 12.")
    page.keyboard.press("PageUp")
    expect(cells.first).to_be_focused()
    expect(figure.locator("td.grid-cell[tabindex='0']")).to_have_count(1)  # one tab stop for the grid


def test_pointing_at_a_cell_shows_its_number(page, grid_site):
    figure = open_grid(page, grid_site)
    figure.get_by_role("gridcell").nth(2).hover()
    expect(figure.locator("[data-grid-readout]")).to_have_text("first token BOS, next token a: 12.")


def test_show_the_numbers_opens_a_table_of_every_value(page, grid_site):
    figure = open_grid(page, grid_site)
    table = figure.locator("table.grid-table")
    expect(table).to_be_hidden()
    figure.get_by_text("Show the numbers").click()
    expect(table).to_be_visible()
    expect(table.locator("tbody tr").nth(1).get_by_role("cell")).to_have_text(["12", "3,456"])


def test_a_grid_wider_than_a_phone_scrolls_in_its_own_box(new_page, grid_course, tmp_path):  # noqa: F811
    from site_builder.build import build

    call_in_lesson(grid_course, GOOD_CALL.replace("data.square", "data.big").replace("Pairs counted.", "Big."))
    build(grid_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        page = new_page(viewport={"width": 375, "height": 800}, color_scheme="dark", bypass_csp=True)
        page.goto(url + PAGE)
        figure = page.get_by_role("figure", name="Big.")
        expect(figure.get_by_role("gridcell")).to_have_count(27 * 27)
        assert figure.locator(".grid-scroll").evaluate("box => box.scrollWidth > box.clientWidth")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 375
        figure.get_by_role("gridcell").last.focus()
        expect(figure.locator("[data-grid-readout]")).to_have_text("first token r26, next token c26: 676.")
        assert serious_problems(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_fits_a_phone_in_either_theme_without_serious_problems(new_page, grid_site, scheme):
    page = new_page(viewport={"width": 375, "height": 800}, color_scheme=scheme, bypass_csp=True)
    open_grid(page, grid_site)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 375
    assert serious_problems(page) == []
