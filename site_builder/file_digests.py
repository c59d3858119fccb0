"""Digests of the files a build reads, hashed only when their size or time of change moves.

Hashing every source on every build costs more than the build it would let us skip, so a
file's SHA-256 is kept with its (size, mtime_ns, inode) and reused while those are the
same. That shortcut is unsafe for a file changed within the clock tick in which its
digest was taken (the kernel stamps times at a coarse tick, so a second write in the same
tick with the same size looks unchanged): like git's "racily clean" index entries, such a
file is hashed again until its time of change is safely older than the record.
"""

import hashlib
import json
import os
import time
from pathlib import Path

from site_builder.paths import write_whole

# More than any filesystem's timestamp granularity (FAT's is 2 s); within it, hash again.
RACY_SECONDS = 3
SKIPPED_PARTS = {"__pycache__", ".DS_Store"}


class FileDigests:
    """{path: sha256 hex} for files, reusing the digests kept in `record` (a JSON file)."""

    def __init__(self, record=None, one_build=False):
        """`one_build`: list each folder once and reuse the list (see relist()), for one build's several digests."""
        self.record = Path(record) if record else None
        self.known = self.read_record()
        self.used = set()  # the paths asked about, which save() keeps whether or not they exist
        self.changed = False
        self.one_build = one_build
        self.listed = {}  # folder -> files_under(folder), when one_build
        self.taken = {}  # path -> digest, when one_build: the build's several digests see its files as they were at its start

    def read_record(self):
        try:
            return json.loads(self.record.read_text(encoding="utf-8")) if self.record else {}
        except (OSError, ValueError):
            return {}  # only a cache: a missing or torn record means hashing again

    def of(self, path, stat=None):
        """The SHA-256 of the file at `path` (hex); raises OSError if it cannot be read.

        `stat`: the file's os.stat() result, when the caller has it already.
        """
        key = str(path)
        if key in self.taken:
            return self.taken[key]
        self.used.add(key)
        stat = stat or os.stat(key)
        signature = [stat.st_size, stat.st_mtime_ns, stat.st_ino]
        kept = self.known.get(key)
        if kept and kept[0] == signature and not racy(stat.st_mtime_ns, kept[1]):
            digest = kept[2]
        else:
            digest = hashlib.sha256(Path(key).read_bytes()).hexdigest()
            now = time.time_ns()
            self.known[key] = [signature, now, digest]
            # A file changed just now is hashed again next time whatever the record says: saving
            # it would cost a rewrite of the whole record (on every save while `course serve` runs).
            self.changed = self.changed or not racy(stat.st_mtime_ns, now)
        if self.one_build:
            self.taken[key] = digest
        return digest

    def of_tree(self, folder, hasher, skip=None):
        """Feed every file under `folder` (its relative path and digest, in a fixed order) into `hasher`.

        `skip(relative path)`, when given, names files to leave out.
        """
        for relative, path in self.files_under(folder):
            if skip and skip(relative):
                continue
            hasher.update(f"{relative}\0{self.of(path)}\n".encode())

    def files_under(self, folder):
        if not self.one_build:
            return files_under(folder)
        if str(folder) not in self.listed:
            self.listed[str(folder)] = files_under(folder)
        return self.listed[str(folder)]

    def relist(self):
        """Forget the folders' lists and the digests taken: files may have been added, removed or saved since."""
        self.listed = {}
        self.taken = {}

    def save(self):
        if not (self.record and self.changed):
            return
        # Files gone since (a test's course in a folder since deleted) leave the record, or it would grow
        # forever; looked for only once the record holds twice what is used, as each look costs a stat.
        if len(self.known) >= 2 * len(self.used):
            self.known = {key: kept for key, kept in self.known.items() if key in self.used or os.path.exists(key)}
        try:
            write_whole(self.record, json.dumps(self.known))
            self.changed = False
        except OSError:
            pass  # only a cache: the next build hashes again


# Digests kept in this process alone, for whoever asks about the same files build after build (a
# lab's files, the scripts a bundle is made of, the runtime to compress): one list of them, kept
# on no disk, each file hashed again only when its size or time of change moves.
IN_PROCESS = FileDigests()


def racy(modified_ns, recorded_ns):
    """True when the file changed too close to the moment its digest was taken to trust its stamps."""
    return modified_ns >= recorded_ns - RACY_SECONDS * 1_000_000_000


def files_under(folder):
    """(path relative to `folder` with "/", full path) of every file under it, sorted, leaving out compiled Python.

    What os.walk finds (a link to a folder is not followed; one to a file is a file), from plain
    strings: a warm build asks this of about a thousand files, and pathlib's objects would cost
    more than the rest of the answer. Each folder's entries are read again only once it changed.
    """
    found = []
    pending = [(os.fspath(folder), "")]
    while pending:
        directory, prefix = pending.pop()
        files, subfolders = listing(directory)
        found += [(prefix + name, os.path.join(directory, name)) for name in files if name not in SKIPPED_PARTS and not name.endswith(".pyc")]
        pending += [(os.path.join(directory, name), f"{prefix}{name}/") for name, is_link in subfolders if name not in SKIPPED_PARTS and not is_link]
    return sorted(found)


# A folder's entries, kept with its times of change: adding, removing or renaming an entry
# changes them (git's untracked cache reads folders the same way), so a folder that kept them
# holds what it held, and a build's walk asks each folder one stat instead of its listing.
# As with a file's digest, a folder changed within RACY_SECONDS of its reading is read again.
_LISTINGS = {}  # folder -> (its stat's signature, (file names), ((subfolder name, is a link), ...), when it was read)
MAX_LISTINGS = 20_000  # tests make thousands of folders: past this, start again rather than grow


def listing(directory):
    """((names of the files), ((name, is a link) of each subfolder)) in `directory`, as os.walk would
    sort its entries into files and folders; empty when it cannot be read."""
    try:
        stat = os.stat(directory)
    except OSError:
        return (), ()
    signature = (stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino, stat.st_dev)
    kept = _LISTINGS.get(directory)
    if kept is not None and kept[0] == signature and not racy(max(stat.st_mtime_ns, stat.st_ctime_ns), kept[3]):
        return kept[1], kept[2]
    read_at = time.time_ns()
    files, subfolders = [], []
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                try:
                    is_dir = entry.is_dir()  # a link to a folder is a folder here, as in os.walk
                except OSError:
                    is_dir = False
                if is_dir:
                    subfolders.append((entry.name, entry.is_symlink()))
                else:
                    files.append(entry.name)
    except OSError:
        return (), ()  # as os.walk: a folder it cannot read holds nothing
    if len(_LISTINGS) >= MAX_LISTINGS:
        _LISTINGS.clear()
    read = (tuple(files), tuple(subfolders))
    _LISTINGS[directory] = (signature, *read, read_at)
    return read
