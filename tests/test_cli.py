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
    assert "Did you divide each score by √d" in result.output


def test_check_names_the_labs_when_the_lab_is_unknown():
    result = run("check", "no-such-lab", f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 1
    assert "no lab called 'no-such-lab'; the labs are: 08-attention/" in result.output


def test_build_of_a_broken_course_exits_non_zero_with_every_problem(mini_course, tmp_path):
    (mini_course / "lessons/01-basics/averages.md").unlink()
    (mini_course / "labs/01-basics/add/hints.md").unlink()
    result = run("--root", str(mini_course), "build", "--out", str(tmp_path / "dist"))
    assert result.exit_code == 1
    assert "The course has 3 problems; the site was left as it was:" in result.output
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
