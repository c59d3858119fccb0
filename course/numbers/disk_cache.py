"""Provider results kept on disk, so a warm build reads them back instead of recounting the names.

A result is kept under .cache/numbers/<function>/ by a digest of everything it is computed
from: the names file, the checkpoint when asked, and the source of course/numbers/ itself
(so editing a provider recomputes; a slow one can name the few files it depends on). Results must be plain JSON (what every provider
returns anyway).
"""

import contextlib
import functools
import hashlib
import json
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

from site_builder.names_data import names_path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "numbers"
CHECKPOINT = ROOT / "course" / "checkpoint.json"


@functools.cache
def file_digest(path, modified, size):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def digest_of(path):
    stat = Path(path).stat()
    return file_digest(str(path), stat.st_mtime_ns, stat.st_size)


def inputs_digest(with_checkpoint, sources):
    parts = [digest_of(names_path(ROOT))]
    folder = Path(__file__).parent
    parts += [digest_of(path) for path in (sorted(folder.glob("*.py")) if sources is None else [folder / name for name in sources])]
    if with_checkpoint:
        parts.append(digest_of(CHECKPOINT))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def on_disk(with_checkpoint=False, sources=None):
    """Decorate a provider (no arguments, a JSON result) to keep its result on disk.

    `sources`: the files of course/numbers/ it is computed from (default: all of them).
    """

    def decorate(compute):
        @functools.wraps(compute)
        def cached():
            file = CACHE / compute.__name__ / f"{inputs_digest(with_checkpoint, sources)}.json"
            if file.is_file():
                return json.loads(file.read_text(encoding="utf-8"))
            file.parent.mkdir(parents=True, exist_ok=True)
            with computing(file):
                if file.is_file():  # another of the build's processes made it meanwhile
                    return json.loads(file.read_text(encoding="utf-8"))
                result = compute()
                temporary = file.with_suffix(f".{os.getpid()}.tmp")
                temporary.write_text(json.dumps(result), encoding="utf-8")
                temporary.replace(file)  # never a half-written entry, even if two builds race
            return result

        return cached

    return decorate


@contextlib.contextmanager
def computing(file):
    """Hold `file`'s lock while computing it: the build's worker processes ask for the same results at once,
    and the second one waits for the first instead of computing it again."""
    if fcntl is None:  # not on a POSIX system: both compute it
        yield
        return
    with open(file.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
