"""`course new lesson` and `course new lab`: skeletons that build, with a starter that fails."""

import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.build import build
from site_builder.cli import main
from site_builder.loader import load_course

PROJECT = Path(__file__).resolve().parent.parent


def new(root, *args):
    result = CliRunner().invoke(main, ["--root", str(root), "new", *args])
    return result


def lessons_of(root, number):
    data = tomllib.loads((root / "course/course.toml").read_text())
    return next(module for module in data["modules"] if module["number"] == number).get("lessons")


def test_a_new_lesson_and_lab_build_and_the_labs_starter_fails(mini_course, tmp_path):
    assert new(mini_course, "lesson", "1", "sampling").exit_code == 0
    assert new(mini_course, "lab", "basics", "sampling").exit_code == 0
    assert lessons_of(mini_course, 1)[-1] == "sampling"
    build(mini_course, tmp_path / "dist")  # the build proves the solution passes, the starter fails, the wrong answer is caught
    page = (tmp_path / "dist/01-basics/sampling/index.html").read_text()
    assert 'aria-label="Lab: Sampling"' in page and 'aria-label="Film: The idea in motion"' in page
    assert 'role="group" aria-label="Question: What is 2 plus 3?"' in page
    course = load_course(mini_course)
    lab = course.labs.get("01-basics/sampling")
    assert lab.worked_examples and lab.wrong_answers


@pytest.fixture
def real_course_copy(tmp_path):
    root = tmp_path / "course-root"
    for folder in ("course", "lessons", "labs", "pages"):
        shutil.copytree(PROJECT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return root


PLANNED_MODULE = """
[[modules]]
number = 11
slug = "remix"
title = "Remix"
summary = "A module planned but not written: no lessons yet."
"""


def test_lessons_are_listed_in_a_planned_module_and_in_a_multi_line_list(real_course_copy, tmp_path):
    outline = real_course_copy / "course/course.toml"
    outline.write_text(outline.read_text() + PLANNED_MODULE)
    before = lessons_of(real_course_copy, 8)
    assert lessons_of(real_course_copy, 11) is None
    assert new(real_course_copy, "lesson", "remix", "count-pairs").exit_code == 0
    assert new(real_course_copy, "lesson", "08-attention", "recap").exit_code == 0
    assert lessons_of(real_course_copy, 11) == ["count-pairs"]
    assert lessons_of(real_course_copy, 8) == [*before, "recap"]
    course = load_course(real_course_copy)
    assert [lesson.slug for lesson in course.modules[10].lessons] == ["count-pairs"]
    assert [lesson.slug for lesson in course.modules[7].lessons][-1] == "recap"


@pytest.mark.parametrize(
    "args, message",
    [
        (("lesson", "basic", "x"), "no module 'basic' (did you mean 'basics'?)"),
        (("lesson", "1", "Sampling Names"), "a lesson's name should be lower-case words joined by hyphens (e.g. 'sampling-names')"),
        (("lesson", "1", "adding"), "module 1 already has a lesson 'adding'"),
        (("lab", "1", "sampling"), "no lesson 'sampling' in module 1 to hold the lab"),
        (("lab", "1", "add"), "labs/01-basics/add already exists"),
    ],
)
def test_mistakes_are_refused_with_what_to_do(mini_course, args, message):
    before = {path: path.read_bytes() for path in mini_course.rglob("*") if path.is_file()}
    result = new(mini_course, *args)
    assert result.exit_code == 1
    assert message in result.output
    assert {path: path.read_bytes() for path in mini_course.rglob("*") if path.is_file()} == before  # nothing half-written
