"""Provider results kept from one build to the next, by a digest of everything a provider can read.

A provider is plain code over the course's own files, so its result changes only when one
of them does: the providers themselves and the rest of course/ (the checkpoint, the
course's microgpt), the labs (a provider may read a lab's checks.py), the builder and
labkit (which providers import), and the names data. All of them go into one digest;
change any file and every provider runs again. That is coarse on purpose: a provider
that reads one more file needs no list kept up to date. A provider that reads anything
outside these (a lesson, the network, the clock) must not be cached: add it to INPUTS.

Kept as JSON text, in memory (for `course serve`) and on disk (for the next process), so
each build gets its own copy to read and nothing a page does can change the next build's.
A result that JSON would change (a tuple, say) is not kept at all.
"""

import hashlib
import json
import sys
from pathlib import Path

from site_builder.file_digests import FileDigests
from site_builder.paths import write_whole
from site_builder.up_to_date import CACHE_DIR, PROJECT_ROOT, names_file

# Relative to the course root, then to the builder's own folder.
COURSE_INPUTS = ("course", "labs")
BUILDER_INPUTS = ("course/microgpt", "site_builder", "labkit")


class ProviderCache:
    def __init__(self, cache_dir=CACHE_DIR):
        self.folder = Path(cache_dir) / "providers" if cache_dir else None
        self.digests = FileDigests(Path(cache_dir) / "file-digests.json" if cache_dir else None)
        self.texts = {}  # target -> JSON text, for the inputs digest `self.latest` only
        self.latest = None

    def inputs(self, root, digests=None):
        """The digest of every file a provider under `root` may read; None when the names data is not to hand.

        `digests`: the build's FileDigests, whose folder lists serve every digest it takes.
        """
        digests = digests or self.digests
        names = names_file(Path(root).resolve())
        if names is None:
            return None  # the build will fetch it (or say it cannot): compute this time
        hasher = hashlib.sha256(f"{sys.version}\0{names}\0{digests.of(names)}\n".encode())  # floats may differ between Pythons
        for base, folders in ((Path(root).resolve(), COURSE_INPUTS), (PROJECT_ROOT, BUILDER_INPUTS)):
            for folder in folders:
                hasher.update(f"{base / folder}\0".encode())
                digests.of_tree(base / folder, hasher)
        digests.save()
        return hasher.hexdigest()[:32]

    def get(self, inputs, target):
        """A fresh copy of the result kept for `target` under `inputs`, or None."""
        text = self.text(inputs, target)
        return None if text is None else json.loads(text)

    def text(self, inputs, target):
        """The JSON text of the result kept for `target` under `inputs`, or None."""
        if inputs is None:
            return None
        self.follow(inputs)
        text = self.texts.get(target)
        if text is None and self.folder:
            try:
                text = (self.folder / inputs / f"{target.replace(':', '.')}.json").read_text(encoding="utf-8")
            except OSError:
                return None
            self.texts[target] = text
        return text

    def has(self, inputs, target):
        """Whether a result is kept for `target` under `inputs` (without reading it)."""
        if inputs is None:
            return False
        self.follow(inputs)
        return target in self.texts or bool(self.folder and (self.folder / inputs / f"{target.replace(':', '.')}.json").is_file())

    def put(self, inputs, target, result):
        if inputs is None:
            return
        text = json.dumps(result)
        if json.loads(text) != result:
            return  # JSON would hand back something else (a tuple as a list): keep nothing
        self.follow(inputs)
        self.texts[target] = text
        if self.folder:
            file = self.folder / inputs / f"{target.replace(':', '.')}.json"
            try:
                write_whole(file, text)
            except OSError:
                pass  # only a cache

    def follow(self, inputs):
        """Hold results for the latest inputs only: `course serve` must not keep every version."""
        if inputs != self.latest:
            self.texts, self.latest = {}, inputs


PROCESS_PROVIDER_CACHE = ProviderCache()
