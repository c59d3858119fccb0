"""Render every page of the site with Jinja2 templates: {output path: HTML}."""

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup

from site_builder.errors import BuildError, Problems
from site_builder.links import lines_containing
from site_builder.markdown_render import markdown_html, short_markdown_error
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


def render_site(course, documents, scripts, live_reload=False, kept=None):
    """All pages. `documents` maps a lesson's or page's id to its RenderedDocument; `scripts`
    is the bundle of the pages' scripts (a PageScripts), which says what each one imports.

    `kept` (a DocumentCache that rendered `documents`) gives back a page none of whose inputs changed.
    """
    check_short_markdown(course)
    env = environment()
    overview = OverviewCourse(course)
    # Every page shows the whole course; a page outside a module has no current one.
    common = {"site_title": course.title, "live_reload": live_reload, "nav": overview, "page_scripts": scripts}
    pages = {}

    def render(template, dest, page_title, root=None, current_module=None, current_lesson=None, **context):
        root = root_for(dest) if root is None else root
        here = {"current_module": current_module, "current_lesson": current_lesson}

        def made():
            return env.get_template(template).render(root=root, page_title=page_title, **common, **here, **context)

        shown = context.get("page") or context.get("lesson")  # the document the page shows, if any
        try:
            pages[dest] = kept.page(dest, shown.id if shown else None, live_reload, made) if kept else made()
        except BuildError as error:
            raise BuildError(f"{dest}: {error.message}") from None

    extra_links = [Link(page.title, page.url, page.summary) for page in course.pages]
    render("overview.html", "index.html", course.title, course=overview, extra_links=extra_links)
    for page in course.pages:
        render("page.html", page.dest_path.as_posix(), page.title, page=page, document=documents[page.id])
    modules = overview.modules
    written = [module for module in modules if module.lessons]  # a planned module has no page yet
    for index, module in enumerate(written):
        render(
            "module.html",
            f"{module.url}index.html",
            f"Module {module.number}: {module.title}",
            current_module=module,
            module=module,
            prev_module=written[index - 1] if index > 0 else None,
            next_module=written[index + 1] if index + 1 < len(written) else None,
        )
    lessons = [lesson for module in modules for lesson in module.lessons]
    for index, lesson in enumerate(lessons):
        prev_lesson = lessons[index - 1] if index > 0 else None
        next_lesson = lessons[index + 1] if index + 1 < len(lessons) else None
        render(
            "lesson.html",
            lesson.dest_path,
            lesson.title,
            current_module=lesson.module,
            current_lesson=lesson,
            lesson=lesson,
            document=documents[lesson.id],
            prev=Link(prev_lesson.title, prev_lesson.url) if prev_lesson else None,
            next=Link(next_lesson.title, next_lesson.url) if next_lesson else None,
        )
    # Hosts serve 404.html at whatever address was missing, so only absolute links work there.
    render("404.html", "404.html", "Page not found", root=course.site_path)
    return pages


def check_short_markdown(course):
    """Stop at the line of any maths in the course's summary that cannot become MathML (labs check their own)."""
    problems = Problems(course.root)
    path = course.root / "course" / "course.toml"
    error = short_markdown_error(course.summary)
    if error:
        problems.add(path, str(error), next(iter(lines_containing(path, error.latex)), None) if error.latex else None)
    problems.raise_if_any()


@dataclass(frozen=True)
class PageLabLink:
    """A lab as the course's navigation names it."""

    id: str
    title: str


class PageLesson:
    def __init__(self, lesson, module, labs):
        self.id = lesson.id
        self.title = lesson.title
        self.summary = lesson.summary
        self.url = lesson.url
        self.dest_path = lesson.dest_path.as_posix()
        self.module = module
        self.labs = [PageLabLink(lab.id, lab.title) for lab in labs]


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
        self.pages = [Link(page.title, page.url, page.summary) for page in course.pages]  # the glossary, explainers
