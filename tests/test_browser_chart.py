"""Charts in headless Chromium, on the mini course with a chart of a provider's numbers.

The chart is drawn to the plot's width without moving what follows it, reads its values
out to the keyboard and to screen readers (each bar's name, and the table behind "Show
the numbers"), fits a phone's width and takes its colours from the theme.
"""

import pytest
from playwright.sync_api import expect

from tests.browser import serious_problems, serving
from tests.test_widgets_chart import GOOD_CALL, LINE_CALL, PROVIDER, call_in_lesson, chart_course  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

PAGE = "01-basics/averages/"
BARS = [("2", "65"), ("3", "575"), ("4", "2,983")]


@pytest.fixture
def chart_site(chart_course, tmp_path):  # noqa: F811 (the fixture imported above)
    from site_builder.build import build

    call_in_lesson(chart_course, GOOD_CALL)
    build(chart_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        yield url


def bar_name(x, value):
    return f"letters in the name {x}: {value} names"


def assert_fits_the_phone(page, figure):
    """The drawing stays inside its plot's box, and the page does not scroll sideways."""
    plot = figure.locator(".chart-plot").bounding_box()
    drawing = figure.locator("svg").bounding_box()
    assert plot["x"] <= drawing["x"] and drawing["x"] + drawing["width"] <= plot["x"] + plot["width"] + 0.5
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 375


def open_chart(page, site):
    page.goto(site + PAGE)
    figure = page.get_by_role("figure", name="Names by length.")
    expect(figure.locator("svg")).to_have_count(1)
    return figure


def test_every_bar_is_drawn_with_its_name_axes_and_ticks(page, chart_site):
    figure = open_chart(page, chart_site)
    for x, value in BARS:
        expect(figure.get_by_role("img", name=bar_name(x, value))).to_have_count(1)
    titles = figure.locator(".chart-axis-title")
    expect(titles).to_have_text(["names", "letters in the name"])
    expect(figure.locator(".chart-frame .chart-tick")).to_have_text(["0", "1,000", "2,000", "3,000", "2", "3", "4"])
    heights = figure.locator(".chart-bar-shape").evaluate_all("bars => bars.map(bar => bar.getBBox().height)")
    assert heights[0] < heights[1] < heights[2]


def test_the_keyboard_walks_the_bars_and_shows_each_value(page, chart_site):
    figure = open_chart(page, chart_site)
    figure.get_by_role("img", name=bar_name(*BARS[0])).focus()
    expect(figure.locator(".chart-readout")).to_have_text("65 names")
    page.keyboard.press("ArrowRight")
    expect(figure.get_by_role("img", name=bar_name(*BARS[1]))).to_be_focused()
    expect(figure.locator(".chart-readout")).to_have_text("575 names")
    page.keyboard.press("End")
    expect(figure.get_by_role("img", name=bar_name(*BARS[2]))).to_be_focused()
    page.keyboard.press("ArrowRight")  # past the last bar it stays there
    expect(figure.get_by_role("img", name=bar_name(*BARS[2]))).to_be_focused()
    page.keyboard.press("Home")
    expect(figure.get_by_role("img", name=bar_name(*BARS[0]))).to_be_focused()
    # One tab stop for the whole chart: the bar last visited.
    tab_stops = figure.locator(".chart-bar[tabindex='0']")
    expect(tab_stops).to_have_count(1)


def test_tab_reaches_the_chart_once_then_the_table_toggle(page, chart_site):
    figure = open_chart(page, chart_site)
    page.get_by_role("link", name="adding", exact=True).focus()  # the link just before the chart
    page.keyboard.press("Tab")
    expect(figure.get_by_role("img", name=bar_name(*BARS[0]))).to_be_focused()
    page.keyboard.press("Tab")
    expect(figure.locator("summary")).to_be_focused()


def test_show_the_numbers_opens_a_table_of_every_value(page, chart_site):
    figure = open_chart(page, chart_site)
    table = figure.get_by_role("table")
    expect(table).to_be_hidden()
    figure.get_by_text("Show the numbers").click()
    expect(table).to_be_visible()
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(BARS))
    for row, (x, value) in zip(rows.all(), BARS):
        expect(row.get_by_role("rowheader")).to_have_text(x)
        expect(row.get_by_role("cell")).to_have_text(value)


def test_drawing_moves_nothing_below_the_chart(new_page, chart_site):
    # Measured from the figure's own top, so what the script changes elsewhere on the page does not count.
    def caption_top(page):
        page.goto(chart_site + PAGE)
        return page.locator(".chart").evaluate("figure => figure.querySelector('.chart-caption').getBoundingClientRect().top - figure.getBoundingClientRect().top")

    without_script = new_page(java_script_enabled=False)
    with_script = new_page()
    top_before = caption_top(without_script)
    top_after = caption_top(with_script)
    expect(with_script.locator("figure svg")).to_have_count(1)
    assert top_after == top_before


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_fits_a_phone_in_either_theme_without_serious_problems(new_page, chart_site, scheme):
    page = new_page(viewport={"width": 375, "height": 800}, color_scheme=scheme, bypass_csp=True)
    figure = open_chart(page, chart_site)
    assert_fits_the_phone(page, figure)
    fill = figure.locator(".chart-bar-shape").first.evaluate("bar => getComputedStyle(bar).fill")
    accent = page.evaluate("getComputedStyle(document.querySelector('.chart')).getPropertyValue('--accent')")
    assert fill and fill != "rgb(0, 0, 0)" and accent
    assert serious_problems(page) == []


