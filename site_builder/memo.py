"""Results of pure build steps, kept by a digest of their inputs.

`course serve` rebuilds in the same process, so a rebuild after editing one lesson
re-renders that lesson and reuses everything else. Results that are plain JSON can
also be kept on disk (`persist=True`), so a fresh `course build` skips work whose
inputs have not changed since the last one.

On disk, each namespace is one log (`<namespace>.jsonl`), a line per result, and `save()`
appends the results made since the last save in one write. A file per result would cost
a new file for each of hundreds of results, and on these machines making a file costs
about half a millisecond of the kernel's time. Read back, a line that is not whole (a
build stopped while it wrote) is skipped, and a later line for the same digest wins. A log
grown past LONGEST_LOG lines is written again with the newest half of its results, those
this process used last.
"""

import hashlib
import json
import shutil
from pathlib import Path

import jinja2

import labkit
from site_builder.paths import write_whole

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = PROJECT_ROOT / ".cache" / "build"
MISSING = object()  # what Memo.kept gives for inputs it has no result for (a result may be None)
LONGEST_LOG = 8_000  # lines: the whole course has about 600 results in its largest namespace


class Memo:
    def __init__(self, disk=None):
        self.store = {}
        self.disk = Path(disk) if disk else None
        self.logs = {}  # namespace -> {digest: result}, as read from its log, in the order last used
        self.lines = {}  # namespace -> the lines its log holds
        self.unsaved = {}  # namespace -> {digest: result} made since the last save

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
        log = self.log(namespace) if persist else {}
        if key[1] in log:
            self.store[key] = log[key[1]] = log.pop(key[1])  # to the end: used last
            return self.store[key]
        return MISSING

    def put(self, namespace, inputs, result, persist=False):
        key = (namespace, digest(inputs))
        if persist and self.disk:
            self.log(namespace)[key[1]] = result
            self.unsaved.setdefault(namespace, {})[key[1]] = result
        self.store[key] = result

    def save(self):
        """Append what was made since the last save to its namespace's log (only a cache: a disk that refuses is let be)."""
        unsaved, self.unsaved = self.unsaved, {}
        for namespace, results in unsaved.items():
            try:
                if self.lines.get(namespace, 0) + len(results) > LONGEST_LOG:
                    self.write_again(namespace)
                    continue
                text = "".join(json.dumps([key, result]) + "\n" for key, result in results.items())
                self.disk.mkdir(parents=True, exist_ok=True)
                # One write, appended: two builds saving at once each add whole lines.
                with open(self.file(namespace), "a", encoding="utf-8") as log:
                    log.write(text)
                self.lines[namespace] = self.lines.get(namespace, 0) + len(results)
            except (OSError, TypeError, ValueError):
                pass

    def write_again(self, namespace):
        log = self.log(namespace)
        newest = list(log.items())[-LONGEST_LOG // 2:]
        write_whole(self.file(namespace), "".join(json.dumps([key, result]) + "\n" for key, result in newest))
        self.lines[namespace] = len(newest)

    def log(self, namespace):
        """{digest: result} for `namespace`, read from its log the first time it is asked for."""
        if namespace not in self.logs:
            self.logs[namespace], self.lines[namespace] = read_log(self.file(namespace)) if self.disk else ({}, 0)
            if self.disk:
                shutil.rmtree(self.disk / namespace, ignore_errors=True)  # a file per result, as earlier builds kept them
        return self.logs[namespace]

    def file(self, namespace):
        return self.disk / f"{namespace}.jsonl"


def read_log(file):
    """({digest: result}, the number of lines) of a memo's log; ({}, 0) when there is none."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return {}, 0
    results, lines = {}, 0
    for line in text.splitlines():
        lines += 1
        try:
            key, result = json.loads(line)
        except (ValueError, TypeError):
            continue  # a line cut short
        if isinstance(key, str):
            results.pop(key, None)
            results[key] = result
    return results, lines


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
