"""Find dead internal links and anchors in the rendered pages before anything is written."""

import functools
import posixpath
import re
from pathlib import Path
from collections import Counter
from html import unescape
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from site_builder.memo import PROCESS_MEMO

LINK_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src"}
# What a published page may point at outside the site. file: would reach into the reader's
# own disk, javascript: is blocked by the pages' security policy: neither can work.
OUTSIDE_SCHEMES = {"http", "https", "mailto", "data"}
SCANNER = Path(__file__).read_text(encoding="utf-8")  # a page's links kept on disk hold while this file is the same


# A page's markup, read as html.parser reads it for what the scan needs (tests/test_links.py
# holds the two alike on every page of the course): html.parser, token by token in Python,
# took most of a second of each cold build over the course's 2 MB of pages.
MARKUP = re.compile(
    r"""<!--.*?(?:-->|\Z)"""  # a comment: nothing in it is a tag
    r"""|<(?P<tag>[a-zA-Z][^\t\n\r\f />\x00]*)(?P<attributes>(?:[^>"']|"[^"]*"|'[^']*')*)>""",  # a start tag: a quoted value may hold ">"
    re.DOTALL,
)
ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")  # name, then = and a value, if any
# What is inside these is not markup, up to the element's end tag.
RAW_TEXT_ENDS = {name: re.compile(rf"</{name}\s*>", re.IGNORECASE) for name in ("script", "style")}


def scanned(html):
    """{"links": [(url, line)], "ids": [every id, sorted]} of a page."""
    links, ids, line, counted = [], set(), 1, 0
    at = 0
    while (found := MARKUP.search(html, at)) is not None:
        at = found.end()
        tag = found["tag"]
        if tag is None:
            continue
        tag = tag.lower()
        line += html.count("\n", counted, found.start())
        counted = found.start()
        attributes = dict(attributes_of(found["attributes"]))
        if attributes.get("id"):
            ids.add(attributes["id"])
        wanted = LINK_ATTRIBUTES.get(tag)
        if wanted and attributes.get(wanted):
            links.append((attributes[wanted], line))
        if tag in RAW_TEXT_ENDS:
            end = RAW_TEXT_ENDS[tag].search(html, at)
            at = end.end() if end else len(html)
    return {"links": links, "ids": sorted(ids)}


def attributes_of(text):
    """(name, value) of each attribute in a start tag's text after its name, as html.parser gives them."""
    for name, value in ATTRIBUTE.findall(text):
        if value[:1] in ("'", '"'):
            value = value[1:-1]
        yield name.lower(), unescape(value)


@functools.lru_cache(maxsize=512)
def scan(html):
    """Links and ids of a page; a rebuild rescans only the pages that changed, a new build only those changed since the last."""
    found = PROCESS_MEMO.get("page-links", [SCANNER, html], lambda: scanned(html), persist=True)
    return PageLinks([tuple(link) for link in found["links"]], set(found["ids"]))


class PageLinks(NamedTuple):
    links: list  # (url, line)
    ids: set


@functools.lru_cache(maxsize=8192)  # a rebuild asks again of every link of every page
def target_path(page, url, site_path="/"):
    """The output file a URL from `page` points at, or None for external links.

    A URL from the host's root ("/static/...") must start with `site_path`, the address
    the site is published under.
    """
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return None, None
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    if path.startswith("/"):
        if not path.startswith(site_path):
            return "..", parts.fragment
        resolved = path.removeprefix(site_path)
    else:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if resolved.startswith(".."):
        return "..", parts.fragment
    if path.endswith("/") or resolved in ("", "."):
        resolved = posixpath.join("" if resolved == "." else resolved, "index.html")
    return resolved, parts.fragment


def dead_links(pages, other_files, source_of, site_path="/"):
    """[(page, line, url, reason)] for every internal link that goes nowhere.

    `pages` maps output path -> HTML; `other_files` is the set of other output paths;
    `source_of(page)` names the file an author would fix.
    """
    scans = {page: scan(html) for page, html in pages.items()}
    found = []
    for page, parsed in scans.items():
        for url, line in parsed.links:
            scheme = urlsplit(url).scheme.lower()
            if scheme and scheme not in OUTSIDE_SCHEMES:
                found.append((source_of(page), line, url, f"a {scheme}: link cannot work on the published site: link to a web address or to a page of the course"))
                continue
            target, fragment = target_path(page, url, site_path)
            if target is None:
                continue
            if target == "..":
                found.append((source_of(page), line, url, "points outside the site"))
            elif target not in pages and target not in other_files:
                found.append((source_of(page), line, url, "no such page or file"))
            elif fragment and target in scans and fragment not in scans[target].ids:
                found.append((source_of(page), line, url, f"no element with id {fragment!r} on that page"))
    return found


def source_files(course):
    """{page: [the files its author wrote, in the order the page shows them]} for every lesson and page.

    A lesson page also shows the description (lab.toml) and hints (hints.md) of its labs.
    """
    sources = {}
    for document in course.pages:
        sources[document.dest_path.as_posix()] = [document.src_path]
    for lesson in course.lessons():
        labs = course.labs.for_lesson(lesson)
        sources[lesson.dest_path.as_posix()] = [lesson.src_path] + [lab.src_dir / name for lab in labs for name in ("lab.toml", "hints.md")]
    return sources


def lines_containing(path, text):
    """The numbers of the lines of `path` that contain `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [number for number, line in enumerate(lines, start=1) if text in line]


class WrittenAt:
    """Where in its sources each link of a page was written: the n-th time a page links
    `url` is the n-th place its sources (in page order) hold that text."""

    def __init__(self, sources):
        self.sources = sources
        self.seen = Counter()

    def __call__(self, page, url):
        """(path, line) for the next link to `url` on `page`; the page's first source and None when unknown."""
        places = [(path, line) for path in self.sources[page] for line in lines_containing(path, url)]
        nth = self.seen[page, url]
        self.seen[page, url] += 1
        if not places:
            return self.sources[page][0], None
        return places[min(nth, len(places) - 1)]
