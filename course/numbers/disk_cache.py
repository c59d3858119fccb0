"""Provider results kept on disk, so a warm build reads them back instead of recounting the names.

A result is kept under .cache/numbers/<function>/ by a digest of everything it is computed
from: the names file, the checkpoint when asked, and the source of course/numbers/ itself
(so editing a provider recomputes; a slow one can name the few files it depends on). Results must be plain JSON (what every provider
returns anyway).
"""

import functools
import hashlib
import json
import os
from pathlib import Path

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
            result = compute()
            file.parent.mkdir(parents=True, exist_ok=True)
            temporary = file.with_suffix(f".{os.getpid()}.tmp")  # the build's workers may compute the same result at once
            temporary.write_text(json.dumps(result), encoding="utf-8")
            temporary.replace(file)  # never a half-written entry, even if two builds race
            return result

        return cached

    return decorate
