"""Grids: a lesson's `{{ grid(...) }}` call (site_builder/widgets/grid.py), through `course build`.

A bad argument must be refused at the line of the lesson that makes the call, naming the
argument and quoting the bad value; a good call puts every value on the page, in the
table a screen reader reads and in the data the script paints.
"""

import json
import re

import pytest

from tests.test_widgets_chart import LESSON, build, call_in_lesson

PROVIDER = '''\
def tables():
    return {
        "square": {"values": [[0, 5], [12, 3456]], "rows": ["a", "BOS"], "columns": ["a", "BOS"]},
        "wide": {"values": [[0.25, 0.5, 0.125]], "rows": ["only"], "columns": ["x", "y", "z"]},
        "ragged": {"values": [[1, 2], [3]], "rows": ["a", "b"], "columns": ["a", "b"]},
        "short": {"values": [[1, 2]], "rows": ["a", "b"], "columns": ["a", "b"]},
        "words": {"values": [[1, "two"]], "rows": ["a"], "columns": ["a", "b"]},
        "flags": {"values": [[True, 2]], "rows": ["a"], "columns": ["a", "b"]},
        "no_labels": {"values": [[1]], "rows": [], "columns": ["a"]},
        "blank_label": {"values": [[1]], "rows": [" "], "columns": ["a"]},
        "extra": {"values": [[1]], "rows": ["a"], "columns": ["a"], "note": 1},
        "huge": {"values": [[0] * 65], "rows": ["a"], "columns": ["c"] * 65},
        "plain_list": [[1, 2], [3, 4]],
        "big": {"values": [[i * j for j in range(27)] for i in range(27)], "rows": [f"r{i}" for i in range(27)], "columns": [f"c{j}" for j in range(27)]},
        "text_rows": {"values": [[1], [2]], "rows": "ab", "columns": ["a"]},
        "text_values": {"values": "ab", "rows": ["a", "b"], "columns": ["a"]},
        "text_row": {"values": ["ab"], "rows": ["a"], "columns": ["a", "b"]},
    }
'''
GOOD_CALL = 'grid(data.square, caption="Pairs counted.", row_title="first token", column_title="next token")'

# Each bad call: the argument its message must name, and the bad value it must quote.
BAD_CALLS = {
    "no caption": (GOOD_CALL.replace('caption="Pairs counted.", ', ""), "caption", "''"),
    "a caption that is a number": (GOOD_CALL.replace('"Pairs counted."', "3"), "caption", "3"),
    "a blank row title": (GOOD_CALL.replace('row_title="first token"', 'row_title=" "'), "row_title", "' '"),
    "digits too many": (GOOD_CALL.replace(")", ", digits=9)"), "digits", "9"),
    "digits as text": (GOOD_CALL.replace(")", ', digits="2")'), "digits", "'2'"),
    "a scale not known": (GOOD_CALL.replace(")", ', scale="log")'), "scale", "log"),
    "a short row": (GOOD_CALL.replace("data.square", "data.ragged"), "row", "1"),
    "fewer rows than labels": (GOOD_CALL.replace("data.square", "data.short"), "values", "2 rows"),
    "a word among the values": (GOOD_CALL.replace("data.square", "data.words"), "row", "two"),
    "True as a value": (GOOD_CALL.replace("data.square", "data.flags"), "row", "True"),
    "no row labels": (GOOD_CALL.replace("data.square", "data.no_labels"), "rows", "1 to 64"),
    "a blank label": (GOOD_CALL.replace("data.square", "data.blank_label"), "rows", "non-empty"),
    "a key too many": (GOOD_CALL.replace("data.square", "data.extra"), "data", "'note'"),
    "too many columns": (GOOD_CALL.replace("data.square", "data.huge"), "columns", "1 to 64"),
    "a list, not a dict": (GOOD_CALL.replace("data.square", "data.plain_list"), "data", "list"),
    "a misspelt keyword": (GOOD_CALL.replace("caption=", "captoin="), "captoin", "caption"),
    "a blank column title": (GOOD_CALL.replace('column_title="next token"', 'column_title=""'), "column_title", "''"),
    "digits True": (GOOD_CALL.replace(")", ", digits=True)"), "digits", "True"),
    "row labels as text": (GOOD_CALL.replace("data.square", "data.text_rows"), "rows", "1 to 64"),
    "values as text": (GOOD_CALL.replace("data.square", "data.text_values"), "values", "2 rows"),
    "a row as text": (GOOD_CALL.replace("data.square", "data.text_row"), "row", "list of 2 numbers"),
}


