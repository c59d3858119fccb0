import shutil
from pathlib import Path

import pytest

from site_builder.errors import CourseInvalid, Problems
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
    # "did you mean 'summary'?" already says 'summary' is missing: one typo, one message
    assert problems_of(mini_course) == ["lessons/01-basics/averages.md:3: unknown key 'sumary' (did you mean 'summary'?)"]


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
    # the module's link to 'glossary' is fine: the course lists it, and its missing file is said once
    assert problems_of(mini_course) == [
        "course/course.toml:3: page 'glossary' is listed but pages/glossary.md does not exist",
        "pages/terms.md: this page is not listed in course/course.toml (add 'terms' to `pages`)",
    ]


def test_module_links_a_page_the_course_does_not_list(mini_course):
    path = mini_course / "course/course.toml"
    path.write_text(path.read_text().replace('pages = ["glossary"]\n\n[[modules]]', 'pages = []\n\n[[modules]]'))
    found = problems_of(mini_course)
    assert "course/course.toml:11: module 'basics' links page 'glossary', which is not in the course's `pages`" in found


def test_a_byte_order_mark_is_accepted(mini_course):
    for relative in ("course/course.toml", "lessons/01-basics/adding.md", "labs/01-basics/add/lab.toml", "labs/01-basics/add/checks.py"):
        path = mini_course / relative
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    course = load_course(mini_course)
    assert course.title == "Mini course"
    assert course.lessons()[0].title == "Adding"
    assert course.labs.get("01-basics/add").title == "Add two numbers"
    assert course.labs.get("01-basics/add").checks_source.startswith("from labkit")


