from site_builder.links import WrittenAt, dead_links, source_files, target_path
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