@pytest.fixture
def grid_course(mini_course):
    """The mini course with a provider of grid data, declared by the lesson that calls grid()."""
    (mini_course / "course/numbers/tables.py").write_text(PROVIDER, encoding="utf-8")
    path = mini_course / LESSON
    path.write_text(path.read_text(encoding="utf-8").replace('summary = "Add, then divide."\n', 'summary = "Add, then divide."\n\n[numbers]\ndata = "tables:tables"\n'), encoding="utf-8")
    return mini_course


@pytest.mark.parametrize("case", list(BAD_CALLS))
def test_a_bad_grid_argument_is_refused_at_its_line(case, grid_course, tmp_path):
    call, argument, value = BAD_CALLS[case]
    line = call_in_lesson(grid_course, call)
    result = build(grid_course, tmp_path / "dist")
    assert result.exit_code == 1, result.output
    place = f"{LESSON}:{line}: "
    messages = [text.strip()[len(place):] for text in result.output.splitlines() if text.strip().startswith(place)]
    assert messages, f"nothing said at {place}\n{result.output}"
    assert any(re.search(rf"\b{argument}\b", message) and value in message for message in messages), result.output
    assert not (tmp_path / "dist").exists()


def page_grid(root):
    html = (root / "01-basics" / "averages" / "index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r"<script type=\"application/json\" data-grid-data>(.*?)</script>", html, re.S).group(1))
    return html, data


def test_a_good_grid_puts_every_value_in_its_table_and_its_data(grid_course, tmp_path):
    call_in_lesson(grid_course, GOOD_CALL)
    result = build(grid_course, tmp_path / "dist")
    assert result.exit_code == 0, result.output
    html, data = page_grid(tmp_path / "dist")
    assert "static/js/grid.js" in html and "static/css/grid.css" in html
    assert data["values"] == [[0, 5], [12, 3456]]
    assert data["texts"] == [["0", "5"], ["12", "3,456"]]
    assert (data["min"], data["max"], data["min_text"], data["max_text"]) == (0, 3456, "0", "3,456")
    assert (data["row_title"], data["column_title"], data["scale"]) == ("first token", "next token", "linear")
    table = re.search(r"<table class=\"grid-table\">(.*?)</table>", html, re.S).group(1)
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>((?:<td>.*?</td>)*)</tr>", table)
    assert [(label, re.findall(r"<td>(.*?)</td>", cells)) for label, cells in rows] == [("a", ["0", "5"]), ("BOS", ["12", "3,456"])]
    assert re.findall(r"<th scope=\"col\">(\w+)</th>", table) == ["a", "BOS"]
    assert "<summary>Show the numbers</summary>" in html


def test_a_rectangular_grid_with_decimals_and_the_square_root_scale(grid_course, tmp_path):
    call_in_lesson(grid_course, GOOD_CALL.replace("data.square", "data.wide").replace(")", ', digits=2, scale="sqrt")'))
    assert build(grid_course, tmp_path / "dist").exit_code == 0
    html, data = page_grid(tmp_path / "dist")
    assert data["texts"] == [["0.25", "0.50", "0.12"]] and data["columns"] == ["x", "y", "z"]
    assert data["scale"] == "sqrt" and "square root" in html


def test_two_grids_on_a_page_have_their_own_ids(grid_course, tmp_path):
    call_in_lesson(grid_course, GOOD_CALL)
    call_in_lesson(grid_course, GOOD_CALL.replace("data.square", "data.wide"))
    assert build(grid_course, tmp_path / "dist").exit_code == 0
    html = (tmp_path / "dist" / "01-basics" / "averages" / "index.html").read_text(encoding="utf-8")
    assert 'id="grid-1"' in html and 'id="grid-2"' in html


def test_an_infinite_value_is_refused_by_the_grid_itself():
    # No lesson can hand one over today (a provider's NaN stops the build, and Jinja cannot
    # write 1e999), so the grid's own check is tried directly.
    from site_builder.errors import WidgetError
    from site_builder.widgets.grid import KIND

    with pytest.raises(WidgetError, match=r"grid data's row 0 holds nan; every value must be a finite number"):
        KIND.request({"values": [[1, float("nan")]], "rows": ["a"], "columns": ["a", "b"]}, caption="c")
