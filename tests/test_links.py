from html.parser import HTMLParser

import pytest

from site_builder.links import LINK_ATTRIBUTES, WrittenAt, dead_links, scanned, source_files, target_path
from site_builder.loader import load_course


def test_relative_targets_resolve_like_a_browser():
    assert target_path("a/b/index.html", "../c/") == ("a/c/index.html", "")
    assert target_path("a/b/index.html", "../../static/x.css") == ("static/x.css", "")
    assert target_path("a/b/index.html", "#top") == ("a/b/index.html", "top")
    assert target_path("index.html", "https://example.org/") == (None, None)
    assert target_path("index.html", "../../etc/passwd")[0] == ".."


def test_links_from_the_hosts_root_must_start_with_the_site_path():
    assert target_path("a/index.html", "/zmg/static/x.css", site_path="/zmg/") == ("static/x.css", "")
    assert target_path("a/index.html", "/zmg/", site_path="/zmg/") == ("index.html", "")
    assert target_path("a/index.html", "/static/x.css", site_path="/zmg/")[0] == ".."
    assert target_path("a/index.html", "/static/x.css") == ("static/x.css", "")


def test_dead_links_and_anchors_are_found():
    pages = {
        "index.html": '<a href="a/">a</a>\n<a href="b/">b</a>\n<a href="a/#here">ok</a>\n<a href="a/#gone">gone</a>',
        "a/index.html": '<h1 id="here">A</h1><img src="../pic.png">',
    }
    found = dead_links(pages, {"pic.png"}, source_of=lambda page: page)
    assert found == [
        ("index.html", 2, "b/", "no such page or file"),
        ("index.html", 4, "a/#gone", "no element with id 'gone' on that page"),
    ]


def test_links_that_cannot_work_when_published_are_found():
    page = (
        '<img src="file:///etc/passwd">\n<a href="javascript:alert(1)">x</a>\n<a href="https://example.org/">web</a>\n'
        '<a href="mailto:a@example.org">mail</a>\n<link rel="icon" href="data:image/svg+xml,%3Csvg%3E">'
    )
    found = dead_links({"index.html": page}, set(), source_of=lambda page: page)
    reason = "link cannot work on the published site: link to a web address or to a page of the course"
    assert found == [
        ("index.html", 1, "file:///etc/passwd", f"a file: {reason}"),
        ("index.html", 2, "javascript:alert(1)", f"a javascript: {reason}"),
    ]


def test_a_link_is_placed_where_it_was_written(tmp_path):
    lesson, hints = tmp_path / "lesson.md", tmp_path / "hints.md"
    lesson.write_text("Intro.\n\nSee [a](../a/).\n")
    hints.write_text("First hint.\n\n---\n\nAlso [a](../a/) and [b](../b/).\n")
    written_at = WrittenAt({"x/index.html": [lesson, hints]})
    assert written_at("x/index.html", "../a/") == (lesson, 3)
    assert written_at("x/index.html", "../a/") == (hints, 5)  # the second link to it on the page
    assert written_at("x/index.html", "../b/") == (hints, 5)
    assert written_at("x/index.html", "../from-a-template/") == (lesson, None)


def test_a_lesson_page_is_written_in_its_lesson_and_its_labs(mini_course):
    sources = source_files(load_course(mini_course))
    lab = mini_course / "labs/01-basics/add"
    assert sources["01-basics/adding/index.html"] == [mini_course / "lessons/01-basics/adding.md", lab / "lab.toml", lab / "hints.md"]
    assert sources["glossary/index.html"] == [mini_course / "pages/glossary.md"]


class ReadByHtmlParser(HTMLParser):
    """What the scan finds, read by Python's own html.parser, token by token: the reference."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        wanted = LINK_ATTRIBUTES.get(tag)
        if wanted and attributes.get(wanted):
            self.links.append((attributes[wanted], self.getpos()[0]))


def read_by_html_parser(html):
    parser = ReadByHtmlParser()
    parser.feed(html)
    parser.close()
    return {"links": parser.links, "ids": sorted(parser.ids)}


TRICKY_PAGES = {
    "quoted >": '<p>\n<a title="a > b" href="/x/">x</a>',
    "single quotes, no space between": "<a href='/y/'id=\"here\">y</a>",
    "upper case": '<A HREF="/z/" ID="Top">z</A>',
    "character references": '<a href="/q/?a=1&amp;b=2#s&#233;">q</a><h2 id="caf&eacute;">',
    "unquoted values": "<img src=/pic.png alt=x>\n<a href=/p/ id=p>",
    "a comment": '<!-- <a href="/gone/">old</a> -->\n<a href="/here/">',
    "a script's text": '<script>let s = "<a href=\'/not-a-link/\'>";</script>\n<script src="/app.js"></script>',
    "a style's text": '<style>a[href="/x/"] { color: red }</style><link href="/s.css" rel="stylesheet">',
    "empty and missing values": '<a href="">e</a><a href>m</a><div id="">',
    "a self-closing tag": '<img src="/i.svg"/><source src="/v.webm" />',
    "lines": '<p>one</p>\n\n<a\n href="/two/">\n</a>\n<a href="/three/">',
    "an end tag and a declaration": '<!DOCTYPE html>\n</a href="/not/">\n<a href="/yes/">',
}


@pytest.mark.parametrize("name", TRICKY_PAGES)
def test_the_scan_reads_a_page_as_html_parser_does(name):
    assert scanned(TRICKY_PAGES[name]) == read_by_html_parser(TRICKY_PAGES[name])


def test_the_scan_reads_every_page_of_the_course_as_html_parser_does(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 50
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert scanned(html) == read_by_html_parser(html), page
