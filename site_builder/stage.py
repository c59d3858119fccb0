"""The folder a build writes the site into, before it replaces the old site.

On some file systems making a file or a folder costs ten times what rewriting one does
(half a millisecond each on our machines), and a site has some 400 of them: most of a
one-lesson rebuild. So `course serve` builds each site in the folder of the site before
last (its "spare", see build.py), and a Stage writes only what differs: a file that already
holds the bytes to write, or already is the file to link, is left as it is. Before the site
is checked, whatever this build did not write is removed, so the folder holds exactly what
a build into an empty one would.

A file of the stage may be a hard link to a cached or installed file (Pyodide's runtime,
the wheel): it is never written through, or the cache would change with it.
"""

import os
import shutil
from pathlib import Path


class Stage:
    def __init__(self, folder, recycled=False):
        """`recycled`: the folder holds an earlier site, to be brought up to date (else it is empty)."""
        self.folder = Path(folder)
        self.recycled = recycled
        self.written = set()  # paths (strings) this build wrote or found already right
        self.folders = set()  # folders known to exist

    def __truediv__(self, relative):
        return self.folder / relative

    def write_text(self, relative, text):
        self.write_bytes(relative, text.encode("utf-8"))

    def write_bytes(self, relative, data):
        path = self.place(relative)
        if self.recycled:
            try:
                stat = os.stat(path)
            except FileNotFoundError:
                stat = None
            if stat and stat.st_nlink == 1 and stat.st_size == len(data) and Path(path).read_bytes() == data:
                return
            if stat and stat.st_nlink > 1:
                os.unlink(path)  # a link to a cache's file: write a file of its own
        with open(path, "wb") as file:
            file.write(data)

    def link(self, relative, source):
        """Hard-link `source` at `relative` (copy it where links cannot be made)."""
        path = self.place(relative)
        if self.recycled and os.path.lexists(path):
            if os.path.samefile(path, source):
                return
            os.unlink(path)
        try:
            os.link(source, path)
        except OSError:
            shutil.copy2(source, path)

    def copy_tree(self, source, relative, skip=lambda name: False):
        """Copy the files under `source` to `relative`, with their times; leave out those `skip(name)` names."""
        source = os.fspath(source)
        for directory, subfolders, files in os.walk(source):
            subfolders[:] = sorted(name for name in subfolders if not skip(name))
            inside = os.path.relpath(directory, source)
            for name in sorted(files):
                if not skip(name):
                    self.copy(os.path.join(directory, name), os.path.normpath(os.path.join(relative, inside, name)))

    def copy(self, source, relative):
        path = self.place(relative)
        if self.recycled and os.path.lexists(path):
            have, want = os.stat(path), os.stat(source)
            if have.st_nlink == 1 and (have.st_size, have.st_mtime_ns) == (want.st_size, want.st_mtime_ns):
                return
            os.unlink(path)
        shutil.copy2(source, path)

    def site_paths(self):
        """The site path ("static/css/site.css") of every file written: once the rest is removed, all the stage holds."""
        start = len(str(self.folder)) + 1
        return {path[start:].replace(os.sep, "/") for path in self.written}

    def place(self, relative):
        """The full path of `relative`, counted as written, its folder made if need be."""
        path = os.path.join(self.folder, relative)
        self.written.add(path)
        parent = os.path.dirname(path)
        if parent not in self.folders:
            os.makedirs(parent, exist_ok=True)
            self.folders.add(parent)
        return path

    def remove_unwritten(self, keep=()):
        """Remove what an earlier site left that this build did not write: files, then emptied folders.

        `keep`: folders of the site left as they are, for whoever writes them next (a hook).
        """
        if not self.recycled:
            return
        for directory, _subfolders, files in os.walk(self.folder, topdown=False):
            if os.path.relpath(directory, self.folder).replace(os.sep, "/").split("/")[0] in keep:
                continue
            for name in files:
                path = os.path.join(directory, name)
                if path not in self.written:
                    os.unlink(path)
            if directory != str(self.folder) and not os.listdir(directory):
                os.rmdir(directory)
                self.folders.discard(directory)
