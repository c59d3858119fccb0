"""A lesson's `{{ heatmap(...) }}` call, through the `course build` an author runs.

The build must refuse each bad argument at the line of the lesson that makes the call,
naming the argument. These tests go through the CLI, not the class that draws the
widget, so they hold however the widget is wired into the builder.
"""

import re
import shutil

import pytest
from click.testing import CliRunner

from site_builder.cli import main
from site_builder.constants import HEADS, MAX_NAME_LETTERS
from tests.conftest import PROJECT

LESSON = "lessons/01-basics/averages.md"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
LONGEST = LETTERS[:MAX_NAME_LETTERS]  # the longest name the model reads
TOO_LONG = LETTERS[: MAX_NAME_LETTERS + 1]

# Each bad call: the argument its message must name, and the bad value it must quote.
BAD_CALLS = {
    "a name with a capital": ('heatmap("Emma")', "names?", "Emma"),
    "a name with a hyphen": ('heatmap("jean-luc")', "names?", "jean-luc"),
    "a name one letter too long": (f'heatmap("{TOO_LONG}")', "names?", TOO_LONG),
    "an empty name": ('heatmap("")', "names?", ""),
    "a number for a name": ("heatmap(7)", "names?", "7"),
    "a bad second name": ('heatmap("emma", "Zoe")', "names?", "Zoe"),
    "head 0": ('heatmap("emma", head=0)', "head", "0"),
    "a head past the last": (f'heatmap("emma", head={HEADS + 1})', "head", str(HEADS + 1)),
    "head in quotes": ('heatmap("emma", head="2")', "head", "2"),
    "a view misspelt": ('heatmap("emma", view="score")', "view", "score"),
    "a view with a capital": ('heatmap("emma", view="Weights")', "view", "Weights"),
    "a misspelt keyword": ('heatmap("emma", heads=2)', "heads", "heads"),
    "a list of names": ('heatmap(["emma", "olivia"])', "names?", "emma"),
    "a caption that is a number": ('heatmap("emma", caption=3)', "caption", "3"),
    "a caption that is a list": ('heatmap("emma", caption=["a"])', "caption", "['a']"),
    "side_by_side in quotes": ('heatmap("emma", side_by_side="yes")', "side_by_side", "yes"),
}


@pytest.fixture
def heatmap_course(mini_course):
    """The mini course with the real trained model, which a heatmap needs, copied in."""
    shutil.copy(PROJECT / "course" / "checkpoint.json", mini_course / "course" / "checkpoint.json")
    return mini_course


def call_in_lesson(root, call):
    """Put `{{ call }}` in the middle of the lesson's text; the line it is on."""
    path = root / LESSON
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[-1:-1] = ["Below, what the model looks at.", "", f"{{{{ {call} }}}}", ""]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines.index(f"{{{{ {call} }}}}") + 1


def build(root, out):
    return CliRunner().invoke(main, ["--root", str(root), "build", "--out", str(out)])


@pytest.mark.parametrize("case", list(BAD_CALLS))
def test_a_bad_heatmap_argument_is_refused_at_its_line(case, heatmap_course, tmp_path):
    call, argument, value = BAD_CALLS[case]
    line = call_in_lesson(heatmap_course, call)
    result = build(heatmap_course, tmp_path / "dist")
    assert result.exit_code == 1, result.output
    place = f"{LESSON}:{line}: "
    messages = [text.strip()[len(place):] for text in result.output.splitlines() if text.strip().startswith(place)]
    assert messages, f"nothing said at {place}\n{result.output}"
    assert any(re.search(rf"\b{argument}\b", message) and value in message for message in messages), result.output
    assert "The course has 1 problem;" in result.output, result.output
    assert not (tmp_path / "dist").exists()


def test_head_true_is_refused(heatmap_course, tmp_path):
    line = call_in_lesson(heatmap_course, 'heatmap("emma", head=True)')
    result = build(heatmap_course, tmp_path / "dist")
    assert result.exit_code == 1 and f"{LESSON}:{line}: " in result.output, result.output


@pytest.mark.parametrize("call", ['heatmap("emma")', f'heatmap("emma", "{LONGEST}", head={HEADS}, view="scores")', 'heatmap(head=1, view="weights")'])
def test_a_good_heatmap_call_builds(call, heatmap_course, tmp_path):
    call_in_lesson(heatmap_course, call)
    result = build(heatmap_course, tmp_path / "dist")
    assert result.exit_code == 0, result.output
    assert "data-heatmap" in (tmp_path / "dist" / "01-basics" / "averages" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("call", ['heatmap("emma")', 'next_letters("em", caption="Bars.")'])
def test_a_model_view_without_the_trained_model_is_refused_at_its_line(call, mini_course, tmp_path):
    assert not (mini_course / "course" / "checkpoint.json").exists()
    line = call_in_lesson(mini_course, call)
    result = build(mini_course, tmp_path / "dist")
    assert result.exit_code == 1, result.output
    assert f"{LESSON}:{line}: " in result.output and "course/checkpoint.json is missing (run `course train`)" in result.output, result.output
