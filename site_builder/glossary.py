"""The course's glossary: `course/glossary.toml`, one `[[terms]]` table per word a lesson teaches.

Lessons link a word with `{{ term("softmax") }}` (widgets/term.py), the glossary page lists
every word with `{{ glossary() }}` (widgets/glossary.py) and a lesson's recap lists the
words it introduces with `{{ new_terms() }}` (widgets/new_terms.py). This module reads the
file once per version of it and holds the rules all three share.
"""

import difflib
import re
from dataclasses import dataclass

from site_builder import tomlfile
from site_builder.errors import Problems, WidgetError
from site_builder.markdown_render import short_markdown_error
from site_builder.paths import UnreadableSource, read_source
from site_builder.tomlfile import Field

GLOSSARY_FILE = "course/glossary.toml"
GLOSSARY_PAGE = "glossary"  # pages/glossary.md: every term link points there
TERM_FIELDS = [Field("name", str), Field("lesson", str), Field("definition", str)]


@dataclass(frozen=True)
class Term:
    name: str
    definition: str  # short Markdown
    lesson: object  # the model.Lesson that introduces it
    line: int

    @property
    def anchor(self):
        """The id of its entry on the glossary page: "term-kv-cache". The prefix keeps it
        clear of the ids Markdown gives the page's own headings."""
        return "term-" + "-".join(re.findall(r"[a-z0-9]+", self.name.lower()))

    @property
    def url(self):
        return f"{GLOSSARY_PAGE}/#{self.anchor}"


@dataclass(frozen=True)
class Glossary:
    terms: tuple  # Terms, alphabetical
    problems: tuple  # (line, message) in course/glossary.toml
    exists: bool  # False for a course without course/glossary.toml
    broken: frozenset = frozenset()  # names of entries left out for a problem of their own
    unreadable: bool = False  # the file could not be read at all

    def is_broken(self, name):
        """Whether a link to `name` has already been answered by a problem in the glossary file."""
        return self.unreadable or key_of(name) in self.broken

    def introduced_by(self, lesson):
        return [term for term in self.terms if term.lesson.id == lesson.id]

    def find(self, name):
        """The term called `name` (case and spacing aside); WidgetError with a close one if none is."""
        if not self.exists:
            raise WidgetError(f"term({name!r}): the course has no glossary: write {GLOSSARY_FILE} (see docs/authoring.md, \"Glossary\")")
        if not isinstance(name, str) or not name.strip():
            raise WidgetError(f"term(): the first argument is the term's name in quotes, not {name!r}")
        by_key = {key_of(term.name): term for term in self.terms}
        found = by_key.get(key_of(name))
        if found is None:
            guess = difflib.get_close_matches(key_of(name), sorted(by_key), n=1)
            hint = f" (did you mean {by_key[guess[0]].name!r}?)" if guess else f": add it to {GLOSSARY_FILE}"
            raise WidgetError(f"no glossary term {name!r}{hint}")
        return found

    def check_order(self, term, document, course):
        """A lesson may link a term only once the course has introduced it: in that lesson or later."""
        order = {lesson.id: index for index, lesson in enumerate(course.lessons())}
        if document.id not in order:
            return  # a page outside the modules may link any term
        if order[document.id] < order[term.lesson.id]:
            raise WidgetError(
                f"term {term.name!r} is linked before the course introduces it: lesson {term.lesson.id!r} does, "
                f"which comes later in course/course.toml; write the word without term() here, or change its lesson in {GLOSSARY_FILE}"
            )


def key_of(name):
    return " ".join(str(name).lower().split())


def glossary_of(course):
    """The course's glossary, read and checked once for each version of the file."""
    path = course.root / GLOSSARY_FILE
    if not path.is_file():
        return Glossary((), (), exists=False)
    problems = Problems(course.root)
    try:
        text = read_source(course.root, path)
    except UnreadableSource as error:
        return Glossary((), ((error.line, str(error)),), exists=True, unreadable=True)
    lessons = tuple(course.lessons())
    key = (str(path), text, tuple((lesson.id, lesson.title) for lesson in lessons))
    if _CACHE.get("key") != key:
        _CACHE.update(key=key, glossary=parse_glossary(text, lessons, problems, path))
    return _CACHE["glossary"]


