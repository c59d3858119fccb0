"""The attention heatmap and "Your code on the real model", in headless Chromium.

Expected numbers come from the course's own microgpt under CPython, so these tests also
check that the page shows the real model's numbers, to the digits it prints. The heatmap
is tested in the widgets fixture course (which shows the same trained model), so editing a
real lesson's heatmap never breaks these tests; the panel needs the real attend() lab.
"""

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_builder.constants import MAX_NAME_LETTERS, PROGRESS_KEY
from tests.browser import LAB_ID, LAB_NAME, LESSON, READY_TIMEOUT, button, open_lab, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
WIDGETS = widgets_course()
HEATMAP_LESSON = showcase(WIDGETS)
HEATMAP_LAB_NAME = lab_name(WIDGETS.labs.for_lesson(HEATMAP_LESSON)[0])
# The fixture's page with a heatmap and no lab: there Python starts only when it is needed.
HEATMAP_PAGE = next(page for page in WIDGETS.pages if "heatmap(" in page.body)
# The names the lesson's heatmap offers as buttons, from its call in the lesson's text.
PRESETS = re.findall(r'"([a-z]+)"', re.search(r"heatmap\(([^)]*)\)", HEATMAP_LESSON.body).group(1))
HEATMAP = "Attention heatmap"
PANEL = "Your code on the real model"
PYTHON_TIMEOUT = 15_000
LAB_FOLDER = PROJECT / "labs" / LAB_ID


@pytest.fixture(scope="module")
def model():
    from microgpt import load_checkpoint

    return load_checkpoint(PROJECT / "course" / "checkpoint.json")


def maps_for(model, name):
    from microgpt import attention_maps

    return attention_maps(model, name)


def shown(value):
    """A number as a heatmap cell prints it: two decimals, with a true minus sign."""
    text = f"{abs(value):.2f}"
    return f"−{text}" if value < 0 and float(text) != 0 else text


def heatmap_on(page):
    return page.get_by_role("region", name=HEATMAP).first


def grid_of(region):
    return region.get_by_role("grid")


def cell(region, row, col):
    return region.locator(f'td[data-row="{row}"][data-col="{col}"]')


def readout(region):
    return region.locator(".heatmap-readout")


def expect_cells(region, rows):
    """Every visible cell shows its row's number, two decimals, in order."""
    for row, values in enumerate(rows):
        for col, value in enumerate(values):
            expect(cell(region, row, col)).to_have_text(shown(value))


def pass_the_lab(page, lab):
    set_code(page, lab, (LAB_FOLDER / "solution.py").read_text(encoding="utf-8"))
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=PYTHON_TIMEOUT)


# ---------- The heatmap widget, on the widgets fixture course ----------


def open_heatmap_lab(page, site):
    page.goto(site + HEATMAP_LESSON.url)
    return ready_lab(page, HEATMAP_LAB_NAME)


def test_the_fixture_heatmap_shows_the_names_these_tests_read():
    # The readouts and headers below spell out "emma"; the other presets are clicked by name.
    assert PRESETS[0] == "emma" and {"olivia", "isabella"} <= set(PRESETS[1:])


def test_a_preset_shows_before_python_has_loaded(page, widgets_site, model):
    # Hold back the Python runtime, so the heatmap has to manage without it.
    held = []
    page.route("**/pyodide/**", lambda route: held.append(route))
    page.goto(widgets_site + HEATMAP_LESSON.url)
    lab = page.get_by_role("region", name=HEATMAP_LAB_NAME)
    heatmap = heatmap_on(page)
    expect(grid_of(heatmap)).to_be_visible()
    expect(lab).to_have_attribute("data-python-state", "loading")
    emma = maps_for(model, "emma")
    expect(grid_of(heatmap).get_by_role("columnheader")).to_have_count(len(emma["tokens"]))
    expect(heatmap.get_by_role("button", name="emma")).to_have_attribute("aria-pressed", "true")
    expect_cells(heatmap, emma["heads"][0]["weights"])
    # Another preset comes from the page too.
    heatmap.get_by_role("button", name="olivia").click()
    expect_cells(heatmap, maps_for(model, "olivia")["heads"][0]["weights"])
    expect(lab).to_have_attribute("data-python-state", "loading")
    for route in held:
        route.continue_()


