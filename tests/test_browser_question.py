"""Questions in Chromium: each type answered wrong, then right, by mouse and by keyboard."""

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_builder.build import build
from tests.browser import serving

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = "01-basics/adding/"


@pytest.fixture(scope="module")
def question_site(tmp_path_factory):
    """The mini course with one question of each type in its first lesson."""
    root = tmp_path_factory.mktemp("questions") / "course"
    shutil.copytree(FIXTURES / "mini", root)
    lesson = root / "lessons/01-basics/adding.md"
    lesson.write_text(lesson.read_text() + "\n" + (FIXTURES / "questions/lesson.md").read_text())
    build(root, root.parent / "dist")
    with serving(root.parent / "dist") as url:
        yield url


def question(page, label):
    group = page.get_by_role("group", name=label)
    config = json.loads(group.locator("[data-question-config]").text_content())
    return group, config


def answer_and_check(group):
    group.get_by_role("button", name="Check answer").click()
    return group.get_by_role("status")


def test_a_choice_explains_a_wrong_pick_and_confirms_the_right_one(page, question_site):
    page.goto(question_site + PAGE)
    group, config = question(page, "Question: What is 2 plus 3?")
    radios = group.get_by_role("radio")
    wrong = next(index for index in range(radios.count()) if index != config["answer"])
    radios.nth(wrong).check()
    expect(answer_and_check(group)).to_have_text(config["why"][wrong])
    radios.nth(config["answer"]).check()
    expect(answer_and_check(group)).to_have_text(re.compile(r"^Right!\s*Adding joins the two amounts\.$"))


def test_a_number_says_which_way_it_is_off_then_accepts_within_the_tolerance(page, question_site):
    page.goto(question_site + PAGE)
    group, config = question(page, "Question: What is half of 3?")
    box = group.get_by_role("textbox", name="Your answer")
    box.fill(str(config["answer"] + 10 * config["tolerance"]))
    expect(answer_and_check(group)).to_have_text(re.compile(r"^Not yet: [\d.]+ is too high\.\s*Divide by 2\.$"))
    box.fill(str(config["answer"] - config["tolerance"] / 2).replace(".", ","))  # a decimal comma, as many countries write
    box.press("Enter")
    expect(group.get_by_role("status")).to_have_text("Right!")


def test_an_output_names_the_first_line_that_differs(page, question_site):
    page.goto(question_site + PAGE)
    group, config = question(page, "Question: What does this print?")
    lines = config["output"].splitlines()
    box = group.get_by_role("textbox", name="What does it print?")
    box.fill("\n".join([lines[0], "wrong", *lines[2:]]))
    expect(answer_and_check(group)).to_contain_text("the second line is not what it prints. Your first line is right.")
    box.fill("\n".join(line + "  " for line in lines) + "\n\n")  # spaces and blank lines at the end do not count
    expect(answer_and_check(group)).to_have_text("Right!")


def test_lines_are_put_in_order_with_the_keyboard_alone_and_the_answer_is_kept(page, question_site):
    page.goto(question_site + PAGE)
    group, config = question(page, "Question: Put the lines in order so…")
    items = group.locator("[data-lines] > li")

    def order():
        return [int(value) for value in items.evaluate_all("(all) => all.map((item) => item.dataset.line)")]

    expect(answer_and_check(group)).to_contain_text("Not yet.")
    # Selection sort by "Move up" buttons, each pressed with the keyboard.
    for target in range(len(config["lines"])):
        while order().index(target) != target:
            text = config["lines"][target]
            button = group.get_by_role("button", name=f"Move up: {text}")
            button.focus()
            page.keyboard.press("Enter")
            expect(button).to_be_focused()  # the keyboard stays with the line that moved
    assert order() == list(range(len(config["lines"])))
    group.get_by_role("button", name="Check answer").focus()
    page.keyboard.press("Enter")
    expect(group.get_by_role("status")).to_have_text("Right!")
    page.reload()
    expect(page.get_by_role("group", name="Question: Put the lines in order so…")).to_have_attribute("data-answered", "true")
