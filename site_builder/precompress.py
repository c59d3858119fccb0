"""Compressed copies of the site's larger files, written beside them (`x.wasm.br`, `x.wasm.gz`).

A host that serves such copies to browsers that accept them (nginx's `gzip_static` and
`brotli_static`, `course serve`) sends the 9.6 MB Python runtime as 3.2 MB. Each copy is
cached by the sha256 of what it compresses, so a rebuild compresses only what changed. The
offline copy lists the plain files only: the browser asks for those, and the server chooses
the encoding.

The runtime's own copies (most of the bytes, and most of a cold build's compressing) are kept
beside the packages npm installed, as its compiled standard library is (compiled_stdlib.py):
they are copies of what was installed, made once per install (`make` makes them after `npm
ci`, which removes them with the runtime they were made from), not of what the course is.

    python -m site_builder.precompress     # make the installed runtime's copies now, if not made yet
"""

import gzip
import os
import shutil
from pathlib import Path

import brotli

from site_builder.assets import PROJECT_ROOT, Assets
from site_builder.file_digests import IN_PROCESS
from site_builder.workers import Workers

CACHE = PROJECT_ROOT / ".cache" / "build" / "compressed"
INSTALLED_CACHE = PROJECT_ROOT / "node_modules" / ".compressed"  # the installed runtime's copies
# Text and code compress well, and so does the checker's wheel (stored, not deflated:
# site_builder/bundle.py); images, fonts and Pagefind's fragments are compressed already.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".zip", ".whl", ".txt", ".xml", ".webmanifest"})
SMALLEST = 1024  # bytes: below this, the headers cost more than the saving
WORTH_IT = 0.9  # a copy is kept only when it is at most this share of the file
# Measured on the 9.6 MB runtime (one core): Brotli's quality 6 makes it 3.15 MB in 0.22 s, its 7
# only 24 KB smaller in 0.55 s (9 and 11 take seconds); gzip's level 5 makes 3.58 MB in 0.24 s,
# its 6 only 36 KB smaller in 0.41 s. A cold build makes these copies on the same cores as
# everything else, so the last 1% is not worth twice the time.
ENCODINGS = {
    ".br": lambda data: brotli.compress(data, quality=6),
    ".gz": lambda data: gzip.compress(data, compresslevel=5, mtime=0),
}


def write_compressed(stage, cache=CACHE):
    """Write the compressed copies of every large enough file in `stage`, made on every core; return their count."""
    with Workers() as workers:
        return Compressing(workers, cache).write(stage)


class Compressing:
    """The compressed copies a build makes in its worker processes (site_builder/workers.py).

    `start()` sends the files whose copies are not cached yet to the workers, the largest first,
    as soon as they exist (the runtime's at the start of a build, the pages once they are
    written); `write()` waits for them and puts every copy beside its file. Without parallel
    workers, `write()` makes the copies itself (Brotli holds Python's lock while it works).
    The copies of files started as `installed` (the runtime's) are cached in `installed_cache`.
    """

    def __init__(self, workers=None, cache=CACHE, installed_cache=INSTALLED_CACHE):
        self.workers, self.cache, self.installed_cache = workers, Path(cache), Path(installed_cache)
        self.coming = {}  # cached copy -> the piece making it
        self.installed = set()  # the keys of the installed files started

    def start(self, files, installed=False):
        parallel = bool(self.workers and self.workers.parallel)
        wanted = []  # (size, file, copy, suffix) of each copy to make
        for path in files:
            key, size = file_key(path), path.stat().st_size
            if installed:
                self.installed.add(key)
            for suffix in ENCODINGS:
                copy = self.cached(key, suffix)
                if parallel and copy not in self.coming and not copy.is_file():
                    wanted.append((size, path, copy, suffix))
        # The longest first (none left alone at the end); the small ones together, as a piece
        # costs the workers a few milliseconds of its own, far more than a page's copy.
        for batch in batches(sorted(wanted, key=lambda each: -each[0])):
            piece = self.workers.submit(compressed_all, [each[1:] for each in batch], purpose="copy")
            for _, _, copy, _ in batch:
                self.coming[copy] = piece

    def cached(self, key, suffix):
        """Where the copy of the file whose key is `key` is kept."""
        return (self.installed_cache if key in self.installed else self.cache) / f"{key}{suffix}"

    def write(self, stage):
        """Write the copies of every large enough file in `stage`; return their count."""
        stage = Path(stage)
        files = [path for path in sorted(stage.rglob("*")) if worth_compressing(path)]
        self.start(files)
        for piece in self.coming.values():
            piece.result()  # a copy a worker failed to make fails the build here, as making it here would
        written = 0
        for path in files:
            size, key = path.stat().st_size, file_key(path)
            for suffix in ENCODINGS:
                copy = compressed(path, self.cached(key, suffix), suffix)
                if copy.stat().st_size <= WORTH_IT * size:
                    place(copy, path.with_name(path.name + suffix))
                    written += 1
        return written


def worth_compressing(path):
    return path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= SMALLEST


def file_key(path):
    return IN_PROCESS.of(path)  # every build asks the key of the same 13 MB runtime


def compressed(path, cached, suffix):
    """The cached compressed copy (by `suffix`'s encoding) of the file at `path`, made now if it is not there yet."""
    if not cached.is_file():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f".{cached.name}.{os.getpid()}")
        partial.write_bytes(ENCODINGS[suffix](Path(path).read_bytes()))
        partial.replace(cached)  # whole or not at all, with another build at work beside this one
    return cached


BATCH_BYTES = 256 * 1024  # a piece's copies are of this many bytes at most, or of one larger file


def batches(wanted):
    """`wanted` ((size, ...) in order) in runs of at most BATCH_BYTES, each larger one alone."""
    batch, size = [], 0
    for each in wanted:
        if batch and size + each[0] > BATCH_BYTES:
            yield batch
            batch, size = [], 0
        batch.append(each)
        size += each[0]
    if batch:
        yield batch


def compressed_all(wanted):
    """A worker's piece: the copies of several files, (file, cached copy, suffix) each."""
    return [compressed(path, cached, suffix) for path, cached, suffix in wanted]


def place(cached, target):
    target.unlink(missing_ok=True)  # a copy from an earlier run over the same folder
    try:
        os.link(cached, target)
    except OSError:  # another file system, or no hard links there
        shutil.copyfile(cached, target)


def compress_installed_runtime():
    """Make the compressed copies of the installed runtime's files that are not made yet."""
    compressing = Compressing()
    files = Assets().runtime_files()
    compressing.start(files, installed=True)
    for path in files:
        for suffix in ENCODINGS:
            compressed(path, compressing.cached(file_key(path), suffix), suffix)


if __name__ == "__main__":
    compress_installed_runtime()
