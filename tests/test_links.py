from site_builder.links import dead_links, target_path


def test_relative_targets_resolve_like_a_browser():
    assert target_path("a/b/index.html", "../c/") == ("a/c/index.html", "")
    assert target_path("a/b/index.html", "../../static/x.css") == ("static/x.css", "")
    assert target_path("a/b/index.html", "#top") == ("a/b/index.html", "top")
    assert target_path("index.html", "https://example.org/") == (None, None)
    assert target_path("index.html", "../../etc/passwd")[0] == ".."


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
