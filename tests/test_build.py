"""The whole build on the fixture course: what it writes, and what a broken course leaves alone."""

import json

import pytest

from site_builder.build import build
from site_builder.errors import CourseInvalid


@pytest.fixture
def out(tmp_path):
    """A previous site that a failed build must leave exactly as it was."""
    previous = tmp_path / "dist"
    previous.mkdir()
    (previous / "index.html").write_text("previous site")
    (previous / ".course-build").write_text("")  # a site the builder made, so a build may replace it
    return previous


def test_builds_pages_assets_and_the_lab_wheel(mini_course, out):
    build(mini_course, out)
    for page in ["index.html", "01-basics/index.html", "01-basics/adding/index.html", "01-basics/averages/index.html", "404.html"]:
        assert (out / page).is_file(), page
    lesson = (out / "01-basics/adding/index.html").read_text()
    assert "2 plus 3 is 5" in lesson
    assert 'aria-label="Lab: Add two numbers"' in lesson
    assert (out / "labs/01-basics/add/solution.py").read_text().startswith("def add(a, b):")
    lock = json.loads((out / "pyodide/pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["labkit"]
    wheel = lock["packages"]["labkit"]["file_name"]
    assert (out / "pyodide" / wheel).is_file()
    assert (out / "static/js/editor.js").stat().st_size > 10_000
    assert "previous site" not in (out / "index.html").read_text()


def test_lesson_pages_link_to_their_neighbours(mini_course, out):
    build(mini_course, out)
    first = (out / "01-basics/adding/index.html").read_text()
    second = (out / "01-basics/averages/index.html").read_text()
    assert 'href="../../01-basics/averages/" rel="next"' in first
    assert 'href="../../01-basics/adding/" rel="prev"' in second
    assert 'rel="prev"' not in first and 'rel="next"' not in second


def test_wheel_carries_answers_not_solutions(mini_course, out):
    import zipfile

    build(mini_course, out)
    wheel = next((out / "pyodide").glob("labkit-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = json.loads(archive.read("labkit/labs/01-basics__add/lab.json"))
    assert "labkit/labs/01-basics__add/checks.py" in names
    assert not any(name.endswith("solution.py") for name in names)
    assert meta["expected"] == [5, -3]


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


def test_a_broken_course_leaves_the_previous_site_and_no_staging_folder(mini_course, out):
    """Every kind of author mistake is in test_author_mistakes.py; this one checks the clean-up."""
    # A dead link is found only once the staging folder is filled: the latest possible failure.
    edit(mini_course / "lessons/01-basics/adding.md", "(../averages/)", "(../medians/)")
    with pytest.raises(CourseInvalid, match="dead link"):
        build(mini_course, out)
    assert sorted(p.name for p in out.iterdir()) == [".course-build", "index.html"]
    assert not list(out.parent.glob(".dist-new-*")), "the staging folder was not cleaned up"


@pytest.mark.parametrize("kept", ["in memory", "on disk"])
def test_rebuild_sees_every_kind_of_edit(kept, mini_course, out, tmp_path):
    """The memo behind fast rebuilds must never serve a stale page or lab."""
    from site_builder.memo import Memo

    memo = Memo() if kept == "in memory" else Memo(disk=tmp_path / "memo")
    build(mini_course, out, memo=memo)
    if kept == "on disk":
        memo = Memo(disk=tmp_path / "memo")  # a new process: only the disk remembers
    edit(mini_course / "lessons/01-basics/adding.md", "Maths:", "Some maths:")
    edit(mini_course / "labs/01-basics/add/lab.toml", "Add two numbers", "Add two whole numbers")
    edit(mini_course / "course/numbers/demo.py", "a, b = 2, 3", "a, b = 4, 3")
    edit(mini_course / "labs/01-basics/add/checks.py", 'checks.case("add", 2, 3)', 'checks.case("add", 4, 3)')  # the lab's worked example
    build(mini_course, out, memo=memo)
    page = (out / "01-basics/adding/index.html").read_text()
    assert "Some maths:" in page and "4 plus 3 is 7" in page
    assert 'aria-label="Lab: Add two whole numbers"' in page
    edit(mini_course / "labs/01-basics/add/starter.py", "return 0", "return a + b")
    with pytest.raises(CourseInvalid, match="starter code already passes"):
        build(mini_course, out, memo=memo)


def test_pages_are_built_and_linked(mini_course, out):
    build(mini_course, out)
    page = (out / "glossary/index.html").read_text()
    assert "2 and 3 make 5" in page
    assert 'href="../01-basics/adding/"' in page
    assert 'href="glossary/"' in (out / "index.html").read_text()
    assert 'href="../glossary/"' in (out / "01-basics/index.html").read_text()


def test_every_site_carries_the_marker_that_lets_the_next_build_replace_it(mini_course, tmp_path):
    out = tmp_path / "site"
    build(mini_course, out)
    assert (out / ".course-build").is_file()
    build(mini_course, out)  # replaces the site it made
    assert (out / "index.html").is_file()


def test_a_site_built_before_the_marker_existed_is_replaced(mini_course, tmp_path):
    earlier = tmp_path / "dist"
    (earlier / "pyodide").mkdir(parents=True)
    (earlier / "pyodide/pyodide-lock.json").write_text("{}")
    (earlier / "index.html").write_text("earlier site")
    build(mini_course, earlier)
    assert (earlier / ".course-build").is_file()


def test_a_folder_that_is_not_a_site_is_never_replaced(mini_course, tmp_path):
    from site_builder.errors import BuildError

    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "index.html").write_text("my own page")
    with pytest.raises(BuildError, match=r"holds files but no \.course-build"):
        build(mini_course, notes)
    assert [p.name for p in notes.iterdir()] == ["index.html"]
    empty = tmp_path / "empty"
    empty.mkdir()
    build(mini_course, empty)
    assert (empty / "index.html").is_file()


def test_a_lab_that_runs_too_long_is_refused_at_every_build(mini_course, out, tmp_path):
    """Running out of time is no verdict: the next build runs the lab again instead of remembering it as sound."""
    from site_builder.memo import Memo

    edit(mini_course / "labs/01-basics/add/lab.toml", 'functions = ["add"]', 'functions = ["add"]\ntime_limit = 1')
    edit(mini_course / "labs/01-basics/add/starter.py", "    return 0", "    while True: pass")
    for _ in range(2):
        with pytest.raises(CourseInvalid, match=r"starter.py:2: ran for more than 1 second \(the lab's time_limit\)"):
            build(mini_course, out, memo=Memo(disk=tmp_path / "memo"))


def test_the_404_page_links_from_the_path_the_site_is_published_under(mini_course, out):
    # GitHub Pages serves a project site under /<repo>/ and its 404.html at any missing address there.
    config = mini_course / "course/course.toml"
    config.write_text(config.read_text().replace('title = "Mini course"', 'title = "Mini course"\nsite_path = "/mini/"', 1))
    build(mini_course, out)
    missing = (out / "404.html").read_text()
    assert 'href="/mini/static/css/site.css"' in missing
    assert 'href="/mini/"' in missing
    lesson = (out / "01-basics/adding/index.html").read_text()
    assert 'href="../../static/css/site.css"' in lesson, "every other page stays relative"


def test_the_404_page_links_from_the_root_by_default(mini_course, out):
    build(mini_course, out)
    assert 'href="/static/css/site.css"' in (out / "404.html").read_text()


def test_rebuilds_while_serving_make_the_site_a_fresh_build_makes(mini_course, out, tmp_path):
    """`course serve` builds in the site before last (its spare): what that site held must not show."""
    import subprocess

    from site_builder.build import spare_of
    from site_builder.hooks import HOOKS

    lesson = mini_course / "lessons/01-basics/adding.md"
    for edit_number in range(3):
        edit(lesson, "plus", f"plus (edit {edit_number})" if edit_number < 2 else "plus")
        build(mini_course, out, live_reload=True)
    for hook in HOOKS:
        hook.settle()
    assert spare_of(out).is_dir(), "the site replaced is kept for the next rebuild"
    (spare_of(out) / "left-behind.html").write_text("not a file of any site")
    edit(lesson, "plus", "plus again")
    build(mini_course, out, live_reload=True)
    fresh = tmp_path / "fresh"
    build(mini_course, fresh, live_reload=True)
    for hook in HOOKS:
        hook.settle()
    result = subprocess.run(["diff", "-r", "-x", "pagefind", str(out), str(fresh)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    assert "plus again" in (out / "01-basics/adding/index.html").read_text()


def test_a_failed_rebuild_while_serving_leaves_the_served_site(mini_course, out):
    from site_builder.hooks import HOOKS

    build(mini_course, out, live_reload=True)
    build(mini_course, out, live_reload=True)  # nothing changed: the site stays
    edit(mini_course / "lessons/01-basics/adding.md", "plus", "plus (edited)")
    build(mini_course, out, live_reload=True)
    served = {path.relative_to(out): path.read_bytes() for path in out.rglob("*") if path.is_file() and "pagefind" not in path.parts}
    edit(mini_course / "lessons/01-basics/adding.md", "(../averages/)", "(../medians/)")
    with pytest.raises(CourseInvalid, match="dead link"):
        build(mini_course, out, live_reload=True)
    assert served == {path.relative_to(out): path.read_bytes() for path in out.rglob("*") if path.is_file() and "pagefind" not in path.parts}
    assert not list(out.parent.glob(".dist-new-*")), "the staging folder was not cleaned up"
    for hook in HOOKS:
        hook.settle()


@pytest.mark.parametrize("cores", [1, 2])
def test_a_broken_lab_and_a_dead_link_are_said_by_the_same_build(mini_course, out, monkeypatch, cores):
    # The pages are written and their links checked while the labs are verified: neither hides the
    # other, whether the labs are verified in worker processes or here, as the pages are rendered.
    monkeypatch.setattr("site_builder.workers.cores", lambda: cores)
    edit(mini_course / "lessons/01-basics/adding.md", "Next: [averages](../averages/).", "Next: [averages](../averagez/).")
    edit(mini_course / "labs/01-basics/add/starter.py", "return 0", "return a + b")
    with pytest.raises(CourseInvalid) as refused:
        build(mini_course, out)
    said = [str(problem) for problem in refused.value.problems]
    assert any("dead link '../averagez/'" in problem for problem in said), said
    assert any("starter code already passes" in problem for problem in said), said
    assert (out / "index.html").read_text() == "previous site"


def test_a_document_whose_numbers_are_still_coming_waits_while_the_others_are_rendered(mini_course, monkeypatch):
    from site_builder import build as build_module
    from site_builder.loader import load_course
    from site_builder.errors import Problems
    from site_builder.memo import Memo
    from site_builder.numbers import Providers
    from site_builder.widgets import WidgetContext

    course = load_course(mini_course)
    problems = Problems(mini_course)
    providers = Providers(mini_course)
    context = WidgetContext(course, providers, problems, Memo())  # nothing kept from another build
    # demo:sums is being computed in a worker, as in a cold build, until another document is done.
    rendered = []
    monkeypatch.setattr(providers, "ready", lambda targets: len(rendered) >= 1 or "demo:sums" not in list(targets))
    real = build_module.render_document
    monkeypatch.setattr(build_module, "render_document", lambda document, context: rendered.append(document.id) or real(document, context))
    documents = build_module.render_documents(course, context)
    ids = [document.id for document in course.documents()]
    waiting = [document.id for document in course.documents() if "demo:sums" in document.numbers.values()]
    assert waiting and ids[0] in waiting  # the first document in the course's order must wait
    assert rendered == [each for each in ids if each not in waiting] + waiting
    assert list(documents) == ids  # given back in the course's order
    assert problems.found == []
