import pytest

from site_builder.paths import UnsafePath, inside, is_slug


def test_inside_accepts_paths_below_the_root(tmp_path):
    assert inside(tmp_path, "a", "b.py") == (tmp_path / "a" / "b.py").resolve()


@pytest.mark.parametrize("parts", [("..", "x"), ("a/../../x",), ("/etc/passwd",)])
def test_inside_refuses_escapes(tmp_path, parts):
    with pytest.raises(UnsafePath, match="points outside"):
        inside(tmp_path, *parts)


@pytest.mark.parametrize("text, ok", [("attention", True), ("scaled-dot-product", True), ("Bad", False), ("a--b", False), ("../x", False), (3, False)])
def test_slugs(text, ok):
    assert is_slug(text) is ok
