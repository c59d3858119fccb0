"""Provider results kept on disk, so a warm build reads them back instead of recounting the names.

A result is kept under .cache/numbers/<function>/ by a digest of everything it is computed
from: the names file, the checkpoint when asked, and the source of course/numbers/ itself
(so editing a provider recomputes; a slow one can name the few files it depends on). Results must be plain JSON (what every provider
returns anyway).

The slowest results are also recorded with the course, as the checkpoint is: `course record`
(which `course train` runs too) writes them to course/records/<function>.json, and a build
with nothing in .cache/ reads them there rather than spend seconds of both cores on them. A
record is read only when it was made from the same inputs (the digest above, with microgpt's
own source), and only once its provider's `check` has computed a part of it again and found
the same numbers; otherwise the build computes the result as if there were no record.
"""

import contextlib
import functools
import hashlib
import json
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

from site_builder.names_data import names_path
from site_builder.paths import write_whole

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "numbers"
CHECKPOINT = ROOT / "course" / "checkpoint.json"
MICROGPT = ROOT / "course" / "microgpt"
RECORDS = ROOT / "course" / "records"
RECORD_FORMAT = "course-numbers-record"
# function name -> (compute, its inputs' digest): the results `course record` writes.
RECORDED = {}


@functools.cache
def file_digest(path, modified, size):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def digest_of(path):
    stat = Path(path).stat()
    return file_digest(str(path), stat.st_mtime_ns, stat.st_size)


def inputs_digest(with_checkpoint, sources, with_microgpt=False):
    parts = [digest_of(names_path(ROOT))]
    folder = Path(__file__).parent
    parts += [digest_of(path) for path in (sorted(folder.glob("*.py")) if sources is None else [folder / name for name in sources])]
    if with_checkpoint:
        parts.append(digest_of(CHECKPOINT))
    if with_microgpt:
        parts += [digest_of(path) for path in sorted(MICROGPT.glob("*.py"))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def on_disk(with_checkpoint=False, sources=None, check=None):
    """Decorate a provider (no arguments, a JSON result) to keep its result on disk.

    `sources`: the files of course/numbers/ it is computed from (default: all of them).
    `check(result)`: also record the result with the course (course/records/); `check`
    computes a part of a recorded result again and raises ValueError if it differs.
    """

    def decorate(compute):
        def key():
            return inputs_digest(with_checkpoint, sources, with_microgpt=check is not None)

        @functools.wraps(compute)
        def cached():
            digest = key()
            file = CACHE / compute.__name__ / f"{digest}.json"
            if file.is_file():
                return json.loads(file.read_text(encoding="utf-8"))
            file.parent.mkdir(parents=True, exist_ok=True)
            with computing(file):
                if file.is_file():  # another of the build's processes made it meanwhile
                    return json.loads(file.read_text(encoding="utf-8"))
                result = recorded(compute.__name__, digest, check) if check else None
                if result is None:
                    result = compute()
                write_json(file, result)
            return result

        if check:
            RECORDED[compute.__name__] = (compute, key)
        return cached

    return decorate


def record_path(name):
    return RECORDS / f"{name}.json"


def recorded(name, digest, check):
    """The result course/records/ holds for `name`, if it was made from these inputs and `check` finds it right; else None."""
    try:
        record = json.loads(record_path(name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT or record.get("key") != digest:
        return None
    try:
        check(record["result"])
    except (ValueError, LookupError, TypeError):
        return None
    return record["result"]


def write_records():
    """Compute every recorded result afresh and write it to course/records/; return the files written."""
    RECORDS.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (compute, key) in sorted(RECORDED.items()):
        record = {"format": RECORD_FORMAT, "function": name, "key": key(), "result": compute()}
        write_json(record_path(name), record)
        written.append(record_path(name))
    return written


def write_json(file, data):
    write_whole(file, json.dumps(data) + "\n")  # never a half-written file, even if two builds race


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
