"""What the browser tests open, read from a loaded course instead of typed by hand.

The real course's lists (every lesson, lab, film and page) grow as lessons are added;
the widgets fixture course (tests/fixtures/widgets) is where the player and widget tests
find their expected values: its scenes, hints, solution and wrong answers.
"""

import tomllib
from pathlib import Path

from site_builder.widgets.film import film_path
from site_builder.loader import load_course

PROJECT = Path(__file__).resolve().parent.parent
WIDGETS_ROOT = Path(__file__).parent / "fixtures" / "widgets"
NOT_FOUND = "no-such-page/"  # any address the site does not have shows its 404 page


def real_course():
    return load_course(PROJECT)


def widgets_course():
    return load_course(WIDGETS_ROOT)


def film_of(lesson):
    """The lesson's film as its author wrote it (references not yet resolved), or None."""
    path = film_path(lesson)
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def film_name(film):
    return f"Film: {film['title']}"


def lab_name(lab):
    return f"Lab: {lab.title}"


def showcase(course):
    """The first lesson with a film and a lab: the one the widget tests work in."""
    return next(lesson for lesson in course.lessons() if film_of(lesson) and course.labs.for_lesson(lesson))


def pages_beside_lessons(course):
    """Every address of the site that is not a lesson: overview, written modules, pages, the 404 page.

    A planned module (no lessons yet) has no page: the course map shows it as coming soon.
    """
    written = [module for module in course.modules if module.lessons]
    return ["", *(module.url for module in written), *(page.url for page in course.pages), NOT_FOUND]


def every_page(course):
    return [*pages_beside_lessons(course), *(lesson.url for lesson in course.lessons())]


def film_clock(seconds):
    """A time as the film player writes it: whole minutes and seconds, "0:59"."""
    whole = int(seconds + 1e-6)
    return f"{whole // 60}:{whole % 60:02d}"
