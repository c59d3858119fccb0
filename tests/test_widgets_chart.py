"""Charts: a lesson's `{{ chart(...) }}` call (site_builder/widgets/chart.py), through `course build`.

A bad argument must be refused at the line of the lesson that makes the call, naming the
argument and quoting the bad value; a good call puts every value on the page, in the
table a screen reader reads, and the ticks the script draws.
"""

import json
import re

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.widgets.chart import decimals_needed, nice_ticks, value_text

LESSON = "lessons/01-basics/averages.md"
PROVIDER = '''\
def lengths():
    return {
        "histogram": {"x": [2, 3, 4], "y": [65, 575, 2983]},
        "fractions": {"x": ["a", "b"], "y": [0.25, 0.5]},
        "ragged": {"x": [1, 2, 3], "y": [1, 2]},
        "words": {"x": [1, 2], "y": [1, "two"]},
        "extra": {"x": [1], "y": [1], "z": [1]},
        "flags": {"x": [1, 2], "y": [True, 2]},
        "empty": {"x": [], "y": []},
        "many": {"x": list(range(61)), "y": list(range(61))},
        "blank_label": {"x": ["a", " "], "y": [1, 2]},
        "plain_list": [1, 2, 3],
        "curve": {"x": [0, 0.5, 1, 1.5, 2], "y": [4, 2.25, 1, 0.25, 0]},
        "walk": {"x": [0, 0.8, 1.28], "y": [4, 1.44, 0.5184]},
        "backwards": {"x": [0, 2, 1], "y": [1, 2, 3]},
        "lettered": {"x": ["a", "b"], "y": [1, 2]},
        "lonely": {"x": [1], "y": [1]},
        "dense": {"x": list(range(1001)), "y": list(range(1001))},
        "steps": {"x": list(range(1000)), "y": [0.01 * (1 - step / 1000) for step in range(1000)]},
        "blocks": {"x": [4.5, 14.5], "y": [3.1, 2.8], "labels": ["0–9", "10–19"]},
        "short_labels": {"x": [4.5, 14.5], "y": [3.1, 2.8], "labels": ["0–9"]},
        "text_x": {"x": "abc", "y": [1, 2, 3]},
        "text_y": {"x": ["a", "b"], "y": "12"},
    }
'''
GOOD_CALL = 'chart(data.histogram, kind="bars", x="letters in the name", y="names", caption="Names by length.")'
LINE_CALL = 'chart(data.curve, kind="line", x="w", y="loss", caption="A valley and a walk down it.", digits=2, marks=data.walk, marks_label="step")'

# Each bad call: the argument its message must name, and the bad value it must quote.
BAD_CALLS = {
    "a kind not drawn yet": (GOOD_CALL.replace('"bars"', '"pie"'), "kind", "pie"),
    "a kind misspelt": (GOOD_CALL.replace('"bars"', '"bar"'), "kind", "bar"),
    "no caption": (GOOD_CALL.replace(', caption="Names by length."', ""), "caption", "''"),
    "a caption that is a number": (GOOD_CALL.replace('"Names by length."', "3"), "caption", "3"),
    "no x axis label": (GOOD_CALL.replace('x="letters in the name", ', ""), "x", "''"),
    "a blank y axis label": (GOOD_CALL.replace('y="names"', 'y="  "'), "y", "'  '"),
    "digits too many": (GOOD_CALL.replace(")", ", digits=9)"), "digits", "9"),
    "digits as text": (GOOD_CALL.replace(")", ', digits="2")'), "digits", "'2'"),
    "lists of two lengths": (GOOD_CALL.replace("data.histogram", "data.ragged"), "data", "same length"),
    "a word among the values": (GOOD_CALL.replace("data.histogram", "data.words"), "data", "two"),
    "a key beside x and y": (GOOD_CALL.replace("data.histogram", "data.extra"), "data", "'z'"),
    "True as a value": (GOOD_CALL.replace("data.histogram", "data.flags"), "data", "True"),
    "no points": (GOOD_CALL.replace("data.histogram", "data.empty"), "data", "not 0"),
    "too many points": (GOOD_CALL.replace("data.histogram", "data.many"), "data", "not 61"),
    "a blank label": (GOOD_CALL.replace("data.histogram", "data.blank_label"), "data", "' '"),
    "a list, not x and y": (GOOD_CALL.replace("data.histogram", "data.plain_list"), "data", "list"),
    "fewer labels than points": (GOOD_CALL.replace("data.histogram", "data.short_labels"), "data", "'labels'"),
    "a misspelt keyword": (GOOD_CALL.replace("caption=", "captoin="), "captoin", "caption"),
    "a line through labels": (LINE_CALL.replace("data.curve", "data.lettered"), "x", "'a'"),
    "a line whose x goes back": (LINE_CALL.replace("data.curve", "data.backwards"), "x", "increasing"),
    "a line of one point": (LINE_CALL.replace("data.curve", "data.lonely"), "line", "not 1"),
    "a line too dense": (LINE_CALL.replace("data.curve", "data.dense"), "data", "not 1001"),
    "marks on bars": (GOOD_CALL.replace(")", ', marks=data.walk, marks_label="step")'), "marks", "line"),
    "marks without a label": (LINE_CALL.replace(', marks_label="step"', ""), "marks_label", "''"),
    "a label without marks": (LINE_CALL.replace("marks=data.walk, ", ""), "marks_label", "'step'"),
    "marks through labels": (LINE_CALL.replace("data.walk", "data.lettered"), "marks", "'a'"),
    "x digits as text": (LINE_CALL.replace(")", ', x_digits="3")'), "x_digits", "'3'"),
    "digits True": (GOOD_CALL.replace(")", ", digits=True)"), "digits", "True"),
    "a number, not x and y": (GOOD_CALL.replace("data.histogram", "7"), "data", "'int'"),
    "x as text": (GOOD_CALL.replace("data.histogram", "data.text_x"), "data", "two lists"),
    "y as text": (GOOD_CALL.replace("data.histogram", "data.text_y"), "data", "two lists"),
    "a marks label that is a number": (LINE_CALL.replace('marks_label="step"', "marks_label=3"), "marks_label", "3"),
}


