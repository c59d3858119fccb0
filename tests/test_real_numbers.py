"""The explainer page's numbers are computed from the checkpoint by the build, never typed.

Swap the checkpoint of a copy of the course and the page must change with it.
"""

import json
import re
import shutil
from pathlib import Path

import pytest

from microgpt import attention_maps, load_checkpoint
from site_builder.build import build

PROJECT = Path(__file__).resolve().parent.parent
PAGE = "attention-explained/index.html"


@pytest.fixture
def course_copy(tmp_path):
    root = tmp_path / "course-root"
    for name in ("course", "lessons", "labs", "pages"):
        shutil.copytree(PROJECT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def final_a_of_emma(checkpoint):
    """Head 1 at the final "a" of "emma": scores and weights, straight from microgpt."""
    head = attention_maps(load_checkpoint(checkpoint), "emma")["heads"][0]
    return head["scores"][-1], head["weights"][-1]


def table_cells(html):
    return re.findall(r"<td>(-?\d+\.\d{3})</td>", html)


def assert_page_shows(html, scores, weights):
    cells = table_cells(html)
    for value in [*scores, *weights]:
        assert f"{value:.3f}" in cells, f"{value:.3f} missing from the page's tables"


def sharpen_queries(checkpoint, factor):
    data = json.loads(checkpoint.read_text())
    rows = data["weights"]["layer0.attn_wq"]
    data["weights"]["layer0.attn_wq"] = [[x * factor for x in row] for row in rows]
    checkpoint.write_text(json.dumps(data))


def test_emma_tables_follow_the_checkpoint(course_copy, tmp_path):
    checkpoint = course_copy / "course" / "checkpoint.json"
    out = tmp_path / "dist"
    build(course_copy, out)
    before = (out / PAGE).read_text()
    assert_page_shows(before, *final_a_of_emma(checkpoint))

    sharpen_queries(checkpoint, 3.0)
    build(course_copy, out)
    after = (out / PAGE).read_text()
    scores, weights = final_a_of_emma(checkpoint)
    assert_page_shows(after, scores, weights)
    assert table_cells(after) != table_cells(before)


def test_heatmap_presets_follow_the_checkpoint(course_copy, tmp_path):
    checkpoint = course_copy / "course" / "checkpoint.json"
    out = tmp_path / "dist"
    sharpen_queries(checkpoint, 2.0)
    build(course_copy, out)
    html = (out / PAGE).read_text()
    presets = json.loads(re.search(r'<script type="application/json" data-heatmap-presets>(.*?)</script>', html, re.S).group(1))
    assert presets["emma"] == json.loads(json.dumps(attention_maps(load_checkpoint(checkpoint), "emma")))
