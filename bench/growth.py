"""How the build grows with the course: the course cut after module k, for k = 3 to 10.

    .venv/bin/python bench/growth.py

For each k, a copy of the course whose later modules have no lessons yet (as a course being
written has) is built twice: into an empty folder with this process's caches cold for its
pages (the lab wheel and the runtime are cached on disk, as on an author's machine), and
again with nothing changed. Prints the lessons, labs, pages and bytes of each site, and both
times. Asserts nothing.
"""

import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from site_builder.build import build  # noqa: E402
from site_builder.errors import CourseInvalid  # noqa: E402
from site_builder.loader import load_course  # noqa: E402

COPIED = ("course", "lessons", "labs", "pages")


def cut_after(root, last_module):
    """Take out every module after `last_module`: its lessons and labs, and its list in course.toml."""
    toml = root / "course" / "course.toml"
    parts = re.split(r"(?m)^(?=\[\[modules\]\])", toml.read_text(encoding="utf-8"))
    kept = []
    for part in parts:
        number = re.search(r"(?m)^number = (\d+)", part)
        if number and int(number.group(1)) > last_module:
            part = re.sub(r"(?ms)^lessons = \[.*?\]\n", "lessons = []\n", part)
            slug = re.search(r'(?m)^slug = "([^"]+)"', part).group(1)
            for folder in ("lessons", "labs"):
                shutil.rmtree(root / folder / f"{int(number.group(1)):02d}-{slug}", ignore_errors=True)
        kept.append(part)
    toml.write_text("".join(kept), encoding="utf-8")
    # The glossary's words that only the cut modules teach.
    glossary = root / "course" / "glossary.toml"
    terms = re.split(r"(?m)^(?=\[\[terms\]\])", glossary.read_text(encoding="utf-8"))
    taught = [term for term in terms if not (found := re.search(r'(?m)^lesson = "(\d+)-', term)) or int(found.group(1)) <= last_module]
    glossary.write_text("".join(taught), encoding="utf-8")
    # Links forward into the cut modules become plain words, as before those modules were written.
    forward = re.compile(r"\[([^\]]+)\]\(([^)]*?(\d\d)-[a-z0-9-]+/[^)]*)\)")
    for text_file in [*(root / "lessons").rglob("*.md"), *(root / "pages").rglob("*.md")]:
        text = text_file.read_text(encoding="utf-8")
        cut = forward.sub(lambda link: link.group(1) if int(link.group(3)) > last_module else link.group(0), text)
        if cut != text:
            text_file.write_text(cut, encoding="utf-8")


def main():
    print(f"{'modules':>7} {'lessons':>7} {'labs':>5} {'files':>6} {'MiB':>6} {'build':>8} {'again':>8}")
    for last in range(3, 11):  # Module 3 teaches the glossary's first word
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            for name in COPIED:
                shutil.copytree(PROJECT / name, root / name)
            cut_after(root, last)
            try:
                course = load_course(root)
                started = time.perf_counter()
                build(root, root / "dist")
                first = time.perf_counter() - started
                started = time.perf_counter()
                build(root, root / "dist")
                again = time.perf_counter() - started
            except CourseInvalid as problems:
                print(f"{last:>7} the course cut here does not build: {str(problems).splitlines()[0]}")
                continue
            files = [path for path in (root / "dist").rglob("*") if path.is_file()]
            size = sum(path.stat().st_size for path in files) / 2**20
            lessons = len(course.lessons())
            print(f"{last:>7} {lessons:>7} {len(course.labs):>5} {len(files):>6} {size:>6.1f} {first:>7.2f}s {again:>7.2f}s")


if __name__ == "__main__":
    main()
