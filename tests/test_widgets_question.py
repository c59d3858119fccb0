"""Questions: fenced blocks of TOML in a lesson (site_builder/widgets/question.py)."""

import json
import re
from pathlib import Path

import pytest

from site_builder.build import build
from site_builder.errors import CourseInvalid

QUESTIONS = (Path(__file__).parent / "fixtures/questions/lesson.md").read_text()
ADDING = "lessons/01-basics/adding.md"


def with_questions(root, text=QUESTIONS):
    """The fixture's first lesson with `text` appended; the line its text starts at."""
    lesson = root / ADDING
    before = lesson.read_text()
    lesson.write_text(before + "\n" + text)
    return len(before.splitlines()) + 2


def problems_of(root, tmp_path):
    with pytest.raises(CourseInvalid) as refused:
        build(root, tmp_path / "dist")
    return [str(problem) for problem in refused.value.problems]


def configs(page):
    return [json.loads(found) for found in re.findall(r"<script type=\"application/json\" data-question-config>\s*(.*?)\s*</script>", page, re.S)]


def test_each_type_is_drawn_with_its_answer_from_the_numbers_or_the_code(mini_course, tmp_path):
    with_questions(mini_course)
    build(mini_course, tmp_path / "dist")
    page = (tmp_path / "dist" / "01-basics/adding/index.html").read_text()
    labels = re.findall(r'role="group" aria-label="(Question: [^"]*)"', page)
    assert labels == ["Question: What is 2 plus 3?", "Question: What is half of 3?", "Question: What does this print?", "Question: Put the lines in order so…"]
    choice, number, output, order = configs(page)
    assert choice["answer"] == 0 and choice["why"][1] == "That is 2 times 3."
    assert number["answer"] == 1.5 and number["tolerance"] == 0.01
    assert output["output"] == "".join(f"{i * 2}\n" for i in range(3))  # what the code prints, run by the build
    assert order["lines"] == ["a = 2", "b = 3", "print(a + b)"]
    shown = re.findall(r'<li class="question-line" data-line="(\d)">', page)
    assert sorted(shown) == ["0", "1", "2"] and shown != ["0", "1", "2"]  # shuffled, never already right


def test_lines_after_a_question_keep_their_numbers_in_messages(mini_course, tmp_path):
    start = with_questions(mini_course, QUESTIONS + "\nThe total is {{ demo.missing }}.\n")
    line = start + QUESTIONS.count("\n") + 1
    assert problems_of(mini_course, tmp_path) == [f"{ADDING}:{line}: a computed number failed: 'dict object' has no attribute 'missing' (is it in the lesson's [numbers], and does the provider return it?)"]


MISTAKES = {
    "an unknown type": ('type = "choice"', 'type = "pick"', 'type', "question: type should be one of 'choice', 'number', 'output', 'order', not 'pick'"),
    "a typed number": ('answer = "{{ demo.halves[1] }}"', 'answer = "1.5"', 'answer = "1.5"', "question: the answer should be one of the lesson's numbers, like \"{{ worked.total }}\", never typed: not '1.5'"),
    "an answer that is not a choice": ('answer = "{{ demo.total }}"', 'answer = "7"', 'answer = "7"', "question: the answer '7' is not one of the choices ['5', '6', '23']"),
    "a wrong choice without its reason": (', "23" = "That writes the digits side by side."', "", "why =", "question: why has no reason for the wrong choice '23': a learner who picks it should learn why it is wrong"),
    "code that raises": ("print(i * 2)", "print(i / 0)", "code =", "question: the code raised ZeroDivisionError: division by zero; a predict-the-output question needs code that runs"),
    "a misspelt key": ("hint = \"Divide by 2.\"", "hnit = \"Divide by 2.\"", "hnit", "question: unknown key 'hnit' (did you mean 'hint'?)"),
    "a number the lesson does not have": ("{{ demo.halves[1] }}", "{{ demo.thirds[1] }}", None, "question: 'dict object' has no attribute 'thirds' (is it declared under [numbers], and does the provider return it?)"),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_a_broken_question_is_refused_at_its_line(mistake, mini_course, tmp_path):
    old, new, marker, message = MISTAKES[mistake]
    text = QUESTIONS.replace(old, new, 1)
    start = with_questions(mini_course, text)
    lines = text.splitlines()
    if marker:
        line = start + next(index for index, source in enumerate(lines) if source.startswith(marker))
    else:  # said at the block's opening fence
        changed = next(index for index, source in enumerate(lines) if new in source)
        line = start + max(index for index, source in enumerate(lines[:changed]) if source == "```question")
    assert problems_of(mini_course, tmp_path) == [f"{ADDING}:{line}: {message}"]


def test_a_question_never_closed_is_refused_at_its_fence(mini_course, tmp_path):
    start = with_questions(mini_course, "```question\ntype = \"choice\"\n")
    assert problems_of(mini_course, tmp_path) == [f"{ADDING}:{start}: this question block is never closed: end it with a line ```"]