def test_light_and_dark_draw_in_different_colours(new_page, chart_site):
    fills = []
    for scheme in ("light", "dark"):
        page = new_page(color_scheme=scheme)
        figure = open_chart(page, chart_site)
        fills.append(figure.locator(".chart-bar-shape").first.evaluate("bar => getComputedStyle(bar).fill"))
    assert fills[0] != fills[1]


# --- lines: a curve on a numeric x axis, and marks on it (the steps of a descent) ---

MARKS = [("0", "0", "4.00"), ("1", "0.80", "1.44"), ("2", "1.28", "0.52")]


@pytest.fixture
def line_site(chart_course, tmp_path):  # noqa: F811 (the fixture imported above)
    from site_builder.build import build

    call_in_lesson(chart_course, LINE_CALL)
    call_in_lesson(chart_course, LINE_CALL.replace(', marks=data.walk, marks_label="step"', "").replace("A valley and a walk down it.", "A valley alone."))
    build(chart_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        yield url


def mark_name(step, w, loss):
    return f"step {step}: w {w}, loss {loss}"


def open_line(page, site, caption="A valley and a walk down it."):
    page.goto(site + PAGE)
    figure = page.get_by_role("figure", name=caption)
    expect(figure.locator("svg")).to_have_count(1)
    return figure


def test_a_line_draws_its_curve_its_x_ticks_and_every_mark(page, line_site):
    figure = open_line(page, line_site)
    for mark in MARKS:
        expect(figure.get_by_role("img", name=mark_name(*mark))).to_have_count(1)
    expect(figure.locator(".chart-line")).to_have_count(1)
    expect(figure.locator(".chart-walk")).to_have_count(1)
    expect(figure.locator(".chart-frame .chart-tick")).to_have_text(["0", "1", "2", "3", "4", "0.0", "0.5", "1.0", "1.5", "2.0"])
    # The walk goes right and down: each mark is right of and below the one before.
    centres = figure.locator(".chart-stop-dot").evaluate_all("dots => dots.map(dot => [dot.cx.baseVal.value, dot.cy.baseVal.value])")
    assert [x for x, _ in centres] == sorted(x for x, _ in centres) and [y for _, y in centres] == sorted(y for _, y in centres)
    # The curve is drawn through all five points, left to right.
    path = figure.locator(".chart-line").get_attribute("d")
    assert path.count("L") == 4 and path.startswith("M")


def test_the_keyboard_walks_the_marks_and_reads_each_one(page, line_site):
    figure = open_line(page, line_site)
    figure.get_by_role("img", name=mark_name(*MARKS[0])).focus()
    expect(figure.locator(".chart-readout")).to_have_text(mark_name(*MARKS[0]))
    page.keyboard.press("ArrowRight")
    expect(figure.get_by_role("img", name=mark_name(*MARKS[1]))).to_be_focused()
    page.keyboard.press("End")
    expect(figure.get_by_role("img", name=mark_name(*MARKS[2]))).to_be_focused()
    expect(figure.locator(".chart-readout")).to_have_text(mark_name(*MARKS[2]))
    expect(figure.locator(".chart-stop[tabindex='0']")).to_have_count(1)


def test_a_line_without_marks_lets_the_keyboard_visit_its_points(page, line_site):
    figure = open_line(page, line_site, "A valley alone.")
    expect(figure.locator(".chart-walk")).to_have_count(0)
    expect(figure.get_by_role("img")).to_have_count(5)
    figure.get_by_role("img", name="w 0: loss 4.00").focus()
    page.keyboard.press("ArrowRight")
    expect(figure.get_by_role("img", name="w 0.50: loss 2.25")).to_be_focused()
    expect(figure.locator(".chart-readout")).to_have_text("w 0.50: loss 2.25")


def test_the_marks_table_lists_every_step(page, line_site):
    figure = open_line(page, line_site)
    figure.get_by_text("Show the numbers").click()
    tables = figure.get_by_role("table")
    expect(tables).to_have_count(2)
    rows = tables.nth(1).locator("tbody tr")
    expect(rows).to_have_count(len(MARKS))
    for row, (step, w, loss) in zip(rows.all(), MARKS):
        expect(row.get_by_role("rowheader")).to_have_text(step)
        expect(row.get_by_role("cell")).to_have_text([w, loss])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_line_fits_a_phone_in_either_theme_without_serious_problems(new_page, line_site, scheme):
    page = new_page(viewport={"width": 375, "height": 800}, color_scheme=scheme, bypass_csp=True)
    figure = open_line(page, line_site)
    assert_fits_the_phone(page, figure)
    # Every x tick label, the last one included, stays inside the drawing.
    drawing = figure.locator("svg").bounding_box()
    for box in figure.locator(".chart-frame .chart-tick").evaluate_all("ticks => ticks.map(tick => tick.getBoundingClientRect().right)"):
        assert box <= drawing["x"] + drawing["width"] + 0.5
    line = figure.locator(".chart-line").evaluate("path => getComputedStyle(path).stroke")
    mark = figure.locator(".chart-stop-dot").first.evaluate("dot => getComputedStyle(dot).fill")
    assert line != mark and line not in ("none", "rgb(0, 0, 0)")
    assert serious_problems(page) == []


def test_a_line_and_its_marks_change_colour_with_the_theme(new_page, line_site):
    colours = []
    for scheme in ("light", "dark"):
        figure = open_line(new_page(color_scheme=scheme), line_site)
        colours.append((
            figure.locator(".chart-line").evaluate("path => getComputedStyle(path).stroke"),
            figure.locator(".chart-stop-dot").first.evaluate("dot => getComputedStyle(dot).fill"),
        ))
    assert colours[0][0] != colours[1][0] and colours[0][1] != colours[1][1]
