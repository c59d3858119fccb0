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
from tests.fresh_process import in_a_fresh_process

PROJECT = Path(__file__).resolve().parent.parent
PAGE = "attention-explained/index.html"


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


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """The page built from a copy of the course, then again once its queries are sharpened three times.

    One pair of builds serves every test here: a build of the whole course is the slow part.
    Each runs in a Python of its own, which has one thread as `course build` has, so that it
    spreads its work over both cores (this process has the browser tests' threads).
    """
    root = tmp_path_factory.mktemp("real-numbers") / "course-root"
    for name in ("course", "lessons", "labs", "pages"):
        shutil.copytree(PROJECT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    checkpoint = root / "course" / "checkpoint.json"
    out = root.parent / "dist"
    in_a_fresh_process(build_site, str(root), str(out))
    before = ((out / PAGE).read_text(), final_a_of_emma(checkpoint))
    sharpen_queries(checkpoint, 3.0)
    in_a_fresh_process(build_site, str(root), str(out))
    return before, (out / PAGE).read_text(), checkpoint


def build_site(root, out):
    build(Path(root), Path(out))


def test_emma_tables_follow_the_checkpoint(two_builds):
    (before, emma_before), after, checkpoint = two_builds
    assert_page_shows(before, *emma_before)
    assert_page_shows(after, *final_a_of_emma(checkpoint))
    assert table_cells(after) != table_cells(before)


def test_heatmap_presets_follow_the_checkpoint(two_builds):
    (before, _), after, checkpoint = two_builds
    presets_before, presets_after = (heatmap_presets(html) for html in (before, after))
    assert presets_after["emma"] == json.loads(json.dumps(attention_maps(load_checkpoint(checkpoint), "emma")))
    assert presets_after["emma"] != presets_before["emma"]


def heatmap_presets(html):
    return json.loads(re.search(r'<script type="application/json" data-heatmap-presets>(.*?)</script>', html, re.S).group(1))
