import pytest

from site_builder.paths import UnreadableSource, UnsafePath, inside, is_ignored, is_slug, links_outside, read_source, suggest_slug, write_whole


def test_inside_accepts_paths_below_the_root(tmp_path):
    assert inside(tmp_path, "a", "b.py") == (tmp_path / "a" / "b.py").resolve()


@pytest.mark.parametrize("parts", [("..", "x"), ("a/../../x",), ("/etc/passwd",)])
def test_inside_refuses_escapes(tmp_path, parts):
    with pytest.raises(UnsafePath, match="points outside"):
        inside(tmp_path, *parts)


@pytest.mark.parametrize("text, ok", [("attention", True), ("scaled-dot-product", True), ("Bad", False), ("a--b", False), ("../x", False), (3, False)])
def test_slugs(text, ok):
    assert is_slug(text) is ok


def test_read_source_drops_a_byte_order_mark_and_reads_newlines_as_read_text_does(tmp_path):
    path = tmp_path / "lesson.md"
    path.write_bytes(b"\xef\xbb\xbf+++\r\ntitle = 'x'\r+++\n")
    assert read_source(tmp_path, path) == "+++\ntitle = 'x'\n+++\n"


def test_read_source_names_the_line_and_column_of_a_byte_that_is_not_utf8(tmp_path):
    path = tmp_path / "lab.toml"
    path.write_bytes('title = "Add"\ndescription = "Café"\n'.encode("latin-1"))
    with pytest.raises(UnreadableSource, match=r"^this file is not UTF-8 \(byte 0xe9 at column 19\); save it as UTF-8$") as caught:
        read_source(tmp_path, path)
    assert caught.value.line == 2


def test_read_source_refuses_a_link_leaving_the_root(tmp_path):
    root = tmp_path / "course"
    root.mkdir()
    (tmp_path / "secret.txt").write_text("not course content")
    (root / "lesson.md").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(UnreadableSource, match="^links outside the course folder$"):
        read_source(root, root / "lesson.md")


def test_read_source_follows_a_link_that_stays_inside(tmp_path):
    (tmp_path / "shared.md").write_text("shared")
    (tmp_path / "lesson.md").symlink_to("shared.md")
    assert read_source(tmp_path, tmp_path / "lesson.md") == "shared"
    assert not links_outside(tmp_path, tmp_path / "lesson.md")


@pytest.mark.parametrize("name", [".DS_Store", "._adding.md", ".#adding.md", "adding.md~", "#adding.md#", ".git"])
def test_files_left_by_an_os_or_editor_are_ignored(name):
    assert is_ignored(name)


@pytest.mark.parametrize("name", ["adding.md", "Softmax.md", "no_sqrt_scaling.py"])
def test_authors_files_are_not_ignored(name):
    assert not is_ignored(name)


@pytest.mark.parametrize("name, slug", [("Softmax", "softmax"), ("Scaled_Dot", "scaled-dot"), ("My  Lesson!", "my-lesson"), ("__", None)])
def test_suggest_slug(name, slug):
    assert suggest_slug(name) == slug


def test_a_whole_write_makes_its_folder_and_leaves_nothing_beside_the_file(tmp_path):
    target = tmp_path / "new" / "folder" / "entry.json"
    write_whole(target, '{"a": 1}')
    write_whole(target, '{"a": 2}')  # in place of the first, never beside it
    assert target.read_text(encoding="utf-8") == '{"a": 2}'
    assert [path.name for path in target.parent.iterdir()] == ["entry.json"]
