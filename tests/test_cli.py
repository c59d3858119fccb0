import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from labkit.grading import load_checks
from site_builder.cli import main
from tests.courses import real_course

# `course check` run from the course folder, on a real lab: what it says is read from the lab.
PROJECT = Path(__file__).resolve().parent.parent
PROJECT_LAB = "labs/08-attention/scaled-dot-product"
LAB = real_course().labs.get(PROJECT_LAB.removeprefix("labs/"))
CHECK_NAMES = [check.name for check in load_checks(LAB.checks_source, LAB.id).checks]
ALL_PASSED = f"\nAll checks passed ({len(CHECK_NAMES)} of {len(CHECK_NAMES)}).\n"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_check_passes_the_solution_with_exit_0(tmp_path):
    result = run("check", LAB.slug, f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 0, result.output
    assert ALL_PASSED in result.output


def test_check_explains_a_wrong_answer_with_exit_1():
    wrong = LAB.wrong_answers[0]
    result = run("check", LAB.id, str(wrong.src_path))
    assert result.exit_code == 1
    assert any(f"FAIL  {name}\n" in result.output for name in CHECK_NAMES), result.output
    assert wrong.expect in result.output


def test_check_names_the_labs_when_the_lab_is_unknown():
    result = run("check", "no-such-lab", f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 1
    assert "no lab called 'no-such-lab'; the labs are: " in result.output


@pytest.mark.parametrize(
    "lab",
    [PROJECT_LAB, f"{PROJECT_LAB}/", str(Path(PROJECT_LAB).resolve()), f"{Path(PROJECT_LAB).resolve()}/", f"./{PROJECT_LAB}"],
    ids=["folder", "folder with a slash", "absolute folder", "absolute folder with a slash", "dot folder"],
)
def test_check_takes_the_lab_folder(lab):
    result = run("check", lab, f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 0, result.output
    assert ALL_PASSED in result.output


def test_check_takes_a_lab_folder_from_the_current_folder_or_the_course(mini_course, monkeypatch):
    solution = str(mini_course / "labs/01-basics/add/solution.py")
    monkeypatch.chdir(mini_course / "labs/01-basics")
    assert run("--root", str(mini_course), "check", "add/", solution).exit_code == 0
    monkeypatch.chdir(mini_course.parent)
    result = run("--root", str(mini_course), "check", "labs/01-basics/add", solution)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("lab", "guess"),
    [
        (LAB.slug[:-2] + LAB.slug[-1] + LAB.slug[-2], LAB.slug),  # the last two letters swapped
        (f"{LAB.module_dir}/{LAB.slug[:-2]}{LAB.slug[-1]}", LAB.id),  # a letter left out
        (f"labs/{LAB.module_dir[:4]}{LAB.module_dir[5:]}/{LAB.slug}/", LAB.id),  # a letter of the module left out
    ],
    ids=["folder name", "id", "folder"],
)
def test_check_suggests_the_lab_meant(lab, guess):
    result = run("check", lab, f"{PROJECT_LAB}/solution.py")
    assert result.exit_code == 1
    assert f"Error: no lab called {lab!r} (did you mean {guess!r}?); the labs are: " in result.output


def test_check_asks_for_the_id_when_two_labs_share_a_folder_name(mini_course):
    shutil.copytree(mini_course / "labs/01-basics/add", mini_course / "labs/02-more/add")
    (mini_course / "lessons/02-more").mkdir()
    with (mini_course / "course/course.toml").open("a") as config:
        config.write('\n[[modules]]\nnumber = 2\nslug = "more"\ntitle = "More"\nsummary = "More."\nlessons = ["again"]\n')
    (mini_course / "lessons/02-more/again.md").write_text('+++\ntitle = "Again"\nsummary = "Again."\nlabs = ["add"]\n+++\n\nAgain.\n\n## Recap\n\n- Again.\n')
    result = run("--root", str(mini_course), "check", "add", str(mini_course / "labs/01-basics/add/solution.py"))
    assert result.exit_code == 1
    assert "Error: more than one lab is called 'add': name one by its id (01-basics/add, 02-more/add)" in result.output


def test_check_refuses_a_file_that_is_not_utf8_with_its_place(tmp_path):
    learner = tmp_path / "mine.py"
    learner.write_bytes("def f(x):\n    return [0.0]  # café\n".encode("latin-1"))
    result = run("check", LAB.slug, str(learner))
    assert result.exit_code == 1
    assert f"Error: {learner}:2: this file is not UTF-8 (byte 0xe9 at column 24); save it as UTF-8" in result.output


def test_check_reads_a_file_saved_with_a_byte_order_mark(tmp_path):
    learner = tmp_path / "mine.py"
    learner.write_text("\ufeff" + LAB.solution, encoding="utf-8")
    result = run("check", LAB.slug, str(learner))
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
    # Beside it, the capstone's quick run: always the preset's 200 steps, whatever --steps says.
    # The capstone draws course/quick-run.json beside a learner's quick run and the build trains
    # nothing, so this is where that record is proved to be a fresh run to the last bit.
    record = json.loads((tmp_path / "quick-run.json").read_text())
    assert record["training"]["num_steps"] == 200 and len(record["losses"]) == 200
    committed = json.loads((PROJECT / "course" / "quick-run.json").read_text())
    assert record["losses"] == committed["losses"]
    assert record["training"] == committed["training"]


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


# ---------- `course check` grades in a Python of its own, as the browser does ----------


def check_in_mini(mini_course, tmp_path, code, time_limit=None):
    if time_limit is not None:
        lab_toml = mini_course / "labs/01-basics/add/lab.toml"
        lab_toml.write_text(lab_toml.read_text() + f"time_limit = {time_limit}\n")
    learner = tmp_path / "learner.py"
    learner.write_text(code)
    return CliRunner().invoke(main, ["--root", str(mini_course), "check", "01-basics/add", str(learner)])


def test_check_stops_an_endless_loop_at_the_labs_time_limit(mini_course, tmp_path):
    result = check_in_mini(mini_course, tmp_path, "def add(a, b):\n    while True:\n        pass\n", time_limit=1)
    assert result.exit_code == 1
    assert "Stopped before the checks finished. Your code ran for more than 1 second, this lab's time limit." in result.output


def test_check_says_so_when_the_learners_code_ends_python(mini_course, tmp_path):
    result = check_in_mini(mini_course, tmp_path, "import os\nos._exit(3)\n")
    assert result.exit_code == 1
    assert "Your code ended Python before the checks finished (exit code 3)" in result.output


def test_check_keeps_its_verdict_when_the_learner_replaces_stdout(mini_course, tmp_path):
    code = "import io, sys\nsys.stdout = io.StringIO()\nsys.__stdout__ = io.StringIO()\n\ndef add(a, b):\n    return a + b\n"
    result = check_in_mini(mini_course, tmp_path, code)
    assert result.exit_code == 0, result.output
    assert "All checks passed" in result.output


def test_check_shows_what_the_code_printed_before_the_verdict(mini_course, tmp_path):
    result = check_in_mini(mini_course, tmp_path, "print('hello from the learner')\n\ndef add(a, b):\n    return a - b\n")
    assert result.exit_code == 1
    assert result.output.index("hello from the learner") < result.output.index("failed")


def test_check_reports_a_learners_exit_like_the_browser(mini_course, tmp_path):
    result = check_in_mini(mini_course, tmp_path, "raise SystemExit(2)\n")
    assert result.exit_code == 1
    assert "Your code raised SystemExit" in result.output


def test_record_writes_the_records_the_course_holds(tmp_path):
    import json

    copy = tmp_path / "course-copy"
    shutil.copytree(PROJECT / "course", copy / "course", ignore=shutil.ignore_patterns("records", "__pycache__"))
    result = run("--root", str(copy), "record")
    assert result.exit_code == 0, result.output
    written = sorted((copy / "course" / "records").glob("*.json"))
    assert [path.name for path in written] == sorted(path.name for path in (PROJECT / "course" / "records").glob("*.json"))
    assert {"microgpt_subset_surprise.json", "training_runs.json", "held_out_surprises.json"} <= {path.name for path in written}
    assert all(str(path) in result.output for path in written)
    for path in written:
        # Fails when an input changed since the records were written.
        assert json.loads(path.read_text()) == json.loads((PROJECT / "course" / "records" / path.name).read_text()), \
            f"course/records/{path.name} is out of date: run `course record`"