def test_typing_a_name_updates_the_grid_from_python(page, widgets_site, model):
    open_heatmap_lab(page, widgets_site)
    heatmap = heatmap_on(page)
    field = heatmap.get_by_role("textbox", name="Or type any name")
    field.fill("")
    started = time.monotonic()
    field.press_sequentially("zed")
    expect(heatmap).to_have_attribute("data-name", "zed", timeout=PYTHON_TIMEOUT)
    took = time.monotonic() - started
    zed = maps_for(model, "zed")
    expect(grid_of(heatmap).get_by_role("columnheader")).to_have_count(4)
    expect_cells(heatmap, zed["heads"][0]["weights"])
    expect(heatmap.get_by_role("button", name="emma")).to_have_attribute("aria-pressed", "false")
    print(f"typing 'zed' -> updated heatmap: {took:.2f} s")  # shown with pytest -s


def test_a_name_typed_while_python_loads_appears_when_it_is_ready(page, widgets_site, model):
    # The explainer page has no lab: Python starts only when the learner needs it.
    page.goto(widgets_site + HEATMAP_PAGE.url)
    heatmap = heatmap_on(page)
    expect(grid_of(heatmap)).to_be_visible()
    assert page.workers == []
    field = heatmap.get_by_role("textbox", name="Or type any name")
    field.fill("ada")
    expect(heatmap.locator(".heatmap-message")).to_contain_text("Python is still loading")
    expect(heatmap).to_have_attribute("data-name", "ada", timeout=READY_TIMEOUT)
    expect(heatmap.locator(".heatmap-message")).to_have_text("")
    expect_cells(heatmap, maps_for(model, "ada")["heads"][0]["weights"])


def test_names_the_model_cannot_read_get_a_friendly_message(page, widgets_site):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    field = heatmap.get_by_role("textbox", name="Or type any name")
    message = heatmap.locator(".heatmap-message")
    field.fill("zoë")
    expect(message).to_contain_text("only knows the letters a to z")
    expect(field).to_have_attribute("aria-invalid", "true")
    field.fill("anna maria")
    expect(message).to_contain_text("no spaces")
    field.fill("a" * (MAX_NAME_LETTERS + 1))
    expect(message).to_contain_text(f"at most {MAX_NAME_LETTERS}")
    field.fill("Emma")  # capitals are fine: the model's names are lower case
    expect(field).to_have_attribute("aria-invalid", "false")
    expect(message).to_have_text("")
    expect(heatmap).to_have_attribute("data-name", "emma")


def test_head_and_view_switch_by_mouse(page, widgets_site, model):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    emma = maps_for(model, "emma")
    heatmap.get_by_role("radio", name="Head 3").click()
    expect(heatmap.get_by_role("radio", name="Head 3")).to_be_checked()
    expect_cells(heatmap, emma["heads"][2]["weights"])
    heatmap.get_by_role("radio", name="Scores").click()
    expect(grid_of(heatmap)).to_have_accessible_name("“emma”, head 3: scores before softmax. Rows: the letter being read. Columns: what it may look at.")
    expect_cells(heatmap, emma["heads"][2]["scores"])
    expect(heatmap.locator(".heatmap-legend")).to_contain_text("Score before softmax")


