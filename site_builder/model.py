"""The course as typed objects: what the loader produces and every later stage reads."""

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class WrongAnswer:
    src_path: Path
    name: str
    code: str
    expect: str


@dataclass(frozen=True)
class Lab:
    module_dir: str  # "08-attention"
    slug: str
    src_dir: Path
    title: str
    description: str
    functions: tuple
    time_limit: float
    model_hook: str | None  # the block of the real model the learner's function can replace
    starter: str
    solution: str
    checks_source: str
    hints: tuple
    wrong_answers: tuple
    show_solution: bool = True  # publish solution.py behind Show solution
    worked_examples: tuple = ()  # WorkedExamples: the lesson's numbers some answers must equal
    # Labs of the same module (slugs) whose functions, with this lab's, sample names from the
    # real data once this lab is passed (Module 3's sampler): see labkit/realnames.py.
    names_view: tuple = ()

    @property
    def id(self):
        return f"{self.module_dir}/{self.slug}"


@dataclass(frozen=True)
class Lesson:
    module_dir: str
    slug: str
    src_path: Path
    title: str
    summary: str
    lab_slugs: tuple
    numbers: dict  # local name -> "module:function"
    body: str
    body_line: int  # the line of the file where the body starts

    @property
    def id(self):
        return f"{self.module_dir}/{self.slug}"

    @property
    def dest_path(self):
        return Path(self.module_dir) / self.slug / "index.html"

    @property
    def url(self):
        return f"{self.module_dir}/{self.slug}/"


@dataclass(frozen=True)
class Page:
    """A page outside the modules, such as an explainer, linked from the overview."""

    slug: str
    src_path: Path
    title: str
    summary: str
    numbers: dict
    body: str
    body_line: int

    @property
    def id(self):
        return self.slug

    @property
    def dest_path(self):
        return Path(self.slug) / "index.html"

    @property
    def url(self):
        return f"{self.slug}/"


@dataclass(frozen=True)
class Module:
    number: int
    slug: str
    title: str
    summary: str
    lessons: tuple
    page_slugs: tuple = ()  # pages shown under "See also" on the module's page

    @property
    def dir_name(self):
        return f"{self.number:02d}-{self.slug}"

    @property
    def url(self):
        return f"{self.dir_name}/"


@dataclass
class Labs:
    """Every lab of the course, by id."""

    by_id: dict = field(default_factory=dict)
    failed: set = field(default_factory=set)  # ids of lab folders that did not load (each said why)

    def __iter__(self):
        return iter(self.by_id.values())

    def __len__(self):
        return len(self.by_id)

    def get(self, lab_id):
        return self.by_id.get(lab_id)

    def for_lesson(self, lesson):
        return [self.by_id[f"{lesson.module_dir}/{slug}"] for slug in lesson.lab_slugs]


@dataclass(frozen=True)
class Course:
    root: Path
    title: str
    summary: str
    modules: tuple
    labs: Labs
    pages: tuple = ()
    site_path: str = "/"  # where the site is published: the 404 page, served at any address, links from it

    def uses_names(self):
        """Whether a lab samples from the real names in the browser, or the capstone trains on them
        (its numbers come from the capstone provider), so the wheel must carry them (compressed)."""
        capstone = any(target.startswith("capstone:") for lesson in self.lessons() for target in lesson.numbers.values())
        return capstone or any(lab.names_view for lab in self.labs)

    @property
    def checkpoint(self):
        """The trained model the build reads (it never trains); None for a course without one."""
        path = self.root / "course" / "checkpoint.json"
        return path if path.is_file() else None

    def lessons(self):
        """Every lesson in reading order, across modules."""
        return [lesson for module in self.modules for lesson in module.lessons]

    def documents(self):
        """Everything written in Markdown: lessons, then pages."""
        return self.lessons() + list(self.pages)

    def numbers_named(self):
        """The providers ("module:function") that documents and labs name, in reading order.

        Films name theirs inside a document's text: those are found while it renders.
        """
        named = [target for document in self.documents() for target in document.numbers.values()]
        named += [example.numbers for lab in self.labs for example in lab.worked_examples]
        return list(dict.fromkeys(named))

    def page(self, slug):
        return next(page for page in self.pages if page.slug == slug)
