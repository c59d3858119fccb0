"""Where the build finds the names: NAMES_TXT, else a verified download kept in .cache/."""

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from microgpt.data import DatasetError, NAMES_SHA256
from site_builder import names_data
from site_builder.cli import main
from site_builder.names_data import NamesUnavailable, course_names, names_path

REAL = os.environ.get("NAMES_TXT")


def real_names():
    assert REAL and Path(REAL).is_file(), "set NAMES_TXT to makemore's names.txt (the Makefile and .ci/run do)"
    return Path(REAL)


def test_names_txt_is_used_when_set(tmp_path, monkeypatch):
    monkeypatch.setenv("NAMES_TXT", str(real_names()))
    assert names_path(tmp_path) == real_names()
    names = course_names(tmp_path)
    assert len(names) == len([line for line in real_names().read_text().splitlines() if line.strip()])
    assert not (tmp_path / ".cache").exists()  # nothing downloaded, nothing cached


def test_a_names_txt_that_is_not_makemores_is_refused(tmp_path, monkeypatch):
    fake = tmp_path / "names.txt"
    fake.write_text("emma\nolivia\n")
    monkeypatch.setenv("NAMES_TXT", str(fake))
    with pytest.raises(NamesUnavailable, match=f"is not makemore's names.txt \\(expected SHA-256 {NAMES_SHA256}\\)"):
        names_path(tmp_path)


def test_a_names_txt_that_is_missing_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("NAMES_TXT", str(tmp_path / "nowhere.txt"))
    with pytest.raises(NamesUnavailable, match="nowhere.txt: no such file"):
        names_path(tmp_path)


def test_without_names_txt_a_verified_copy_is_downloaded_once(tmp_path, monkeypatch):
    monkeypatch.delenv("NAMES_TXT", raising=False)
    downloads = []

    def download(dest):
        downloads.append(dest)
        Path(dest).write_bytes(real_names().read_bytes())
        return dest

    monkeypatch.setattr(names_data, "download_names", download)
    assert names_path(tmp_path) == tmp_path / ".cache/names.txt"
    assert names_path(tmp_path) == tmp_path / ".cache/names.txt"
    assert len(downloads) == 1


def test_with_no_file_and_no_network_one_line_says_how_to_provide_it(tmp_path, monkeypatch):
    monkeypatch.delenv("NAMES_TXT", raising=False)

    def offline(dest):
        raise DatasetError("could not download names.txt: offline")

    monkeypatch.setattr(names_data, "download_names", offline)
    with pytest.raises(NamesUnavailable) as refused:
        names_path(tmp_path)
    assert "\n" not in refused.value.message
    assert "set NAMES_TXT=/path/to/names.txt or put the file at .cache/names.txt" in refused.value.message


def test_a_build_whose_provider_needs_the_names_stops_with_that_one_line(mini_course, tmp_path, monkeypatch):
    monkeypatch.delenv("NAMES_TXT", raising=False)
    monkeypatch.setattr(names_data, "download_names", lambda dest: (_ for _ in ()).throw(DatasetError("offline")))
    provider = mini_course / "course/numbers/demo.py"
    provider.write_text(
        "from pathlib import Path\nfrom site_builder.names_data import course_names\n\n"
        + provider.read_text().replace("a, b = 2, 3", "a, b = 2, len(course_names(Path(__file__).resolve().parents[2]))")
    )
    result = CliRunner().invoke(main, ["--root", str(mini_course), "build", "--out", str(tmp_path / "dist")])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: the course needs makemore's names.txt and could not download it: set NAMES_TXT=")
