"""The widget registry (site_builder/widgets/): how kinds are asked for, placed and loaded."""

import re
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from site_builder import build as build_module
from site_builder.build import build
from site_builder.errors import CourseInvalid, Problems, WidgetError
from site_builder.hooks import OfflineCopy, SiteHook
from site_builder.widgets import KINDS, PageWidgets, WidgetKind

PROJECT = Path(__file__).resolve().parent.parent
ADDING = "lessons/01-basics/adding.md"


class Note(WidgetKind):
    """A made-up inline kind, as a new author would write one."""

    name = "note"
    placed = "inline"
    template = "note.html"
    scripts = ("note.js",)
    styles = ("note.css",)

    def request(self, text, *, tone="calm"):
        if tone not in ("calm", "loud"):
            raise WidgetError(f"note tone must be 'calm' or 'loud', not {tone!r}")
        return {"text": text, "tone": tone}

    def prepare(self, request, context, document):
        return {"note": request}


class Banner(WidgetKind):
    """A made-up kind the document declares itself, drawn above or below the text."""

    name = "banner"
    template = "banner.html"
    scripts = ("note.js", "banner.js")

    def __init__(self, placed, words):
        self.placed = placed
        self.words = words

    def declared(self, document, context):
        return list(self.words)

    def prepare(self, word, context, document):
        return {"word": word}


TEMPLATES = jinja2.Environment(
    loader=jinja2.DictLoader(
        {
            "widgets/note.html": '<aside class="note-{{ note.tone }}" id="note-{{ number }}">{{ note.text }}</aside>',
            "widgets/banner.html": "<p>{{ root }}{{ word }}</p>",
        }
    ),
    autoescape=True,
)


def page_widgets(*kinds):
    context = SimpleNamespace(problems=Problems(PROJECT))
    return PageWidgets({kind.name: kind for kind in kinds}, context, document=None)


def test_an_inline_kind_is_drawn_where_the_text_calls_it():
    widgets = page_widgets(Note())
    note = widgets.functions()["note"]
    body = f"<p>Before.</p>{note('first')}<p>Between.</p>{note('second', tone='loud')}"
    rendered = widgets.rendered(body, "../../", TEMPLATES)
    assert rendered.body == '<p>Before.</p>\n\n<aside class="note-calm" id="note-1">first</aside>\n\n<p>Between.</p>\n\n<aside class="note-loud" id="note-2">second</aside>\n\n'
    assert rendered.top == rendered.bottom == ()


def test_a_page_loads_each_script_and_style_once_whatever_holds_it():
    widgets = page_widgets(Note(), Banner("top", ["hello"]))
    note = widgets.functions()["note"]
    rendered = widgets.rendered(note("a") + note("b"), "", TEMPLATES)
    assert rendered.scripts == ("note.js", "banner.js")
    assert rendered.styles == ("note.css",)


def test_declared_kinds_are_drawn_above_or_below_the_text_with_the_pages_root():
    above, below = Banner("top", ["one", "two"]), Banner("bottom", ["three"])
    below.name = "footer"
    rendered = page_widgets(above, below).rendered("<p>Text.</p>", "../", TEMPLATES)
    assert rendered.top == ("<p>../one</p>", "<p>../two</p>")
    assert rendered.bottom == ("<p>../three</p>",)
    assert rendered.body == "<p>Text.</p>"


def test_a_request_the_kind_refuses_and_a_misspelt_keyword_say_what_to_change():
    note = page_widgets(Note()).functions()["note"]
    with pytest.raises(WidgetError, match="note tone must be 'calm' or 'loud', not 'quiet'"):
        note("hi", tone="quiet")
    with pytest.raises(WidgetError, match=r"note\(\): got an unexpected keyword argument 'tones' \(did you mean 'tone'\?\)"):
        note("hi", tones="loud")
    with pytest.raises(WidgetError, match=r"note\(\): missing a required argument: 'text'"):
        note()


def test_every_registered_kind_has_its_template_scripts_and_styles():
    for kind in KINDS.values():
        assert kind.placed in ("top", "inline", "bottom"), kind.name
        assert (PROJECT / "site_builder/templates/widgets" / kind.template).is_file(), kind.name
        for script in kind.scripts + kind.starters:
            assert (PROJECT / "static/js" / script).is_file(), (kind.name, script)
        for style in kind.styles:
            assert (PROJECT / "static/css" / style).is_file(), (kind.name, style)


