from pathlib import Path

import pytest
from click.testing import CliRunner

from site_builder.cli import main

PROJECT_LAB = "labs/08-attention/scaled-dot-product"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_check_passes_the_solution_with_exit_0(tmp_path):
    result = run("check", "scaled-dot-product", f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 0, result.output
    assert "\nAll checks passed (8 of 8).\n" in result.output


def test_check_explains_a_wrong_answer_with_exit_1():
    result = run("check", "08-attention/scaled-dot-product", f"{PROJECT_LAB}/wrong/no_sqrt_scaling.py")
    assert result.exit_code == 1
    assert "FAIL  Scores are divided by √d" in result.output
    assert "when the scores are not divided by √d at all" in result.output


def test_check_names_the_labs_when_the_lab_is_unknown():
    result = run("check", "no-such-lab", f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 1
    assert "no lab called 'no-such-lab'; the labs are: 08-attention/" in result.output


def test_check_refuses_a_file_that_is_not_utf8_with_its_place(tmp_path):
    learner = tmp_path / "mine.py"
    learner.write_bytes("def attend(q, keys, values):\n    return [0.0]  # café\n".encode("latin-1"))
    result = run("check", "scaled-dot-product", str(learner))
    assert result.exit_code == 1
    assert f"Error: {learner}:2: this file is not UTF-8 (byte 0xe9 at column 24); save it as UTF-8" in result.output


def test_check_reads_a_file_saved_with_a_byte_order_mark(tmp_path):
    learner = tmp_path / "mine.py"
    learner.write_text("\ufeff" + (Path(PROJECT_LAB) / "solution.py").read_text(), encoding="utf-8")
    result = run("check", "scaled-dot-product", str(learner))
    assert result.exit_code == 0, result.output


def test_build_of_a_broken_course_exits_non_zero_with_every_problem(mini_course, tmp_path):
    (mini_course / "lessons/01-basics/averages.md").unlink()
    (mini_course / "labs/01-basics/add/hints.md").unlink()
    result = run("--root", str(mini_course), "build", "--out", str(tmp_path / "dist"))
    assert result.exit_code == 1
    assert "The course has 2 problems; the site was left as it was:" in result.output
    assert "course/course.toml:10: lesson 'averages' is listed but" in result.output
    assert "labs/01-basics/add/hints.md: missing" in result.output
    assert not (tmp_path / "dist").exists()


def names_txt():
    import os
    from pathlib import Path

    path = os.environ.get("NAMES_TXT")
    assert path and Path(path).is_file(), "set NAMES_TXT to makemore's names.txt (the Makefile and .ci/run do)"
    return path


def test_train_writes_a_checkpoint_that_reproduces_the_first_loss(tmp_path):
    import json

    out = tmp_path / "checkpoint.json"
    result = run("train", "--names", names_txt(), "--out", str(out), "--steps", "2")
    assert result.exit_code == 0, result.output
    assert "first loss 3.365966947585" in result.output
    assert len(json.loads(out.read_text())["losses"]) == 2


def test_train_refuses_a_file_that_is_not_names_txt(tmp_path):
    fake = tmp_path / "names.txt"
    fake.write_text("emma\nolivia\n")
    result = run("train", "--names", str(fake), "--out", str(tmp_path / "c.json"), "--steps", "1")
    assert result.exit_code == 1
    assert "is not makemore's names.txt (expected SHA-256 0a30b555" in result.output


def snapshot(folder):
    return sorted((str(path.relative_to(folder)), path.read_bytes() if path.is_file() else None) for path in folder.rglob("*"))


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (".", "Error: --out . is the course folder itself: the build would replace the course with the site"),
        ("{root}", "Error: --out {root} is the course folder itself"),
        ("lessons", "Error: --out lessons is the course's lessons/ folder: the build would put the site among the sources"),
        ("labs/01-basics/site", "Error: --out labs/01-basics/site is inside the course's labs/ folder"),
        ("..", "Error: --out .. holds the course folder {root}: the build would replace the course with the site"),
        ("/", "Error: --out / is the root of the filesystem"),
    ],
    ids=["dot", "the course folder", "a source folder", "inside a source folder", "the parent", "the filesystem root"],
)
@pytest.mark.parametrize("command", ["build", "serve"])
def test_an_out_folder_that_would_destroy_the_course_is_refused(command, out, message, mini_course, tmp_path, monkeypatch):
    monkeypatch.chdir(mini_course)
    monkeypatch.setattr("site_builder.serve.make_server", lambda *args, **kwargs: pytest.fail("served a folder it should have refused"))
    before = snapshot(tmp_path)
    out, message = out.format(root=mini_course), message.format(root=mini_course)
    result = run("--root", ".", command, "--out", out)
    assert result.exit_code == 1, result.output
    assert result.output.startswith(message), result.output
    assert len(result.output.splitlines()) == 1, result.output
    assert snapshot(tmp_path) == before  # nothing deleted, nothing left behind


def test_an_out_folder_that_is_not_a_site_is_refused_untouched(mini_course, tmp_path):
    papers = tmp_path / "papers"
    papers.mkdir()
    (papers / "thesis.tex").write_text("years of work")
    result = run("--root", str(mini_course), "build", "--out", str(papers))
    assert result.exit_code == 1
    assert result.output == (
        f"Error: --out {papers} holds files but no .course-build, so it is not a site this builder made,"
        " and building would replace it: delete or empty it, or choose another folder\n"
    )
    assert [p.name for p in papers.iterdir()] == ["thesis.tex"]
