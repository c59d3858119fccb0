"""How the build grows with the course: the course cut after module k, for k = 1 to 10.

    .venv/bin/python bench/growth.py [K ...]   (default: every K from 1 to 10)

For each k, a copy of the course whose later modules have no lessons yet (as a course being
written has) is built three ways, each timed on the wall clock:

- cold: `course build` in a new process with no cache at all (.cache/build and .cache/numbers
  removed: this deletes the project's build caches, as `bench/run.py build` does), the npm
  packages and the Python environment installed;
- warm: `course build` again in a new process, nothing changed (the median of 3);
- rebuild: one lesson edited and built again in one process with live reload on, as `course
  serve` does (median of 5; the search index that follows in the background is waited for
  between edits, untimed).

Prints the lessons, labs, files and bytes of each site and the three times, each as wall and
CPU seconds (a cold build's CPU counts its worker processes). Asserts nothing.
"""

import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from site_builder.build import build  # noqa: E402
from site_builder.errors import CourseInvalid  # noqa: E402
from site_builder.hooks import HOOKS  # noqa: E402
from site_builder.loader import load_course  # noqa: E402

CACHES = (PROJECT / ".cache" / "build", PROJECT / ".cache" / "numbers")  # not .cache/names.txt: that would be fetched again
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
    # A course cut before Module 3 teaches no word yet: its glossary is an empty list.
    glossary.write_text("".join(taught) if len(taught) > 1 else "terms = []\n", encoding="utf-8")  # [0]: the file's opening comments
    # Links forward into the cut modules become plain words, as before those modules were written.
    forward = re.compile(r"\[([^\]]+)\]\(([^)]*?(\d\d)-[a-z0-9-]+/[^)]*)\)")
    for text_file in [*(root / "lessons").rglob("*.md"), *(root / "pages").rglob("*.md")]:
        text = text_file.read_text(encoding="utf-8")
        cut = forward.sub(lambda link: link.group(1) if int(link.group(3)) > last_module else link.group(0), text)
        if cut != text:
            text_file.write_text(cut, encoding="utf-8")


class DoesNotBuild(Exception):
    pass


def course_build(root, out):
    """(wall, CPU) seconds `course build` takes in a new process, as an author runs it; CPU counts its workers too."""
    command = [sys.executable, "-m", "site_builder.cli", "--root", str(root), "build", "--out", str(out)]
    before, started = children_cpu(), time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=PROJECT)
    seconds = time.perf_counter() - started, children_cpu() - before
    if done.returncode:
        raise DoesNotBuild(done.stderr.strip().splitlines()[0] if done.stderr.strip() else f"exit code {done.returncode}")
    return seconds


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def rebuild_seconds(root, lesson, times=5):
    """Median (wall, CPU) seconds of a rebuild after editing `lesson`, as `course serve` makes it."""
    served = root / "served"
    build(root, served, live_reload=True)
    walls, cpus = [], []
    for index in range(times + 1):  # the first makes the spare a rebuild builds in, as after a first save
        lesson.write_text(lesson.read_text(encoding="utf-8") + f"\nEdited {index} at {time.time_ns()}.\n", encoding="utf-8")
        started, cpu = time.perf_counter(), time.process_time()
        build(root, served, live_reload=True)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        for hook in HOOKS:
            hook.settle()
    return statistics.median(walls[1:]), statistics.median(cpus[1:])


def main():
    print("Each time: wall seconds, then CPU seconds (the machine's cores are shared: CPU shows the work when they are busy).")
    print(f"{'modules':>7} {'lessons':>7} {'labs':>5} {'files':>6} {'MiB':>6} {'cold':>15} {'warm':>13} {'rebuild':>13}")
    for last in [int(k) for k in sys.argv[1:]] or range(1, 11):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            for name in COPIED:
                shutil.copytree(PROJECT / name, root / name)
            cut_after(root, last)
            try:
                course = load_course(root)
                for cache in CACHES:
                    shutil.rmtree(cache, ignore_errors=True)
                cold = course_build(root, root / "dist")
                warm = sorted(course_build(root, root / "dist") for _ in range(3))[1]  # the median by wall time
                lesson = course.modules[last - 1].lessons[0].src_path
                again = rebuild_seconds(root, lesson)
            except (CourseInvalid, DoesNotBuild) as problems:
                print(f"{last:>7} the course cut here does not build: {str(problems).splitlines()[0]}")
                continue
            files = [path for path in (root / "dist").rglob("*") if path.is_file()]
            size = sum(path.stat().st_size for path in files) / 2**20
            lessons = len(course.lessons())
            times = " ".join(f"{wall:>6.2f}s {cpu:>5.2f}s" for wall, cpu in (cold, warm, again))
            print(f"{last:>7} {lessons:>7} {len(course.labs):>5} {len(files):>6} {size:>6.1f} {times}", flush=True)


if __name__ == "__main__":
    main()