def test_head_and_view_switch_by_keyboard(page, widgets_site, model):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    emma = maps_for(model, "emma")
    heatmap.get_by_role("radio", name="Head 1").focus()
    page.keyboard.press("ArrowRight")
    expect(heatmap.get_by_role("radio", name="Head 2")).to_be_checked()
    expect(heatmap.get_by_role("radio", name="Head 2")).to_be_focused()
    expect_cells(heatmap, emma["heads"][1]["weights"])
    page.keyboard.press("Tab")  # on to the next group: weights or scores
    expect(heatmap.get_by_role("radio", name="Weights")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(heatmap.get_by_role("radio", name="Scores")).to_be_checked()
    expect_cells(heatmap, emma["heads"][1]["scores"])
    page.keyboard.press("Tab")  # into the grid: one cell is in the Tab order
    expect(cell(heatmap, 4, 0)).to_be_focused()


def test_nothing_after_the_diagonal(page, widgets_site):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    heatmap.get_by_role("button", name="isabella").click()
    n = len("isabella") + 1
    expect(grid_of(heatmap).get_by_role("gridcell")).to_have_count(n * n)
    future = heatmap.locator("td.heatmap-cell-future")
    expect(future).to_have_count(n * (n - 1) // 2)
    for index in range(future.count()):
        spot = future.nth(index)
        assert int(spot.get_attribute("data-col")) > int(spot.get_attribute("data-row"))
        expect(spot.locator(".heatmap-cell-number")).to_have_count(0)
    expect(cell(heatmap, 0, 1)).to_have_accessible_name("future, not looked at")


def test_pointing_at_or_focusing_a_cell_reads_it_out(page, widgets_site, model):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    weights = maps_for(model, "emma")["heads"][0]["weights"]
    cell(heatmap, 4, 0).hover()
    expect(readout(heatmap)).to_have_text(
        f"At the final “a”, head 1 gives the start marker {weights[4][0]:.4f} of its attention ({round(weights[4][0] * 100)}%)."
    )
    cell(heatmap, 3, 2).hover()
    expect(readout(heatmap)).to_contain_text(f"At the second “m”, head 1 gives the first “m” {weights[3][2]:.4f}")
    cell(heatmap, 1, 3).hover()
    expect(readout(heatmap)).to_have_text("At “e”, head 1 cannot look at the second “m”: it comes later, and nothing looks at the future.")
    # The keyboard: the arrow keys move between cells, and each one is read out.
    page.mouse.move(0, 0)
    cell(heatmap, 4, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(cell(heatmap, 4, 2)).to_be_focused()
    expect(readout(heatmap)).to_contain_text(f"At the final “a”, head 1 gives the first “m” {weights[4][2]:.4f}")
    page.keyboard.press("ArrowUp")
    expect(readout(heatmap)).to_contain_text("At the second “m”, head 1 gives the first “m”")
    heatmap.get_by_role("radio", name="Scores").click()
    cell(heatmap, 2, 2).focus()
    scores = maps_for(model, "emma")["heads"][0]["scores"]
    sign = "−" if scores[2][2] < 0 else ""
    expect(readout(heatmap)).to_have_text(f"At the first “m”, head 1 scores itself {sign}{abs(scores[2][2]):.4f} before softmax.")


def test_every_number_has_its_row_and_column_headers(page, widgets_site):
    page.goto(widgets_site + HEATMAP_LESSON.url)
    heatmap = heatmap_on(page)
    grid = grid_of(heatmap)
    expect(grid.get_by_role("columnheader")).to_have_count(5)
    expect(grid.get_by_role("rowheader")).to_have_count(5)
    expect(grid.get_by_role("columnheader").first).to_have_accessible_name("start marker")
    expect(grid.get_by_role("rowheader").nth(2)).to_have_accessible_name("first m")
    expect(grid.get_by_role("rowheader").nth(3)).to_have_accessible_name("second m")
    scopes = grid.locator("th").evaluate_all("(headers) => headers.map((th) => th.scope)")
    assert scopes == ["col"] * 5 + ["row"] * 5


def test_phone_width_keeps_the_page_from_scrolling_sideways(new_page, widgets_site):
    page = new_page(viewport={"width": 375, "height": 800})
    open_heatmap_lab(page, widgets_site)
    heatmap = heatmap_on(page)
    heatmap.get_by_role("textbox", name="Or type any name").fill("maximilianoadam")
    expect(heatmap).to_have_attribute("data-name", "maximilianoadam", timeout=PYTHON_TIMEOUT)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = heatmap.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375


# ---------- Your code on the real model ----------


def test_the_panel_unlocks_when_the_lab_passes(page, site):
    lab = open_lab(page, site)
    panel = lab.get_by_role("region", name=PANEL)
    expect(panel).to_contain_text("unlocks when all the checks pass")
    expect(panel.get_by_role("button", name="Run on the model")).to_have_count(0)
    pass_the_lab(page, lab)
    expect(panel.get_by_role("button", name="Run on the model")).to_be_visible()
    expect(panel.get_by_role("textbox", name="Name")).to_have_value("emma")


def test_a_lab_passed_earlier_shows_the_panel_at_once(page, site):
    passed = {"version": 1, "drafts": {}, "passed": {LAB_ID: "2024-01-01T00:00:00Z"}, "hints": {}}
    page.add_init_script(f"localStorage.setItem({json.dumps(PROGRESS_KEY)}, {json.dumps(json.dumps(passed))})")
    page.goto(site + LESSON)
    panel = page.get_by_role("region", name=LAB_NAME).get_by_role("region", name=PANEL)
    expect(panel.get_by_role("button", name="Run on the model")).to_be_visible()


def test_comparison_matches_for_the_solution_and_not_for_a_wrong_answer(page, site, model):
    lab = open_lab(page, site)
    pass_the_lab(page, lab)
    panel = lab.get_by_role("region", name=PANEL)
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "true", timeout=PYTHON_TIMEOUT)
    summary = panel.locator(".lab-model-summary")
    expect(summary).to_contain_text("Same as the model")
    expect(summary).to_contain_text("they agree to at least 9 decimal places")
    expect(summary).not_to_contain_text("e-")
    expect(panel.locator(".lab-model-next")).to_contain_text("After “emma”, the model's most likely next letters")
    expect(panel.get_by_role("grid")).to_have_count(2)
    weights = maps_for(model, "emma")["heads"][0]["weights"]
    cell(panel, 4, 0).first.hover()
    expect(readout(panel)).to_contain_text(f"With your attend(): {weights[4][0]:.4f}, the same.")

    # A wrong answer cannot pass the lab, but a learner who passed can still edit their code.
    set_code(page, lab, (LAB_FOLDER / "wrong" / "no_sqrt_scaling.py").read_text(encoding="utf-8"))
    panel.get_by_role("textbox", name="Name").fill("olivia")
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "false", timeout=PYTHON_TIMEOUT)
    expect(summary).to_contain_text("Different from the model")
    expect(summary).to_contain_text("“olivia”")
    # attend() hands back a blend, not scores: the learner's side shows weights only.
    panel.get_by_role("radio", name="Scores").click()
    expect(panel.get_by_role("grid")).to_have_count(1)
    expect(panel).to_contain_text("only its weights can be shown")


def test_an_error_in_the_learners_code_is_shown_in_the_panel(page, site):
    lab = open_lab(page, site)
    pass_the_lab(page, lab)
    panel = lab.get_by_role("region", name=PANEL)
    set_code(page, lab, "def attend(q, keys, values):\n    return 1 / 0\n")
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "false", timeout=PYTHON_TIMEOUT)
    expect(panel).to_contain_text("could not run inside the model")
    expect(panel).to_contain_text("ZeroDivisionError")
    expect(panel.get_by_role("grid")).to_have_count(0)