@pytest.fixture
def chart_course(mini_course):
    """The mini course with a provider of chart data, declared by the lesson that calls chart()."""
    (mini_course / "course/numbers/lengths.py").write_text(PROVIDER, encoding="utf-8")
    path = mini_course / LESSON
    path.write_text(path.read_text(encoding="utf-8").replace('summary = "Add, then divide."\n', 'summary = "Add, then divide."\n\n[numbers]\ndata = "lengths:lengths"\n'), encoding="utf-8")
    return mini_course


def call_in_lesson(root, call):
    """Put `{{ call }}` in the lesson's text; the line it is on."""
    path = root / LESSON
    lines = path.read_text(encoding="utf-8").splitlines()
    lines += ["", "How long the names are:", "", f"{{{{ {call} }}}}", ""]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines.index(f"{{{{ {call} }}}}") + 1


def build(root, out):
    return CliRunner().invoke(main, ["--root", str(root), "build", "--out", str(out)])


@pytest.mark.parametrize("case", list(BAD_CALLS))
def test_a_bad_chart_argument_is_refused_at_its_line(case, chart_course, tmp_path):
    call, argument, value = BAD_CALLS[case]
    line = call_in_lesson(chart_course, call)
    result = build(chart_course, tmp_path / "dist")
    assert result.exit_code == 1, result.output
    place = f"{LESSON}:{line}: "
    messages = [text.strip()[len(place):] for text in result.output.splitlines() if text.strip().startswith(place)]
    assert messages, f"nothing said at {place}\n{result.output}"
    assert any(re.search(rf"\b{argument}\b", message) and value in message for message in messages), result.output
    assert "The course has 1 problem;" in result.output, result.output
    assert not (tmp_path / "dist").exists()


def test_a_misspelt_key_of_the_numbers_gets_a_did_you_mean(chart_course, tmp_path):
    line = call_in_lesson(chart_course, GOOD_CALL.replace("data.histogram", "data.histogramm"))
    result = build(chart_course, tmp_path / "dist")
    assert result.exit_code == 1
    assert f"{LESSON}:{line}: " in result.output and "did you mean 'histogram'?" in result.output, result.output


def page_chart(root):
    html = (root / "01-basics" / "averages" / "index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r"<script type=\"application/json\" data-chart-data>(.*?)</script>", html, re.S).group(1))
    return html, data


def test_a_good_chart_puts_every_value_in_its_table_and_its_data(chart_course, tmp_path):
    call_in_lesson(chart_course, GOOD_CALL)
    result = build(chart_course, tmp_path / "dist")
    assert result.exit_code == 0, result.output
    html, data = page_chart(tmp_path / "dist")
    assert 'src="../../static/js/chart.js"' in html or "static/js/chart.js" in html
    assert "static/css/chart.css" in html
    assert data["kind"] == "bars" and data["x_label"] == "letters in the name" and data["y_label"] == "names"
    assert [(point["x"], point["y"], point["text"]) for point in data["points"]] == [("2", 65, "65"), ("3", 575, "575"), ("4", 2983, "2,983")]
    assert [tick["text"] for tick in data["ticks"]] == ["0", "1,000", "2,000", "3,000"]
    table = re.search(r"<table class=\"chart-table\">(.*?)</table>", html, re.S).group(1)
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td></tr>", table)
    assert rows == [("2", "65"), ("3", "575"), ("4", "2,983")]
    assert "<summary>Show the numbers</summary>" in html
    assert '<figcaption class="chart-caption" id="chart-1-caption">Names by length.</figcaption>' in html


def test_digits_set_how_values_and_ticks_are_written(chart_course, tmp_path):
    call_in_lesson(chart_course, GOOD_CALL.replace("data.histogram", "data.fractions").replace(")", ", digits=2)"))
    assert build(chart_course, tmp_path / "dist").exit_code == 0
    _, data = page_chart(tmp_path / "dist")
    assert [point["text"] for point in data["points"]] == ["0.25", "0.50"]
    assert [point["x"] for point in data["points"]] == ["a", "b"]
    assert [tick["text"] for tick in data["ticks"]] == ["0.00", "0.10", "0.20", "0.30", "0.40", "0.50"]


