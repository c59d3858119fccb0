"""Results of pure build steps, kept by a digest of their inputs for the life of the process.

`course serve` rebuilds in the same process, so a rebuild after editing one lesson
re-renders that lesson and reuses everything else.
"""

import hashlib
from pathlib import Path

import labkit


class Memo:
    def __init__(self):
        self.store = {}

    def get(self, namespace, inputs, compute, keep=lambda result: True):
        """`compute()` once per distinct `inputs` (strings); results failing `keep` are not stored."""
        key = (namespace, digest(inputs))
        if key in self.store:
            return self.store[key]
        result = compute()
        if keep(result):
            self.store[key] = result
        return result


def digest(parts):
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(str(part).encode("utf-8") + b"\0")
    return hasher.hexdigest()


def labkit_source():
    """The checker's own source: a lab's verdicts depend on it as much as on the lab."""
    return "".join(path.read_text(encoding="utf-8") for path in sorted(Path(labkit.__file__).parent.glob("*.py")))


PROCESS_MEMO = Memo()
