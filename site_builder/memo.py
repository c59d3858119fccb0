"""Results of pure build steps, kept by a digest of their inputs.

`course serve` rebuilds in the same process, so a rebuild after editing one lesson
re-renders that lesson and reuses everything else. Results that are plain JSON can
also be kept on disk (`persist=True`), so a fresh `course build` skips work whose
inputs have not changed since the last one.
"""

import hashlib
import json
from pathlib import Path

import jinja2

import labkit

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = PROJECT_ROOT / ".cache" / "build"
MISSING = object()  # what Memo.kept gives for inputs it has no result for (a result may be None)


class Memo:
    def __init__(self, disk=None):
        self.store = {}
        self.disk = Path(disk) if disk else None

    def get(self, namespace, inputs, compute, keep=lambda result: True, persist=False):
        """`compute()` once per distinct `inputs` (strings); results failing `keep` are not stored."""
        found = self.kept(namespace, inputs, persist)
        if found is not MISSING:
            return found
        result = compute()
        if keep(result):
            self.put(namespace, inputs, result, persist)
        return result

    def kept(self, namespace, inputs, persist=False):
        """The result stored for `inputs`, or MISSING."""
        key = (namespace, digest(inputs))
        if key in self.store:
            return self.store[key]
        file = self.file(key) if persist else None
        if file and file.is_file():
            self.store[key] = json.loads(file.read_text(encoding="utf-8"))
            return self.store[key]
        return MISSING

    def put(self, namespace, inputs, result, persist=False):
        key = (namespace, digest(inputs))
        file = self.file(key) if persist else None
        if file:
            file.parent.mkdir(parents=True, exist_ok=True)
            temporary = file.with_suffix(".tmp")
            temporary.write_text(json.dumps(result), encoding="utf-8")
            temporary.replace(file)  # never a half-written entry, even if two builds race
        self.store[key] = result

    def file(self, key):
        return self.disk / key[0] / f"{key[1]}.json" if self.disk else None


class TemplateCodeCache(jinja2.FileSystemBytecodeCache):
    """Jinja's compiled templates on disk; a cache folder deleted mid-run is made again."""

    def __init__(self, name):
        self.folder = CACHE_DIR / name
        super().__init__(str(self.folder))

    def dump_bytecode(self, bucket):
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError:
            pass  # only a cache: the next build compiles again


def digest(parts):
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(str(part).encode("utf-8") + b"\0")
    return hasher.hexdigest()


def labkit_source():
    """The checker's own source: a lab's verdicts depend on it as much as on the lab."""
    return "".join(path.read_text(encoding="utf-8") for path in sorted(Path(labkit.__file__).parent.glob("*.py")))


PROCESS_MEMO = Memo(disk=CACHE_DIR / "memo")