_CACHE = {}  # the last glossary read: `course serve` rebuilds with the same file most of the time


def parse_glossary(text, lessons, problems, path):
    data = tomlfile.parse(text, path, problems)
    if data is None:
        return Glossary((), tuple((p.line, p.message) for p in problems.found), exists=True, unreadable=True)
    tomlfile.check_table(data, [Field("terms", list, item_kind=dict)], path, problems, text)
    entries = data.get("terms", [])
    entries = entries if isinstance(entries, list) else []
    terms, first_line, broken = [], {}, set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        header = tomlfile.table_line(text, "terms", index) or 0
        named = isinstance(entry.get("name"), str)
        where = f"term {entry['name']!r}" if named else f"term {index + 1}"
        if not tomlfile.check_table(entry, TERM_FIELDS, path, problems, text, where=where, after_line=header):
            broken.update([key_of(entry["name"])] if named else [])
            continue
        name_line = tomlfile.key_line(text, "name", after_line=header) or header
        name = " ".join(entry["name"].split())
        if key_of(name) in first_line:
            problems.add(path, f"term {name!r} is defined twice (first at line {first_line[key_of(name)]}): keep one entry", name_line)
            continue
        first_line[key_of(name)] = name_line
        lesson = find_lesson(entry["lesson"], lessons)
        if lesson is None:
            line = tomlfile.key_line(text, "lesson", after_line=header) or header
            problems.add(path, f"term {name!r}: there is no lesson {entry['lesson']!r} to introduce it{lesson_hint(entry['lesson'], lessons)}", line)
            broken.add(key_of(name))
            continue
        definition = entry["definition"].strip()
        error = short_markdown_error(definition)
        if error:
            line = tomlfile.key_line(text, "definition", after_line=header) or header
            problems.add(path, f"term {name!r}: definition: {error}", line)
            broken.add(key_of(name))
            continue
        terms.append(Term(name, definition, lesson, name_line))
    terms.sort(key=lambda term: key_of(term.name))
    found = tuple((p.line, p.message) for p in problems.found)
    return Glossary(tuple(terms), found, exists=True, broken=frozenset(broken))


def find_lesson(reference, lessons):
    """A lesson by its id ("08-attention/softmax") or by its name alone when only one module has it."""
    by_id = [lesson for lesson in lessons if lesson.id == reference]
    by_slug = [lesson for lesson in lessons if lesson.slug == reference]
    if by_id:
        return by_id[0]
    return by_slug[0] if len(by_slug) == 1 else None


def lesson_hint(reference, lessons):
    ids = [lesson.id for lesson in lessons]
    guess = difflib.get_close_matches(str(reference), ids + [lesson.slug for lesson in lessons], n=1)
    if guess:
        return f" (did you mean {guess[0]!r}?)"
    return ": name a lesson of course/course.toml by its id, such as '08-attention/scaled-dot-product'"


def check_glossary(course, problems):
    """Every problem of the glossary file, and a glossary page that shows the terms."""
    glossary = glossary_of(course)
    path = course.root / GLOSSARY_FILE
    for line, message in glossary.problems:
        problems.add(path, message, line)
    if not glossary.exists:
        return
    page = next((page for page in course.pages if page.slug == GLOSSARY_PAGE), None)
    if page is None:
        problems.add(path, f"the terms need their page: add {GLOSSARY_PAGE!r} to `pages` in course/course.toml and write pages/{GLOSSARY_PAGE}.md holding {{{{ glossary() }}}}")
    elif not re.search(r"\{\{-?\s*glossary\(\s*\)", page.body):
        problems.add(page.src_path, "the glossary page must list the terms: put {{ glossary() }} where the list goes")
