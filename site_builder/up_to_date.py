"""Is the site in --out already what building now would write? Then a build has nothing to do.

A build records, beside its cache, a digest of every input it read (the course's files, the
builder's own code, templates and static files, labkit, the installed packages, the names
data, the options) and the size and time of change of every file it wrote. A later build
whose inputs digest the same, into a folder whose files are still exactly those, would
write the same site again: it stops there instead. Anything else (an input changed, a file
of the site touched, added or removed) builds as before.

This module uses only the standard library, so `course build` can ask before it imports
the builder, whose imports alone take longer than the answer.
"""

import hashlib
import json
import os
import sys
import sysconfig
import threading
from contextlib import contextmanager
from pathlib import Path

from site_builder.file_digests import FileDigests, files_under
from site_builder.paths import write_whole

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = PROJECT_ROOT / ".cache" / "build"
# What a course holds (under --root) and what the builder brings to every site.
COURSE_FOLDERS = ("course", "lessons", "labs", "pages")
BUILDER_FOLDERS = ("site_builder", "static", "labkit", "course/microgpt")
BUILDER_FILES = ("pyproject.toml", "package.json", "package-lock.json", "node_modules/.package-lock.json")
NAMES_ENV = "NAMES_TXT"  # site_builder.names_data reads the same variable
SITE_MARKER = ".course-build"  # the file build.py leaves in every site it writes


# A record taken while serving is taken in the background (see remember_later): these keep it
# true of the site it names. Swapping a site in holds the lock and counts the swap.
_SWAPS = threading.Lock()
_swap_counts = {}  # out_dir -> sites swapped into it by this process
_recording = []  # the threads taking records


@contextmanager
def swapping(out_dir):
    """Hold around replacing the site in `out_dir`: no record is taken of a site half swapped."""
    with _SWAPS:
        _swap_counts[str(out_dir)] = _swap_counts.get(str(out_dir), 0) + 1
        yield


def settle_records():
    """Wait for the records being taken in the background (tests and benchmarks)."""
    while _recording:
        _recording.pop().join()


class SiteRecord:
    """What the last good build into `out_dir` read and wrote, kept under `cache_dir` (None: kept nowhere)."""

    def __init__(self, root, out_dir, live_reload=False, cache_dir=CACHE_DIR):
        self.root, self.out_dir, self.live_reload = Path(root).resolve(), Path(out_dir).resolve(), live_reload
        self.kept = cache_dir is not None
        # The build digests its inputs several times (this record, providers, documents): one list of each folder serves all.
        self.digests = FileDigests(Path(cache_dir) / "file-digests.json" if self.kept else None, one_build=True)
        if self.kept:
            self.file = Path(cache_dir) / "sites" / f"{hashlib.sha256(str(self.out_dir).encode()).hexdigest()[:24]}.json"

    def inputs(self):
        """A digest of everything a build reads; None when one is missing (the build will say what) or nothing is kept."""
        if not self.kept:
            return None
        self.digests.relist()  # as the files are now: the build's later digests share what this one takes
        try:
            return inputs_digest(self.root, self.digests, [self.live_reload])
        finally:
            self.digests.save()

    def is_current(self, inputs):
        """True when the last good build into out_dir read exactly `inputs` and its files are untouched."""
        if inputs is None:
            return False
        try:
            kept = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return kept.get("inputs") == inputs and kept.get("files") == site_files(self.out_dir)

    def remember(self, inputs):
        """Record a good build made from `inputs`, as out_dir now holds it."""
        if inputs is None:
            return
        try:
            write_whole(self.file, json.dumps({"out": str(self.out_dir), "inputs": inputs, "files": site_files(self.out_dir)}))
            forget_missing_sites(self.file.parent)
        except OSError:
            pass  # only a cache: the next build builds

    def remember_later(self, inputs, after=lambda: None):
        """remember(inputs), in the background once `after()` returns (`course serve`: the site is served meanwhile).

        Walking the site costs as much as a tenth of a rebuild, and what finishes the site
        later (`after`: its search index) would make the record stale at once. The record is
        dropped if another site was swapped into out_dir first: it would describe that one.
        Until it is written, the next build is simply not skipped.
        """
        if inputs is None:
            return
        key = str(self.out_dir)
        swaps = _swap_counts.get(key, 0)

        def take():
            after()
            with _SWAPS:
                if _swap_counts.get(key, 0) == swaps:
                    self.remember(inputs)

        thread = threading.Thread(target=take, name="site record", daemon=True)
        _recording[:] = [*(earlier for earlier in _recording if earlier.is_alive()), thread]
        thread.start()


def forget_missing_sites(folder, keep=100):
    """Past `keep` records, drop those of sites since deleted (tests build hundreds, each into a folder of its own)."""
    records = list(folder.glob("*.json"))
    if len(records) <= keep:
        return
    for record in records:
        try:
            if not Path(json.loads(record.read_text(encoding="utf-8"))["out"]).is_dir():
                record.unlink()
        except (OSError, ValueError, KeyError):
            record.unlink(missing_ok=True)  # unreadable, or from before records named their site



def inputs_digest(root, digests, options=(), leave_out=None):
    """A digest of every file a build of the course at `root` reads, and of `options`.

    `leave_out(folder, relative path)` names files to leave out (a caller that digests them
    itself). None when a file is missing or unreadable, or the names data is not to hand.
    """
    hasher = hashlib.sha256(json.dumps([sys.version, sys.prefix, installed_packages(), *options]).encode())
    try:
        for base, folders in ((root, COURSE_FOLDERS), (PROJECT_ROOT, BUILDER_FOLDERS)):
            for folder in folders:
                hasher.update(f"{base / folder}\0".encode())
                skip = (lambda relative, folder=folder: leave_out(folder, relative)) if leave_out else None
                digests.of_tree(base / folder, hasher, skip)
        for name in BUILDER_FILES:
            hasher.update(f"{name}\0{digests.of(PROJECT_ROOT / name)}\n".encode())
        names = names_file(root)
        if names is None:
            return None
        hasher.update(f"{names}\0{digests.of(names)}\n".encode())
    except OSError:
        return None
    return hasher.hexdigest()


def site_files(out_dir):
    """{site path: [size, mtime_ns]} of every file in the site; {} when it holds no site."""
    if not (out_dir / SITE_MARKER).is_file():
        return {}
    found = {}
    for relative, path in files_under(out_dir):
        stat = os.stat(path)
        found[relative] = [stat.st_size, stat.st_mtime_ns]
    return found


def names_file(root):
    """The names data a build would read (see site_builder.names_data), or None when it would have to fetch it."""
    given = os.environ.get(NAMES_ENV)
    path = Path(given) if given else root / ".cache" / "names.txt"
    return path.resolve() if path.is_file() else None


def installed_packages():
    """The names (with versions) of the packages installed beside the builder: Jinja, Markdown, Pygments, ..."""
    packages = Path(sysconfig.get_paths()["purelib"])
    try:
        return sorted(name for name in os.listdir(packages) if name.endswith(".dist-info"))
    except OSError:
        return []