def test_every_module_of_the_package_is_a_kind_of_its_own_name_labs_first():
    modules = sorted(path.stem for path in (PROJECT / "site_builder/widgets").glob("*.py") if path.stem not in ("__init__", "kind"))
    assert sorted(KINDS) == modules
    for name, kind in KINDS.items():
        assert type(kind).__module__ == f"site_builder.widgets.{name}", name
    assert next(iter(KINDS)) == "lab"


def test_a_misspelt_keyword_in_lesson_text_is_refused_at_its_line(mini_course, tmp_path):
    lesson = mini_course / ADDING
    lesson.write_text(lesson.read_text() + '\n{{ heatmap("emma", hed=2) }}\n')
    line = len(lesson.read_text().splitlines())
    with pytest.raises(CourseInvalid) as refused:
        build(mini_course, tmp_path / "dist")
    assert [str(problem) for problem in refused.value.problems] == [
        f"{ADDING}:{line}: a widget failed: heatmap(): got an unexpected keyword argument 'hed' (did you mean 'head'?)"
    ]


def test_pages_load_only_the_scripts_of_the_widgets_they_hold(mini_course, tmp_path):
    build(mini_course, tmp_path / "dist")
    with_lab = (tmp_path / "dist/01-basics/adding/index.html").read_text()
    without = (tmp_path / "dist/01-basics/averages/index.html").read_text()
    assert with_lab.count('src="../../static/js/lab.js"') == 1
    assert 'rel="modulepreload" href="../../static/js/editor.js"' in with_lab
    assert "lab.js" not in without and "heatmap.js" not in without and "film.js" not in without


def test_a_lab_page_asks_for_pythons_starter_and_its_imports_before_anything_else(mini_course, tmp_path):
    build(mini_course, tmp_path / "dist")
    page = (tmp_path / "dist/01-basics/adding/index.html").read_text()
    head = page[: page.index("</head>")]
    loads = re.findall(r'<(?:script[^>]* src|link[^>]* href)="\.\./\.\./static/(?:js|css)/([^"]+)"', head)
    # What the bundled starter imports, read from the file the site serves.
    starter_imports = imported_by(tmp_path / "dist/static/js/python-start.js")
    assert starter_imports, "the starter shares the page's Python client with lab.js: it imports it from a chunk"
    assert loads[: 1 + len(starter_imports)] == ["python-start.js", *starter_imports], loads
    assert head.index("Content-Security-Policy") < head.index("python-start.js"), "the policy must come before the first script"
    assert all(loads.count(name) == 1 for name in loads), loads
    assert "editor.js" in loads[1 + len(starter_imports):]
    without = (tmp_path / "dist/01-basics/averages/index.html").read_text()
    assert "python-start.js" not in without and "editor.js" not in without


def test_an_author_can_keep_the_solution_out_of_the_site(mini_course, tmp_path):
    lab_toml = mini_course / "labs/01-basics/add/lab.toml"
    lab_toml.write_text(lab_toml.read_text() + "show_solution = false\n")
    build(mini_course, tmp_path / "dist")
    page = (tmp_path / "dist/01-basics/adding/index.html").read_text()
    assert not (tmp_path / "dist/labs/01-basics/add/solution.py").exists()
    assert "Show solution" not in page
    assert '"solutionUrl": null' in page
    assert "Show solution" in (PROJECT / "site_builder/templates/widgets/lab.html").read_text()  # the default keeps it


def test_show_solution_must_be_true_or_false(mini_course, tmp_path):
    lab_toml = mini_course / "labs/01-basics/add/lab.toml"
    lab_toml.write_text(lab_toml.read_text() + 'show_solution = "no"\n')
    line = len(lab_toml.read_text().splitlines())
    with pytest.raises(CourseInvalid) as refused:
        build(mini_course, tmp_path / "dist")
    assert [str(problem) for problem in refused.value.problems] == [f"labs/01-basics/add/lab.toml:{line}: 'show_solution' should be true or false, not 'no'"]


def test_a_site_hook_adds_files_that_the_offline_copy_then_lists(mini_course, tmp_path, monkeypatch):
    class PageCount(SiteHook):
        def files(self, course, pages):
            return {"page-count.txt": f"{len(pages)} pages"}

    monkeypatch.setattr(build_module, "HOOKS", (PageCount(), OfflineCopy()))
    build(mini_course, tmp_path / "dist")
    pages = len(list((tmp_path / "dist").rglob("*.html")))
    assert (tmp_path / "dist/page-count.txt").read_text() == f"{pages} pages"
    assert '"page-count.txt"' in (tmp_path / "dist/sw.js").read_text()


def imported_by(script):
    """The files a bundled module imports statically, in order."""
    return re.findall(r'^(?:import|\}).*?"\./([^"]+)";$', script.read_text(), flags=re.MULTILINE)
