"""Rendered lessons and pages kept from one build to the next: in memory for `course serve`,
and as JSON on disk for the next `course build`.

A document's HTML is made from its own text and front matter, from the outline of the
course (every document's title, place and numbers, which links and the glossary read),
and from everything else the build reads: labs, films, providers and their data, the
builder's templates and code. The key of a kept document is a digest of exactly that, with
the documents' Markdown files left out of "everything else" and taken instead from the
loaded course (their parsed form). So saving one lesson re-renders that lesson only, and
changing anything shared (a film, a lab, a template, a provider) re-renders them all.

Only documents rendered without a problem are kept: a broken one is rendered, and
reported, every time.
"""

import dataclasses
import hashlib
import json

from site_builder.file_digests import FileDigests
from site_builder.paths import write_whole
from site_builder.up_to_date import CACHE_DIR, inputs_digest
from site_builder.widgets.kind import RenderedDocument

DOCUMENT_FOLDERS = ("lessons", "pages")
DOCUMENT_SUFFIX = ".md"


class DocumentCache:
    def __init__(self, cache_dir=CACHE_DIR):
        self.digests = FileDigests(cache_dir / "file-digests.json" if cache_dir else None)
        self.folder = cache_dir / "documents" if cache_dir else None
        self.kept = {}  # document id -> (key, RenderedDocument): the latest version only
        self.pages = {}  # site path -> (key, HTML): whole pages, in memory only
        self.site = None  # this build's digest of everything but the documents' own text
        self.document_keys = {}

    def keys(self, course, digests=None):
        """{document id: key} for this build's documents; {} when a shared input cannot be digested."""
        digests = digests or self.digests
        shared = inputs_digest(course.root.resolve(), digests, leave_out=is_document_source)
        digests.save()
        self.site, self.document_keys = None, {}
        if shared is None:
            return {}
        documents = list(course.documents())
        outline = hashlib.sha256("\n".join(repr(dataclasses.replace(document, body="")) for document in documents).encode()).hexdigest()
        self.site = hashlib.sha256(f"{shared}\0{outline}".encode()).hexdigest()
        self.document_keys = {document.id: hashlib.sha256(f"{self.site}\0{document!r}".encode()).hexdigest() for document in documents}
        return self.document_keys

    def page(self, dest, document_id, live_reload, render):
        """The HTML of the page at `dest` (showing the document `document_id`, or None), from `render()` unless kept.

        A page is made from its document, the outline (the course map, the pager) and the
        templates: with none of them changed since this build's keys(), it is the same page.
        """
        key = None
        if self.site and (document_id is None or document_id in self.document_keys):
            key = hashlib.sha256(f"{self.site}\0{live_reload}\0{dest}\0{self.document_keys.get(document_id, '')}".encode()).hexdigest()
            kept = self.pages.get(dest)
            if kept and kept[0] == key:
                return kept[1]
        html = render()
        if key:
            self.pages[dest] = (key, html)
        return html

    def get(self, document_id, key):
        if not key:
            return None
        kept = self.kept.get(document_id)
        if kept and kept[0] == key:
            return kept[1]
        rendered = self.read(document_id, key)
        if rendered is not None:
            self.kept[document_id] = (key, rendered)
        return rendered

    def put(self, document_id, key, rendered):
        if not key:
            return
        self.kept[document_id] = (key, rendered)
        text = json.dumps(dataclasses.asdict(rendered))
        if self.folder and from_json(text) == rendered:  # else JSON would give back something else: keep it in memory only
            file = self.file(document_id, key)
            try:
                write_whole(file, text)
                for earlier in self.folder.glob(f"{file.name.split('--')[0]}--*.json"):
                    if earlier != file:
                        earlier.unlink(missing_ok=True)  # one version of each document: saves must not fill the disk
            except OSError:
                pass  # only a cache

    def file(self, document_id, key):
        return self.folder / f"{document_id.replace('/', '__')}--{key}.json"

    def read(self, document_id, key):
        if not self.folder:
            return None
        try:
            return from_json(self.file(document_id, key).read_text(encoding="utf-8"))
        except (OSError, ValueError, TypeError):
            return None


def from_json(text):
    """A RenderedDocument from its JSON: JSON has lists only, and the tuples it holds come back as tuples."""
    fields = json.loads(text)
    return RenderedDocument(**{name: tuple(value) if isinstance(value, list) else value for name, value in fields.items()})


def is_document_source(folder, relative):
    """A lesson's or page's Markdown file: its content reaches the key through the loaded course."""
    return folder in DOCUMENT_FOLDERS and relative.endswith(DOCUMENT_SUFFIX)


PROCESS_DOCUMENTS = DocumentCache()