def test_stop_ends_a_comparison_that_never_finishes(page, site):
    lab = open_lab(page, site)
    pass_the_lab(page, lab)
    panel = lab.get_by_role("region", name=PANEL)
    set_code(page, lab, "def attend(q, keys, values):\n    while True:\n        pass\n")
    panel.get_by_role("button", name="Run on the model").click()
    expect(lab).to_have_attribute("data-python-state", "running")
    button(lab, "Stop").click()
    expect(panel.locator(".lab-model-summary")).to_contain_text("Stopped", timeout=5_000)
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    # Python is still usable: the solution matches again.
    set_code(page, lab, (LAB_FOLDER / "solution.py").read_text(encoding="utf-8"))
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "true", timeout=PYTHON_TIMEOUT)


LINEAR_LAB = "04-maths/linear-layer"
LINEAR_FOLDER = PROJECT / "labs" / LINEAR_LAB


def test_a_learners_linear_runs_as_every_layer_and_is_compared_in_words(page, site):
    passed = {"version": 1, "drafts": {}, "passed": {LINEAR_LAB: "2024-01-01T00:00:00Z"}, "hints": {}}
    page.add_init_script(f"localStorage.setItem({json.dumps(PROGRESS_KEY)}, {json.dumps(json.dumps(passed))})")
    page.goto(site + "04-maths/a-layer-is-many-dot-products/")
    lab = page.get_by_role("region", name="Lab: A linear layer")
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    panel = lab.get_by_role("region", name=PANEL)
    expect(panel).to_contain_text("in every matrix-vector product of the model")
    summary = panel.locator(".lab-model-summary")

    set_code(page, lab, (LINEAR_FOLDER / "solution.py").read_text(encoding="utf-8"))
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "true", timeout=4 * PYTHON_TIMEOUT)
    expect(summary).to_contain_text("Your linear() gives the model exactly the same attention and next-letter scores")
    table = panel.get_by_role("table", name="After “emma”, the model's most likely next letters")
    expect(table.get_by_role("columnheader")).to_have_text(["next letter", "the course's model", "with your linear()"])

    set_code(page, lab, (LINEAR_FOLDER / "wrong" / "total_not_reset.py").read_text(encoding="utf-8"))
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "false", timeout=4 * PYTHON_TIMEOUT)
    expect(summary).to_contain_text("makes the model compute different numbers for “emma”")
    expect(summary).to_contain_text("is off by")
    assert not re.search(r"\d[eE][-+]?\d", summary.inner_text())


