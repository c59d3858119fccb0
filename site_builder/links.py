"""Find dead internal links and anchors in the rendered pages before anything is written."""

import functools
import posixpath
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

LINK_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src"}


class _PageScan(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []  # (url, line)
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        wanted = LINK_ATTRIBUTES.get(tag)
        if wanted and attributes.get(wanted):
            self.links.append((attributes[wanted], self.getpos()[0]))


@functools.lru_cache(maxsize=512)
def scan(html):
    """Links and ids of a page; a rebuild rescans only the pages that changed."""
    parser = _PageScan()
    parser.feed(html)
    return parser


def target_path(page, url):
    """The output file a relative URL from `page` points at, or None for external links."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return None, None
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    if path.startswith("/"):
        resolved = path.lstrip("/")
    else:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    if resolved.startswith(".."):
        return "..", parts.fragment
    if path.endswith("/") or resolved in ("", "."):
        resolved = posixpath.join("" if resolved == "." else resolved, "index.html")
    return resolved, parts.fragment


def dead_links(pages, other_files, source_of):
    """[(page, line, url, reason)] for every internal link that goes nowhere.

    `pages` maps output path -> HTML; `other_files` is the set of other output paths;
    `source_of(page)` names the file an author would fix.
    """
    scans = {page: scan(html) for page, html in pages.items()}
    found = []
    for page, parsed in scans.items():
        for url, line in parsed.links:
            target, fragment = target_path(page, url)
            if target is None:
                continue
            if target == "..":
                found.append((source_of(page), line, url, "points outside the site"))
            elif target not in pages and target not in other_files:
                found.append((source_of(page), line, url, "no such page or file"))
            elif fragment and target in scans and fragment not in scans[target].ids:
                found.append((source_of(page), line, url, f"no element with id {fragment!r} on that page"))
    return found
