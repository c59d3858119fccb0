"""One broken thing per case, through the `course build` command an author runs.

Each case asserts the exit code, the `path:line: message` and that the previous site
is untouched.
"""

import pytest
from click.testing import CliRunner

from site_builder.cli import main


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


LAB = "labs/01-basics/add"
ADDING = "lessons/01-basics/adding.md"

CASES = {
    "malformed TOML": (lambda r: edit(r / "course/course.toml", 'title = "Basics"', 'title = "Basics'), "course/course.toml:8: malformed TOML"),
    "malformed front matter": (lambda r: edit(r / ADDING, 'summary = "Two numbers become one."', "summary = Two numbers"), f"{ADDING}:3: malformed TOML"),
    "front matter never closed": (lambda r: edit(r / "lessons/01-basics/averages.md", "+++\n\nGo back", "\nGo back"), "lessons/01-basics/averages.md:1: the front matter is never closed"),
    "unknown key in lab.toml": (lambda r: edit(r / LAB / "lab.toml", "functions =", "functons ="), f"{LAB}/lab.toml:2: unknown key 'functons' (did you mean 'functions'?)"),
    "unknown key in a module": (lambda r: edit(r / "course/course.toml", 'summary = "Adding and averaging."', 'sumary = "Adding and averaging."'), "course/course.toml:9: module 1: unknown key 'sumary' (did you mean 'summary'?)"),
    "lesson listed but missing": (lambda r: (r / "lessons/01-basics/averages.md").unlink(), "course/course.toml:10: lesson 'averages' is listed but lessons/01-basics/averages.md does not exist"),
    "lesson present but not listed": (lambda r: (r / "lessons/01-basics/medians.md").write_text("+++\ntitle = 'M'\nsummary = 'm'\n+++\n"), "lessons/01-basics/medians.md: this lesson is not listed in course/course.toml"),
    "lab present but not used": (lambda r: edit(r / ADDING, 'labs = ["add"]\n', ""), f"{LAB}: no lesson embeds this lab"),
    "duplicate lesson slug": (lambda r: edit(r / "course/course.toml", '["adding", "averages"]', '["adding", "averages", "adding"]'), "course/course.toml:10: lesson 'adding' is listed twice in module 01-basics"),
    "solution fails": (lambda r: edit(r / LAB / "solution.py", "return a + b", "return -4 if a == -4 else a + b"), f"{LAB}/solution.py: the solution fails its checks"),
    "starter passes": (lambda r: edit(r / LAB / "starter.py", "return 0", "return a + b"), f"{LAB}/starter.py: the starter code already passes every check"),
    "wrong answer passes": (lambda r: edit(r / LAB / "wrong/multiplies.py", "return a * b", "return a + b"), f"{LAB}/wrong/multiplies.py:1: this wrong answer passes every check"),
    "wrong answer, wrong message": (lambda r: edit(r / LAB / "wrong/multiplies.py", "# expect: Add with +, not *", "# expect: Did you subtract?"), f"{LAB}/wrong/multiplies.py:1: this wrong answer fails, but no message contains 'Did you subtract?'"),
    "syntax error in checks": (lambda r: edit(r / LAB / "checks.py", "def adds_small(t):", "def adds_small(t)"), f"{LAB}/checks.py:9: syntax error: expected ':'"),
    "a check that raises": (lambda r: edit(r / LAB / "checks.py", 't.require_close(small, "Use the + operator.")', "t.expected(small)[0]"), f"{LAB}/checks.py:10: a check raised TypeError"),
    "dead link": (lambda r: edit(r / ADDING, "(../averages/)", "(../medians/)"), f"{ADDING}:14: dead link '../medians/': no such page or file"),
    "dead anchor": (lambda r: edit(r / "lessons/01-basics/averages.md", "#adding", "#subtracting"), "lessons/01-basics/averages.md:6: dead link '../adding/#subtracting': no element with id 'subtracting'"),
    "missing image": (lambda r: edit(r / ADDING, "Maths:", "![a sum](sum.png) Maths:"), f"{ADDING}:14: dead link 'sum.png': no such page or file"),
    "link escaping the site": (lambda r: edit(r / ADDING, "(../averages/)", "(../../../../etc/passwd)"), f"{ADDING}:14: dead link '../../../../etc/passwd': points outside the site"),
    "number no code provides": (lambda r: edit(r / ADDING, '"demo:sums"', '"demo:products"'), f"{ADDING}:7: numbers.demo: course/numbers/demo.py has no function products()"),
    "provider outside the course": (lambda r: edit(r / ADDING, '"demo:sums"', '"../../../x:sums"'), f"{ADDING}:7: numbers.demo: ../../../x.py points outside numbers/"),
    "number the provider lacks": (lambda r: edit(r / ADDING, "{{ demo.total }}", "{{ demo.product }}"), f"{ADDING}:12: a computed number failed"),
    # --- files and folders ---
    # --- numbers, maths and links ---
    # --- labs at build time ---
}


@pytest.fixture
def previous_site(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("previous site")
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_author_mistake_is_refused_with_its_place(case, mini_course, previous_site):
    breaks, message = CASES[case]
    breaks(mini_course)
    result = CliRunner().invoke(main, ["--root", str(mini_course), "build", "--out", str(previous_site)])
    assert result.exit_code == 1, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert any(line.startswith(message) for line in lines), result.output
    assert sorted(p.name for p in previous_site.iterdir()) == ["index.html"]
    assert (previous_site / "index.html").read_text() == "previous site"
