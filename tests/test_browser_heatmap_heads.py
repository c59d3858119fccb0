"""The heatmap with every head side by side (`side_by_side=True`), on Module 9's first lesson.

Expected numbers come from the course's own microgpt under CPython.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parent.parent
LESSON_URL = "09-whole-gpt/multi-head-attention/"


@pytest.fixture(scope="module")
def emma():
    from microgpt import attention_maps, load_checkpoint

    return attention_maps(load_checkpoint(PROJECT / "course" / "checkpoint.json"), "emma")


def shown(value):
    text = f"{abs(value):.2f}"
    return f"−{text}" if value < 0 and float(text) != 0 else text


def test_four_heads_side_by_side_show_the_models_weights(page, site, emma):
    page.goto(site + LESSON_URL)
    heatmap = page.get_by_role("region", name="Attention heatmap").first
    grids = heatmap.get_by_role("grid")
    expect(grids).to_have_count(len(emma["heads"]))
    # No head switch: every head is on screen; the view switch stays.
    expect(heatmap.get_by_role("radio", name="Head 1")).to_have_count(0)
    expect(heatmap.get_by_role("radio", name="Scores")).to_have_count(1)
    last = len(emma["tokens"]) - 1
    for head, maps in enumerate(emma["heads"]):
        row = grids.nth(head).locator(f'td[data-row="{last}"]')
        expect(row).to_have_text([shown(value) for value in maps["weights"][last]])


def test_a_cell_of_any_head_reads_out_its_own_head(page, site, emma):
    page.goto(site + LESSON_URL)
    heatmap = page.get_by_role("region", name="Attention heatmap").first
    third = heatmap.get_by_role("grid").nth(2)
    third.locator('td[data-row="4"][data-col="3"]').focus()
    weight = emma["heads"][2]["weights"][4][3]
    expect(heatmap.locator(".heatmap-readout")).to_contain_text(f"head 3 gives the second “m” {weight:.4f}")
    # Scores share one colour scale across the four heads, and the legend says so.
    heatmap.get_by_role("radio", name="Scores").click()
    expect(heatmap).to_contain_text("lowest to highest in all heads")
