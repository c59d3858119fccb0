"""site_builder/file_digests.py: the files under a folder, each folder read again only once it changed."""

import os
import random
import time

from site_builder import file_digests
from site_builder.file_digests import files_under


def walked(folder):
    """What files_under() must give: os.walk's files, as it lists them, leaving out compiled Python."""
    found = []
    for directory, subfolders, files in os.walk(folder):
        subfolders[:] = [name for name in subfolders if name not in file_digests.SKIPPED_PARTS]
        prefix = os.path.relpath(directory, folder).replace(os.sep, "/")
        prefix = "" if prefix == "." else prefix + "/"
        found += [(prefix + name, os.path.join(directory, name)) for name in files if name not in file_digests.SKIPPED_PARTS and not name.endswith(".pyc")]
    return sorted(found)


def random_tree(root, rng):
    folders = [root]
    for number in range(120):
        parent = rng.choice(folders)
        kind = rng.choice(["file", "file", "folder", "pyc", "cache", "link to folder", "link to file", "broken link"])
        path = parent / f"{kind.replace(' ', '-')}-{number}"
        if kind == "file":
            path.write_text("x")
        elif kind == "folder":
            path.mkdir()
            folders.append(path)
        elif kind == "pyc":
            path.with_suffix(".pyc").write_text("x")
        elif kind == "cache":
            (parent / "__pycache__").mkdir(exist_ok=True)
            (parent / "__pycache__" / f"m{number}.py").write_text("x")
        elif kind == "link to folder":
            path.symlink_to(rng.choice(folders), target_is_directory=True)
        elif kind == "link to file":
            target = parent / f"target-{number}"
            target.write_text("x")
            path.symlink_to(target)
        else:
            path.symlink_to(parent / "nowhere")
    return folders


def test_the_files_are_those_os_walk_finds(tmp_path):
    rng = random.Random(3)
    random_tree(tmp_path, rng)
    assert len(files_under(tmp_path)) > 40
    assert files_under(tmp_path) == walked(tmp_path)
    assert files_under(tmp_path) == walked(tmp_path)  # read again from what was kept
    assert files_under(tmp_path / "missing") == [] == walked(tmp_path / "missing")


def count_readings(monkeypatch):
    read = []
    real = os.scandir
    monkeypatch.setattr(file_digests.os, "scandir", lambda path: read.append(path) or real(path))
    return read


def test_a_folder_is_read_again_once_it_changed_and_only_then(tmp_path, monkeypatch):
    folder = tmp_path / "lessons"
    (folder / "01").mkdir(parents=True)
    (folder / "01" / "a.md").write_text("a")
    later = time.time_ns() + 10 * 1_000_000_000  # read long after the folders last changed
    monkeypatch.setattr(file_digests.time, "time_ns", lambda: later)
    files_under(folder)
    read = count_readings(monkeypatch)
    assert [name for name, _ in files_under(folder)] == ["01/a.md"] and read == []
    (folder / "01" / "a.md").write_text("edited")  # a file's text: its folder is as it was
    assert [name for name, _ in files_under(folder)] == ["01/a.md"] and read == []
    for change, expected in [
        (lambda: (folder / "01" / "b.md").write_text("b"), ["01/a.md", "01/b.md"]),
        (lambda: (folder / "01" / "b.md").rename(folder / "01" / "c.md"), ["01/a.md", "01/c.md"]),
        (lambda: (folder / "02").mkdir(), ["01/a.md", "01/c.md"]),
        (lambda: (folder / "02" / "d.md").write_text("d"), ["01/a.md", "01/c.md", "02/d.md"]),
        (lambda: (folder / "01" / "a.md").unlink(), ["01/c.md", "02/d.md"]),
    ]:
        read.clear()
        change()
        assert [name for name, _ in files_under(folder)] == expected
        assert read, "the changed folder was read again"


def test_a_folder_read_as_it_changed_is_read_again_next_time(tmp_path, monkeypatch):
    """Its times may not move for a change made in the same tick: like a file's digest, it is not trusted then."""
    (tmp_path / "a.md").write_text("a")
    files_under(tmp_path)
    read = count_readings(monkeypatch)
    files_under(tmp_path)
    assert read == [str(tmp_path)]