def test_files_left_by_an_os_or_editor_are_ignored(mini_course):
    lessons, lab = mini_course / "lessons/01-basics", mini_course / "labs/01-basics/add"
    (lessons / "._adding.md").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    (lessons / ".#adding.md").symlink_to("user@host.1234:1700000000")
    (lessons / "adding.md~").write_text("an old copy")
    (lessons / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    (mini_course / "lessons/.obsidian").mkdir()
    (mini_course / "labs/01-basics/.ipynb_checkpoints").mkdir()
    (lab / "wrong/._multiplies.py").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
    (lab / "wrong/multiplies.py~").write_text("an old copy")
    (mini_course / "pages/.#glossary.md").symlink_to("user@host.1234:1700000000")
    course = load_course(mini_course)
    assert [lesson.slug for lesson in course.lessons()] == ["adding", "averages"]
    assert [w.name for w in course.labs.get("01-basics/add").wrong_answers] == ["multiplies"]


def test_a_link_is_reported_under_its_own_name(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    path.unlink()
    path.symlink_to("user@host.1234:1700000000")  # dangling, as an editor's lock file is
    assert problems_of(mini_course) == [
        "course/course.toml:10: lesson 'averages' is listed but lessons/01-basics/averages.md does not exist"
    ]


def test_problems_name_a_path_as_it_is_in_the_tree(tmp_path):
    (tmp_path / "lessons").mkdir()
    link = tmp_path / "lessons/.#x.md"
    link.symlink_to("user@host.1234:1700000000")
    assert Problems(tmp_path).relative(link) == "lessons/.#x.md"
    assert Problems(tmp_path).relative(tmp_path.resolve() / "lessons/x.md") == "lessons/x.md"


@pytest.mark.parametrize("value", ["1", "600", "2.5"])
def test_time_limits_in_range_are_kept(mini_course, value):
    path = mini_course / "labs/01-basics/add/lab.toml"
    path.write_text(path.read_text() + f"time_limit = {value}\n")
    assert load_course(mini_course).labs.get("01-basics/add").time_limit == float(value)


@pytest.mark.parametrize("value", ["-5", "0", "0.5", "601", "inf", "-inf", "nan"])
def test_time_limits_out_of_range_are_refused(mini_course, value):
    path = mini_course / "labs/01-basics/add/lab.toml"
    path.write_text(path.read_text() + f"time_limit = {value}\n")
    assert problems_of(mini_course) == [
        f"labs/01-basics/add/lab.toml:5: time_limit should be a number of seconds from 1 to 600, not {value}"
    ]


def test_every_name_the_lesson_text_uses_is_reserved_and_documented():
    from site_builder.lesson_text import ENVIRONMENT
    from site_builder.loader import RESERVED_NAMES
    from site_builder.widgets import inline_names

    widgets = inline_names()
    assert set(widgets) <= set(RESERVED_NAMES)
    assert {"num", "vec", "pct", "count", "range", "self"} <= set(RESERVED_NAMES)
    assert set(RESERVED_NAMES) <= set(widgets) | set(ENVIRONMENT.filters) | set(ENVIRONMENT.globals) | {"self"}
    authoring = (Path(__file__).parent.parent / "docs/authoring.md").read_text()
    assert all(f"`{name}`" in authoring for name in RESERVED_NAMES)


def test_a_number_with_a_reserved_name_is_refused_on_a_page_too(mini_course):
    path = mini_course / "pages/glossary.md"
    path.write_text(path.read_text().replace('demo = "demo:sums"', 'demo = "demo:sums"\nrange = "demo:sums"'))
    assert problems_of(mini_course) == ["pages/glossary.md:7: 'range' is a reserved name (a Jinja2 function): choose another"]


def test_a_page_that_fails_to_load_is_not_also_unknown_to_its_module(mini_course):
    path = mini_course / "pages/glossary.md"
    path.write_text(path.read_text().replace('title = "Glossary"', 'title = ""'))
    assert problems_of(mini_course) == ["pages/glossary.md:2: 'title' is empty"]


def test_a_lab_listed_three_times_is_said_once(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('labs = ["add"]', 'labs = ["add", "add", "add"]'))
    assert problems_of(mini_course) == ["lessons/01-basics/adding.md:4: lab 'add' is listed twice"]


def test_a_lab_that_failed_to_load_is_not_also_not_found(mini_course):
    path = mini_course / "labs/01-basics/add/lab.toml"
    path.write_text(path.read_text() + 'model_hook = "atend"\n')
    found = problems_of(mini_course)
    assert len(found) == 1 and found[0].startswith("labs/01-basics/add/lab.toml:5: model_hook 'atend' is not a block of the model")


def test_an_only_wrong_answer_that_cannot_be_read_is_not_also_missing(mini_course):
    (mini_course / "labs/01-basics/add/wrong/multiplies.py").write_bytes(b"# expect: caf\xe9\n")
    assert problems_of(mini_course) == [
        "labs/01-basics/add/wrong/multiplies.py:1: this file is not UTF-8 (byte 0xe9 at column 14); save it as UTF-8"
    ]


# --- every lesson ends with a recap -------------------------------------------------------


def test_a_lesson_without_a_recap_is_refused_at_its_last_line(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    text = path.read_text()
    path.write_text(text[: text.index("## Recap")].rstrip() + "\n")
    last = len(path.read_text().splitlines())
    assert problems_of(mini_course) == [
        f"lessons/01-basics/averages.md:{last}: the lesson has no '## Recap' section: end it with one, three lines a learner could write on a card"
    ]


def test_a_section_after_the_recap_is_refused_at_its_heading(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    path.write_text(path.read_text() + "\n## Your turn\n\nNow the lab.\n")
    line = path.read_text().splitlines().index("## Your turn") + 1
    assert problems_of(mini_course) == [
        f"lessons/01-basics/averages.md:{line}: '## Your turn' comes after '## Recap': the recap is the lesson's last section"
    ]


def test_a_recap_heading_inside_a_code_block_is_not_the_recap(mini_course):
    path = mini_course / "lessons/01-basics/averages.md"
    text = path.read_text()
    body = text[: text.index("## Recap")] + '```python\n## Recap\nprint("not a heading")\n```\n'
    path.write_text(body)
    assert problems_of(mini_course)[0].endswith("the lesson has no '## Recap' section: end it with one, three lines a learner could write on a card")



def test_a_lesson_read_before_is_read_again_once_edited_and_its_labs_are_always_looked_for(mini_course):
    lesson = mini_course / "lessons/01-basics/adding.md"
    first = load_course(mini_course).lessons()[0]
    text = lesson.read_text()
    lesson.write_text(text.replace(f'title = "{first.title}"', 'title = "A new title"'))
    assert load_course(mini_course).lessons()[0].title == "A new title"
    lesson.write_text(text)
    assert load_course(mini_course).lessons()[0].title == first.title
    assert first.lab_slugs, "the fixture's lesson should embed a lab"
    shutil.rmtree(mini_course / "labs" / first.module_dir / first.lab_slugs[0])
    with pytest.raises(CourseInvalid, match=f"lab '{first.lab_slugs[0]}' not found"):
        load_course(mini_course)


def test_a_lesson_with_a_problem_is_reported_on_every_load(mini_course):
    lesson = mini_course / "lessons/01-basics/adding.md"
    lesson.write_text(lesson.read_text().replace("## Recap", "## Summary"))
    for _ in range(2):
        with pytest.raises(CourseInvalid, match="no '## Recap' section"):
            load_course(mini_course)