DOT_LAB = "04-maths/dot-product"
DOT_FOLDER = PROJECT / "labs" / DOT_LAB


def test_a_learners_dot_runs_as_every_dot_product_of_the_model(page, site):
    passed = {"version": 1, "drafts": {}, "passed": {DOT_LAB: "2024-01-01T00:00:00Z"}, "hints": {}}
    page.add_init_script(f"localStorage.setItem({json.dumps(PROGRESS_KEY)}, {json.dumps(json.dumps(passed))})")
    page.goto(site + "04-maths/vectors-and-dot-products/")
    lab = page.get_by_role("region", name="Lab: The dot product")
    expect(lab).to_have_attribute("data-python-state", "ready", timeout=READY_TIMEOUT)
    panel = lab.get_by_role("region", name=PANEL)
    expect(panel).to_contain_text("in every dot product of the model")
    summary = panel.locator(".lab-model-summary")

    set_code(page, lab, (DOT_FOLDER / "solution.py").read_text(encoding="utf-8"))
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "true", timeout=4 * PYTHON_TIMEOUT)
    expect(summary).to_contain_text("Your dot() gives the model exactly the same attention and next-letter scores")

    set_code(page, lab, (DOT_FOLDER / "wrong" / "sum_times_sum.py").read_text(encoding="utf-8"))
    panel.get_by_role("button", name="Run on the model").click()
    expect(panel).to_have_attribute("data-match", "false", timeout=4 * PYTHON_TIMEOUT)
    expect(summary).to_contain_text("makes the model compute different numbers for “emma”")
    assert not re.search(r"\d[eE][-+]?\d", summary.inner_text())
