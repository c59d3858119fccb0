"""The heatmap with every head side by side (`side_by_side=True`), on the widgets fixture course.

The lesson is the fixture's first that asks for it, and the name it shows first is read
from its call; expected numbers come from the course's own microgpt under CPython.
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.courses import widgets_course

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
SIDE_BY_SIDE = re.compile(r"heatmap\(\s*\"([a-z]+)\"[^)]*side_by_side=True")
LESSON = next(lesson for lesson in widgets_course().lessons() if SIDE_BY_SIDE.search(lesson.body))
NAME = SIDE_BY_SIDE.search(LESSON.body).group(1)


@pytest.fixture(scope="module")
def maps():
    from microgpt import attention_maps, load_checkpoint

    return attention_maps(load_checkpoint(PROJECT / "course" / "checkpoint.json"), NAME)


def shown(value):
    text = f"{abs(value):.2f}"
    return f"−{text}" if value < 0 and float(text) != 0 else text


def test_every_head_side_by_side_shows_the_models_weights(page, widgets_site, maps):
    page.goto(widgets_site + LESSON.url)
    heatmap = page.get_by_role("region", name="Attention heatmap").first
    grids = heatmap.get_by_role("grid")
    expect(grids).to_have_count(len(maps["heads"]))
    # No head switch: every head is on screen; the view switch stays.
    expect(heatmap.get_by_role("radio", name="Head 1")).to_have_count(0)
    expect(heatmap.get_by_role("radio", name="Scores")).to_have_count(1)
    last = len(maps["tokens"]) - 1
    for head, weights in enumerate(maps["heads"]):
        row = grids.nth(head).locator(f'td[data-row="{last}"]')
        expect(row).to_have_text([shown(value) for value in weights["weights"][last]])


def test_a_cell_of_any_head_reads_out_its_own_head(page, widgets_site, maps):
    page.goto(widgets_site + LESSON.url)
    heatmap = page.get_by_role("region", name="Attention heatmap").first
    head = len(maps["heads"])  # the last head, so a readout that always says head 1 fails
    row, col = len(maps["tokens"]) - 1, len(maps["tokens"]) - 2
    heatmap.get_by_role("grid").nth(head - 1).locator(f'td[data-row="{row}"][data-col="{col}"]').focus()
    weight = maps["heads"][head - 1]["weights"][row][col]
    expect(heatmap.locator(".heatmap-readout")).to_contain_text(f"head {head} gives")
    expect(heatmap.locator(".heatmap-readout")).to_contain_text(f"{weight:.4f}")
    # Scores share one colour scale across the heads, and the legend says so.
    heatmap.get_by_role("radio", name="Scores").click()
    expect(heatmap).to_contain_text("lowest to highest in all heads")