def test_two_charts_on_a_page_have_their_own_ids(chart_course, tmp_path):
    call_in_lesson(chart_course, GOOD_CALL)
    call_in_lesson(chart_course, GOOD_CALL.replace("data.histogram", "data.fractions"))
    assert build(chart_course, tmp_path / "dist").exit_code == 0
    html = (tmp_path / "dist" / "01-basics" / "averages" / "index.html").read_text(encoding="utf-8")
    assert 'id="chart-1"' in html and 'id="chart-2"' in html


@pytest.mark.parametrize(
    ("lo", "hi", "ticks"),
    [
        (0, 9657, [0, 2000, 4000, 6000, 8000, 10000]),
        (0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]),
        (0, 3.3, [0, 1, 2, 3, 4]),
        (-2, 3, [-2, -1, 0, 1, 2, 3]),
        (0, 0, [0, 0.2, 0.4, 0.6, 0.8, 1]),
    ],
)
def test_ticks_are_round_numbers_that_cover_the_values(lo, hi, ticks):
    assert nice_ticks(lo, hi) == pytest.approx(ticks)


def test_values_are_written_as_the_page_shows_numbers():
    assert value_text(9657, 0) == "9,657"
    assert value_text(-1.5, 1) == "−1.5"
    assert value_text(-0.0001, 2) == "0.00"
    assert decimals_needed([0, 0.25, 0.5]) == 2
    assert decimals_needed([0, 500, 1000]) == 0


def test_a_line_has_a_numeric_x_axis_and_its_marks_in_a_table_of_their_own(chart_course, tmp_path):
    call_in_lesson(chart_course, LINE_CALL)
    result = build(chart_course, tmp_path / "dist")
    assert result.exit_code == 0, result.output
    html, data = page_chart(tmp_path / "dist")
    assert data["kind"] == "line"
    assert [(point["at"], point["x"], point["text"]) for point in data["points"]] == [(0, "0", "4.00"), (0.5, "0.50", "2.25"), (1, "1", "1.00"), (1.5, "1.50", "0.25"), (2, "2", "0.00")]
    assert [tick["text"] for tick in data["x_ticks"]] == ["0.0", "0.5", "1.0", "1.5", "2.0"]
    # A line's y axis covers its values and no more: it need not start at 0.
    assert [tick["value"] for tick in data["ticks"]] == [0, 1, 2, 3, 4]
    assert data["marks_label"] == "step"
    assert [(mark["at"], mark["text"]) for mark in data["marks"]] == [(0, "4.00"), (0.8, "1.44"), (1.28, "0.52")]
    tables = re.findall(r"<table class=\"chart-table\">(.*?)</table>", html, re.S)
    assert len(tables) == 2
    assert re.findall(r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>", tables[1]) == [("0", "0", "4.00"), ("1", "0.80", "1.44"), ("2", "1.28", "0.52")]
    assert "<caption>Marked on the line: each step</caption>" in tables[1]


def test_a_line_can_be_a_thousand_steps_long_with_its_x_written_to_given_digits(chart_course, tmp_path):
    call_in_lesson(chart_course, 'chart(data.steps, kind="line", x="step", y="learning rate", caption="The schedule.", digits=4, x_digits=1)')
    assert build(chart_course, tmp_path / "dist").exit_code == 0
    html, data = page_chart(tmp_path / "dist")
    assert len(data["points"]) == 1000 and "marks" in data and data["marks"] == []
    assert data["points"][999]["x"] == "999.0" and data["points"][999]["text"] == "0.0000"
    assert [tick["value"] for tick in data["x_ticks"]] == [0, 200, 400, 600, 800, 1000]
    assert [tick["text"] for tick in data["ticks"]][:2] == ["0.000", "0.002"]
    assert html.count("<table class=\"chart-table\">") == 1


def test_labels_name_the_points_of_a_line_drawn_at_their_x(chart_course, tmp_path):
    call_in_lesson(chart_course, 'chart(data.blocks, kind="line", x="training steps", y="average loss", caption="Blocks of ten steps.", digits=1)')
    result = build(chart_course, tmp_path / "dist")
    assert result.exit_code == 0, result.output
    html, data = page_chart(tmp_path / "dist")
    assert [(point["at"], point["x"], point["text"]) for point in data["points"]] == [(4.5, "0–9", "3.1"), (14.5, "10–19", "2.8")]
    assert re.findall(r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td></tr>", html) == [("0–9", "3.1"), ("10–19", "2.8")]


def test_an_infinite_value_is_refused_by_the_chart_itself():
    # No lesson can hand one over today (a provider's inf stops the build, and Jinja cannot
    # write 1e999), so the chart's own check is tried directly.
    from site_builder.errors import WidgetError
    from site_builder.widgets.chart import KIND

    with pytest.raises(WidgetError, match=r"chart data's 'y' must hold finite numbers, not inf"):
        KIND.request({"x": ["a", "b"], "y": [1, float("inf")]}, x="x", y="y", caption="c")
