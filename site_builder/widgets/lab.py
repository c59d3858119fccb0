"""The lab: an editor, Run and Check, hints and (if the author allows) the solution.

A lesson names its labs in its front matter (`labs = ["attend"]`); they are drawn below
its text. static/js/lab.js turns the markup into a working editor, with Python started
in a worker as soon as the page opens.
"""

import posixpath

from markupsafe import Markup

from site_builder.links import lines_containing
from site_builder.markdown_render import markdown_html, short_markdown_error
from site_builder.widgets.kind import WidgetKind


class LabKind(WidgetKind):
    name = "lab"
    placed = "bottom"
    template = "lab.html"
    # Python starts first thing, so it is usually ready before the reader reaches the lab.
    starters = ("python-start.js",)
    scripts = ("lab.js",)

    def declared(self, document, context):
        if document not in context.course.lessons():
            return []  # pages outside the modules have no labs
        return [lab for lab in context.course.labs.for_lesson(document) if not any(maths_errors(lab))]

    def prepare(self, lab, context, document):
        return {"lab": PageLab(lab, names_view_labs(lab, context.course))}

    def files(self, lab):
        """The solution, fetched by Show solution; an author may keep it out of the site."""
        return {solution_path(lab): lab.solution} if lab.show_solution else {}

    def check_course(self, course, problems):
        """Maths in a description or hint that cannot become MathML, at its file and line."""
        for lab in course.labs:
            for path, error in maths_errors(lab):
                problems.add(path, str(error), next(iter(lines_containing(path, error.latex)), None) if error.latex else None)
            config = lab.src_dir / "lab.toml"
            for slug in lab.names_view:
                if course.labs.get(f"{lab.module_dir}/{slug}") is None:
                    line = next(iter(lines_containing(config, "names_view")), None)
                    problems.add(config, f"names_view names {slug!r}, which is no lab of {lab.module_dir}: list the labs whose functions the sampler also runs", line)


KIND = LabKind()


def maths_errors(lab):
    """(file, MathError) for each of the lab's short texts whose maths cannot be drawn."""
    texts = [(lab.src_dir / "lab.toml", lab.description)] + [(lab.src_dir / "hints.md", hint) for hint in lab.hints]
    for path, text in texts:
        error = short_markdown_error(text)
        if error:
            yield path, error


def names_view_labs(lab, course):
    """The labs whose drafts run before this lab's code when it samples names: [{"id", "title"}], in order."""
    found = [course.labs.get(f"{lab.module_dir}/{slug}") for slug in lab.names_view]
    return [{"id": other.id, "title": other.title, "functions": list(other.functions)} for other in found if other is not None]


def solution_path(lab):
    return posixpath.join("labs", lab.id, "solution.py")


class PageLab:
    """A lab as its template sees it."""

    def __init__(self, lab, names_view=()):
        self.id = lab.id
        self.title = lab.title
        self.description_html = Markup(markdown_html(lab.description))
        self.starter = lab.starter
        self.hints_html = [Markup(markdown_html(hint)) for hint in lab.hints]
        self.solution_url = solution_path(lab) if lab.show_solution else None
        self.function_names = list(lab.functions)
        self.time_limit = lab.time_limit
        self.model_hook = lab.model_hook
        self.names_view = list(names_view)
        self.samples_names = bool(lab.names_view)
