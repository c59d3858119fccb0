import pytest

from site_builder.errors import CourseInvalid
from site_builder.loader import load_course


def problems_of(root):
    with pytest.raises(CourseInvalid) as caught:
        load_course(root)
    return [str(problem) for problem in caught.value.problems]


def test_loads_modules_lessons_and_labs_in_order(mini_course):
    course = load_course(mini_course)
    assert [m.dir_name for m in course.modules] == ["01-basics"]
    assert [lesson.slug for lesson in course.lessons()] == ["adding", "averages"]
    lab = course.labs.get("01-basics/add")
    assert lab.functions == ("add",)
    assert lab.hints == ("Use `+`.", "`return a + b`")
    assert [w.expect for w in lab.wrong_answers] == ["Add with +, not *"]
    assert course.lessons()[0].numbers == {"demo": "demo:sums"}


def test_body_line_points_after_the_front_matter(mini_course):
    lesson = load_course(mini_course).lessons()[0]
    lines = lesson.src_path.read_text().splitlines()
    assert lines[lesson.body_line - 1 :] == lesson.body.splitlines()


def test_reports_every_problem_at_once(mini_course):
    (mini_course / "lessons/01-basics/averages.md").unlink()
    (mini_course / "lessons/01-basics/extra.md").write_text("+++\ntitle = 'x'\nsummary = 'y'\n+++\n")
    (mini_course / "labs/01-basics/add/hints.md").unlink()
    found = problems_of(mini_course)
    assert "course/course.toml:10: lesson 'averages' is listed but lessons/01-basics/averages.md does not exist" in found
    assert any(p.startswith("lessons/01-basics/extra.md: this lesson is not listed") for p in found)
    assert any(p.startswith("labs/01-basics/add/hints.md: missing") for p in found)


def test_unknown_key_suggests_the_right_one(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    path.write_text(path.read_text().replace('summary = "Add, then divide."', 'sumary = "Add, then divide."'))
    found = problems_of(mini_course)
    assert "lessons/01-basics/averages.md:3: unknown key 'sumary' (did you mean 'summary'?)" in found
    assert any(p.startswith("lessons/01-basics/averages.md: missing 'summary'") for p in found)


def test_malformed_toml_names_the_line(mini_course):
    path = mini_course / "course/course.toml"
    path.write_text(path.read_text().replace('title = "Basics"', 'title = "Basics'))
    found = problems_of(mini_course)
    assert len(found) == 1 and found[0].startswith("course/course.toml:8: malformed TOML")


def test_duplicate_module_slug(mini_course):
    path = mini_course / "course/course.toml"
    text = path.read_text()
    second = text[text.index("[[modules]]"):].replace("number = 1", "number = 2").replace('lessons = ["adding", "averages"]', "lessons = []")
    path.write_text(text + "\n" + second)
    found = problems_of(mini_course)
    assert "course/course.toml:13: module 2: duplicate slug 'basics' (also used by module 1)" in found


def test_lesson_without_front_matter(mini_course):
    (mini_course / "lessons/01-basics/averages.md").write_text("# No front matter\n")
    assert problems_of(mini_course) == [
        "lessons/01-basics/averages.md:1: a lesson must start with '+++' and its front matter (title, summary)"
    ]


def test_lesson_names_a_lab_that_does_not_exist(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    path.write_text(path.read_text().replace('summary = "Add, then divide."', 'summary = "x"\nlabs = ["divide"]'))
    assert problems_of(mini_course) == [
        "lessons/01-basics/averages.md:4: lab 'divide' not found: expected a folder labs/01-basics/divide/"
    ]


def test_wrong_answer_needs_an_expect_line(mini_course):
    (mini_course / "labs/01-basics/add/wrong/blank.py").write_text("def add(a, b):\n    return 1\n")
    assert problems_of(mini_course) == [
        "labs/01-basics/add/wrong/blank.py:1: a wrong answer must start with '# expect: <text its failure message contains>'"
    ]


def test_lab_that_no_lesson_uses(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('labs = ["add"]\n', ""))
    assert problems_of(mini_course) == [
        "labs/01-basics/add: no lesson embeds this lab: add it to a lesson's `labs` in the same module"
    ]


def test_pages_are_loaded_and_linked_from_modules(mini_course):
    course = load_course(mini_course)
    assert [page.slug for page in course.pages] == ["glossary"]
    assert course.modules[0].page_slugs == ("glossary",)
    assert course.page("glossary").numbers == {"demo": "demo:sums"}


def test_page_listed_but_missing_and_page_not_listed(mini_course):
    (mini_course / "pages/glossary.md").rename(mini_course / "pages/terms.md")
    found = problems_of(mini_course)
    assert "course/course.toml:3: page 'glossary' is listed but pages/glossary.md does not exist" in found
    assert "pages/terms.md: this page is not listed in course/course.toml (add 'terms' to `pages`)" in found
    assert "course/course.toml:11: module 'basics' links page 'glossary', which is not in the course's `pages`" in found
