"""Render every page of the site with Jinja2 templates: {output path: HTML}."""

import functools
import json
import posixpath
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup

from site_builder.errors import BuildError, Problems
from site_builder.links import lines_containing
from site_builder.markdown_render import render_markdown
from site_builder.mathml import MathError
from site_builder.memo import TemplateCodeCache

TEMPLATES = Path(__file__).parent / "templates"


@dataclass(frozen=True)
class Link:
    title: str
    url: str
    summary: str = ""


@functools.cache
def environment():
    """One environment per process: it recompiles a template only when its file changes."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        bytecode_cache=TemplateCodeCache("page-templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["json.dumps_function"] = page_json  # every `| tojson`: films, heatmaps, lab configs
    return env


def page_json(value, **options):
    """JSON for a page's data. Python would write NaN or Infinity, which the browser's
    JSON.parse rejects, so the build stops instead of publishing a page that cannot start."""
    try:
        return json.dumps(value, allow_nan=False, **options)
    except ValueError as error:
        raise BuildError(f"a page's data cannot be written as JSON ({error}); every number a page carries must be finite") from None


def root_for(dest_path):
    """The relative prefix from a page back to the site root ("" or "../../")."""
    depth = len(Path(dest_path).parent.parts)
    return "../" * depth


def render_site(course, lesson_html, films=None, live_reload=False):
    """All pages. `lesson_html` maps a lesson's or page's id to its rendered body."""
    check_short_markdown(course)
    env = environment()
    common = {"site_title": course.title, "live_reload": live_reload}
    pages = {}

    def render(template, dest, page_title, root=None, **context):
        root = root_for(dest) if root is None else root
        try:
            pages[dest] = env.get_template(template).render(root=root, page_title=page_title, **common, **context)
        except BuildError as error:
            raise BuildError(f"{dest}: {error.message}") from None

    overview = OverviewCourse(course)
    extra_links = [Link(page.title, page.url, page.summary) for page in course.pages]
    render("overview.html", "index.html", course.title, course=overview, extra_links=extra_links)
    for page in course.pages:
        render("page.html", page.dest_path.as_posix(), page.title, page=page, html=Markup(lesson_html[page.id]))
    modules = overview.modules
    for index, module in enumerate(modules):
        render(
            "module.html",
            f"{module.url}index.html",
            f"Module {module.number}: {module.title}",
            module=module,
            prev_module=modules[index - 1] if index > 0 else None,
            next_module=modules[index + 1] if index + 1 < len(modules) else None,
        )
    lessons = [lesson for module in modules for lesson in module.lessons]
    films = films or {}
    for index, lesson in enumerate(lessons):
        lesson.html = Markup(lesson_html[lesson.id])
        lesson.film = films[lesson.id].data if lesson.id in films else None
        prev_lesson = lessons[index - 1] if index > 0 else None
        next_lesson = lessons[index + 1] if index + 1 < len(lessons) else None
        render(
            "lesson.html",
            lesson.dest_path,
            lesson.title,
            lesson=lesson,
            prev=Link(prev_lesson.title, prev_lesson.url) if prev_lesson else None,
            next=Link(next_lesson.title, next_lesson.url) if next_lesson else None,
        )
    # Hosts serve 404.html at whatever address was missing, so only absolute links work there.
    render("404.html", "404.html", "Page not found", root=course.site_path)
    return pages


@functools.lru_cache(maxsize=1024)
def markdown_html(text):
    """Short Markdown (hints, descriptions): the same text always gives the same HTML."""
    return render_markdown(text)


def check_short_markdown(course):
    """Stop at the file and line of any maths in the short Markdown that cannot become MathML."""
    problems = Problems(course.root)
    texts = [(course.root / "course" / "course.toml", course.summary)]
    for lab in course.labs:
        texts += [(lab.src_dir / "lab.toml", lab.description)] + [(lab.src_dir / "hints.md", hint) for hint in lab.hints]
    for path, text in texts:
        try:
            markdown_html(text)
        except MathError as error:
            problems.add(path, str(error), next(iter(lines_containing(path, error.latex)), None))
    problems.raise_if_any()


class PageLab:
    """A lab as the templates see it."""

    def __init__(self, lab):
        self.id = lab.id
        self.title = lab.title
        self.description_html = Markup(markdown_html(lab.description))
        self.starter = lab.starter
        self.hints_html = [Markup(markdown_html(hint)) for hint in lab.hints]
        self.solution_url = f"labs/{lab.id}/solution.py"
        self.function_names = list(lab.functions)
        self.time_limit = lab.time_limit
        self.model_hook = lab.model_hook


class PageLesson:
    def __init__(self, lesson, module, labs):
        self.id = lesson.id
        self.title = lesson.title
        self.summary = lesson.summary
        self.url = lesson.url
        self.dest_path = lesson.dest_path.as_posix()
        self.module = module
        self.labs = [PageLab(lab) for lab in labs]
        self.html = Markup("")
        self.film = None
        self.heatmap = None


class PageModule:
    def __init__(self, module, course):
        self.number = module.number
        self.slug = module.slug
        self.title = module.title
        self.summary = module.summary
        self.url = module.url
        self.lessons = [PageLesson(lesson, self, course.labs.for_lesson(lesson)) for lesson in module.lessons]
        self.pages = [Link(page.title, page.url, page.summary) for page in map(course.page, module.page_slugs)]


class OverviewCourse:
    def __init__(self, course):
        self.title = course.title
        self.summary = Markup(markdown_html(course.summary))
        self.modules = [PageModule(module, course) for module in course.modules]


def solution_files(course):
    """{output path: solution source} for Show solution."""
    return {posixpath.join("labs", lab.id, "solution.py"): lab.solution for lab in course.labs}
