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


def save_as_latin1(path, old, new):
    """Edit `path`, then save it in Latin-1, as an old Windows editor would."""
    edit(path, old, new)
    path.write_bytes(path.read_text().encode("latin-1"))


def link_outside(root, relative):
    """Move a file or folder out of the course and leave a link to it in its place."""
    path = root / relative
    outside = root.parent / "outside" / path.name
    outside.parent.mkdir(exist_ok=True)
    path.rename(outside)
    path.symlink_to(outside)


LAB = "labs/01-basics/add"
WORKED = 'worked_example = [{ case = "small", numbers = "demo:sums", key = "total" }]'
ADDING = "lessons/01-basics/adding.md"
FILM_WITH_FORMULA = """\
title = "Sums"

[[scenes]]
caption = "A sum."
duration = 15

[[scenes.items]]
kind = "formula"
latex = "{latex}"

[[scenes]]
caption = "The same sum."
duration = 15

[[scenes.items]]
kind = "text"
text = "a + b"
"""
FILM_WITH_CAPTION = """\
title = "Sums"

[numbers]
demo = "demo:sums"

[[scenes]]
caption = "{caption}"
duration = 15

[[scenes.items]]
kind = "text"
text = "a + b"

[[scenes]]
caption = "The same sum."
duration = 15

[[scenes.items]]
kind = "text"
text = "a + b"
"""
FILM = "lessons/01-basics/adding.film.toml"

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
    "image from the author's disk": (lambda r: edit(r / ADDING, "Maths:", "![a sum](file:///home/me/sum.png) Maths:"), f"{ADDING}:14: dead link 'file:///home/me/sum.png': a file: link cannot work on the published site"),
    "javascript: link": (lambda r: edit(r / ADDING, "(../averages/)", "(javascript:alert(1))"), f"{ADDING}:14: dead link 'javascript:alert(1)': a javascript: link cannot work on the published site"),
    "number no code provides": (lambda r: edit(r / ADDING, '"demo:sums"', '"demo:products"'), f"{ADDING}:7: numbers.demo: course/numbers/demo.py has no function products()"),
    "provider outside the course": (lambda r: edit(r / ADDING, '"demo:sums"', '"../../../x:sums"'), f"{ADDING}:7: numbers.demo: ../../../x.py points outside numbers/"),
    "number the provider lacks": (lambda r: edit(r / ADDING, "{{ demo.total }}", "{{ demo.product }}"), f"{ADDING}:12: a computed number failed"),
    "provider module misspelt": (lambda r: edit(r / ADDING, '"demo:sums"', '"dmeo:sums"'), f"{ADDING}:7: numbers.demo: no provider module course/numbers/dmeo.py (did you mean 'demo'?)", 1),
    "provider function misspelt": (lambda r: edit(r / ADDING, '"demo:sums"', '"demo:sum"'), f"{ADDING}:7: numbers.demo: course/numbers/demo.py has no function sum() (did you mean 'sums'?)", 1),
    "number name misspelt in the text": (lambda r: edit(r / ADDING, "{{ demo.total }}", "{{ dmeo.total }}"), f"{ADDING}:12: a computed number failed: 'dmeo' is undefined (did you mean 'demo'?)", 1),
    "number key misspelt in the text": (lambda r: edit(r / ADDING, "{{ demo.total }}", "{{ demo.totl }}"), f"{ADDING}:12: a computed number failed: 'dict object' has no attribute 'totl' (did you mean 'total'?)", 1),
    "number name misspelt in a film caption": (lambda r: (r / FILM).write_text(FILM_WITH_CAPTION.format(caption="The sum is {{ dmeo.total | num(0) }}.")), f"{FILM}:7: scene 1: caption: 'dmeo' is undefined (did you mean 'demo'?)", 1),
    "number key misspelt in a film caption": (lambda r: (r / FILM).write_text(FILM_WITH_CAPTION.format(caption="The sum is {{ demo.totl | num(0) }}.")), f"{FILM}:7: scene 1: caption: 'dict object' has no attribute 'totl' (did you mean 'total'?)", 1),
    "number name nothing is close to": (lambda r: edit(r / ADDING, "{{ demo.total }}", "{{ sums.total }}"), f"{ADDING}:12: a computed number failed: 'sums' is undefined (is it in the lesson's [numbers], and does the provider return it?)", 1),
    # --- files and folders ---
    "site path without its slashes": (lambda r: edit(r / "course/course.toml", 'title = "Mini course"', 'title = "Mini course"\nsite_path = "mini"'), "course/course.toml:2: site_path should be the path the site is published under, starting and ending with '/'", 1),
    "lesson not UTF-8": (lambda r: save_as_latin1(r / ADDING, "Maths:", "Café:"), f"{ADDING}:14: this file is not UTF-8 (byte 0xe9 at column 4); save it as UTF-8", 1),
    "lab.toml not UTF-8": (lambda r: save_as_latin1(r / LAB / "lab.toml", 'title = "Add two numbers"', 'title = "Café"'), f"{LAB}/lab.toml:1: this file is not UTF-8 (byte 0xe9 at column 13); save it as UTF-8", 1),
    "checks not UTF-8": (lambda r: save_as_latin1(r / LAB / "checks.py", "+ operator", "+ opérateur"), f"{LAB}/checks.py:10: this file is not UTF-8 (byte 0xe9 at column 41); save it as UTF-8", 1),
    "wrong answer not UTF-8": (lambda r: save_as_latin1(r / LAB / "wrong/multiplies.py", "return a * b", "return a * b  # café"), f"{LAB}/wrong/multiplies.py:3: this file is not UTF-8 (byte 0xe9 at column 24); save it as UTF-8", 1),
    "time limit of infinity": (lambda r: edit(r / LAB / "lab.toml", "`.\"", "`.\"\ntime_limit = inf"), f"{LAB}/lab.toml:4: time_limit should be a number of seconds from 1 to 600, not inf", 1),
    "time limit not a number": (lambda r: edit(r / LAB / "lab.toml", "`.\"", "`.\"\ntime_limit = nan"), f"{LAB}/lab.toml:4: time_limit should be a number of seconds from 1 to 600, not nan", 1),
    "time limit of zero": (lambda r: edit(r / LAB / "lab.toml", "`.\"", "`.\"\ntime_limit = 0"), f"{LAB}/lab.toml:4: time_limit should be a number of seconds from 1 to 600, not 0", 1),
    "time limit in text, lab not also 'not found'": (lambda r: edit(r / LAB / "lab.toml", "`.\"", "`.\"\ntime_limit = \"10s\""), f"{LAB}/lab.toml:4: 'time_limit' should be a number, not '10s'", 1),
    "hints.md missing, lab not also 'not found'": (lambda r: (r / LAB / "hints.md").unlink(), f"{LAB}/hints.md: missing: every lab needs", 1),
    "misspelt key in lab.toml, nothing else": (lambda r: edit(r / LAB / "lab.toml", "functions =", "functons ="), f"{LAB}/lab.toml:2: unknown key 'functons' (did you mean 'functions'?)", 1),
    "misspelt key in a module, nothing else": (lambda r: edit(r / "course/course.toml", 'summary = "Adding and averaging."', 'sumary = "Adding and averaging."'), "course/course.toml:9: module 1: unknown key 'sumary' (did you mean 'summary'?)", 1),
    "module number in quotes, nothing else": (lambda r: edit(r / "course/course.toml", "number = 1", 'number = "1"'), "course/course.toml:6: module 1: 'number' should be a whole number, not '1'", 1),
    "duplicate module, lessons not 'not listed'": (lambda r: edit(r / "course/course.toml", 'pages = ["glossary"]\n\n[[modules]]', 'pages = ["glossary"]\n\n[[modules]]\nnumber = 1\nslug = "basics"\ntitle = "Again"\nsummary = "Again."\nlessons = ["adding"]\n\n[[modules]]'), "course/course.toml:12: module 2: duplicate number 1 (also used by module 1)", 2),
    "lesson that fails to load, its lab not 'unused'": (lambda r: edit(r / ADDING, 'title = "Adding"\n', ""), f"{ADDING}: missing 'title': expected text in quotes", 1),
    "lesson slug with capitals in the list": (lambda r: edit(r / "course/course.toml", '["adding", "averages"]', '["Adding", "averages"]'), "course/course.toml:10: lesson 'Adding' should be lower-case words joined by hyphens (e.g. 'adding')", 1),
    "lesson file with capitals": (lambda r: (r / "lessons/01-basics/Medians.md").write_text("+++\ntitle = 'M'\nsummary = 'm'\n+++\n"), "lessons/01-basics/Medians.md: this lesson is not listed in course/course.toml: rename it to lower-case words joined by hyphens (e.g. medians.md) and add 'medians' to the module's lessons", 1),
    "number named like the heatmap widget": (lambda r: edit(r / ADDING, 'demo = "demo:sums"', 'demo = "demo:sums"\nheatmap = "demo:sums"'), f"{ADDING}:8: 'heatmap' is a reserved name (the heatmap widget): choose another", 1),
    "number named like a filter": (lambda r: edit(r / ADDING, 'demo = "demo:sums"', 'num = "demo:sums"'), f"{ADDING}:7: 'num' is a reserved name (the num filter): choose another", 1),
    "same lab listed twice in a lesson": (lambda r: edit(r / ADDING, 'labs = ["add"]', 'labs = ["add", "add"]'), f"{ADDING}:4: lab 'add' is listed twice", 1),
    "lesson linking outside the course": (lambda r: link_outside(r, ADDING), f"{ADDING}: links outside the course folder", 1),
    "lab folder linking outside the course": (lambda r: link_outside(r, LAB), f"{LAB}: links outside the course folder", 1),
    "empty title": (lambda r: edit(r / ADDING, 'title = "Adding"', 'title = ""'), f"{ADDING}:2: 'title' is empty", 1),
    "blank summary": (lambda r: edit(r / "course/course.toml", 'summary = "Adding and averaging."', 'summary = "  "'), "course/course.toml:9: module 1: 'summary' is empty", 1),
    # --- numbers, maths and links ---
    "a lesson including a file": (lambda r: edit(r / ADDING, "Maths:", '{% include "../../../../etc/hostname" %} Maths:'), f"{ADDING}:14: '../../../../etc/hostname' cannot be loaded: a lesson cannot {{% include %}}, {{% import %}} or {{% extends %}} other files", 1),
    "provider returns NaN": (lambda r: edit(r / "course/numbers/demo.py", '"total": a + b', '"total": float("nan")'), "course/numbers/demo.py:1: demo:sums returned nan at 'total' (every number must be finite)", 4),
    "provider returns infinity in a list": (lambda r: edit(r / "course/numbers/demo.py", "b / 2]", 'float("inf")]'), "course/numbers/demo.py:1: demo:sums returned inf at 'halves[1]' (every number must be finite)", 4),
    "maths with a brace missing": (lambda r: edit(r / ADDING, "$a + b$", r"$\frac{a}{b$"), f"{ADDING}:14: cannot turn $\\frac{{a}}{{b$ into MathML: unbalanced braces: a '{{' is never closed"),
    "maths with a fraction's argument missing": (lambda r: edit(r / ADDING, "$a + b$", r"$\frac{a^{x}{b}}$"), f"{ADDING}:14: cannot turn $\\frac{{a^{{x}}{{b}}}}$ into MathML: \\frac needs two arguments"),
    "maths with an unknown command": (lambda r: edit(r / ADDING, "$a + b$", r"$a \pluss b$"), f"{ADDING}:14: cannot turn $a \\pluss b$ into MathML: unknown command \\pluss"),
    "maths that latex2mathml rejects": (lambda r: edit(r / ADDING, "$a + b$", "$x_a_b$"), f"{ADDING}:14: cannot turn $x_a_b$ into MathML: two subscripts in a row"),
    "maths with a brace missing in a hint": (lambda r: edit(r / LAB / "hints.md", "Use `+`.", "Use `+`: $a + {b$."), f"{LAB}/hints.md:1: cannot turn $a + {{b$ into MathML: unbalanced braces: a '{{' is never closed", 1),
    "film formula with a brace missing": (lambda r: (r / "lessons/01-basics/adding.film.toml").write_text(FILM_WITH_FORMULA.format(latex="e^{")), "lessons/01-basics/adding.film.toml:7: scene 1, formula: cannot turn $e^{$ into MathML: unbalanced braces"),
    "provider raises": (lambda r: edit(r / "course/numbers/demo.py", "a, b = 2, 3", 'a, b = 2, 3\n    raise ValueError("no example yet")'), "course/numbers/demo.py:3: demo:sums raised ValueError: no example yet", 4),
    "provider raises, lesson line": (lambda r: edit(r / "course/numbers/demo.py", "a, b = 2, 3", 'a, b = 2, 3\n    raise ValueError("no example yet")'), f"{ADDING}:7: numbers.demo: demo:sums raised ValueError (see course/numbers/demo.py:3)", 4),
    "provider with a syntax error": (lambda r: edit(r / "course/numbers/demo.py", "def sums():", "def sums()"), "course/numbers/demo.py:1: syntax error: expected ':'", 4),
    "provider returns a dict that contains itself": (lambda r: edit(r / "course/numbers/demo.py", "return {", "loop = {}\n    loop['me'] = loop\n    return {'loop': loop, "), "course/numbers/demo.py:1: demo:sums returned a value that contains itself at 'loop.me'", 4),
    "provider returns a set": (lambda r: edit(r / "course/numbers/demo.py", "return {", "return {'few': {1, 2}, "), "course/numbers/demo.py:1: demo:sums returned a set at 'few' (a page can show numbers, text, true/false, lists and dicts)", 4),
    "provider raises GeneratorExit": (lambda r: edit(r / "course/numbers/demo.py", "a, b = 2, 3", "a, b = 2, 3\n    raise GeneratorExit"), "course/numbers/demo.py:3: demo:sums raised GeneratorExit", 4),
    "lab.toml nested thousands deep": (lambda r: edit(r / LAB / "lab.toml", 'functions = ["add"]', 'functions = ["add"]\ndeep = ' + "[" * 3000 + "]" * 3000), f"{LAB}/lab.toml:3: malformed TOML: arrays or tables nested inside each other too deeply to read: flatten them", 1),
    "a Markdown list nested hundreds deep": (lambda r: edit(r / ADDING, "Maths:", "".join("    " * i + "- x\n" for i in range(400)) + "\nMaths:"), f"{ADDING}: the Markdown nests lists or quotes inside each other too deeply to render (hundreds of levels): flatten it", 1),
    "provider returns a list": (lambda r: edit(r / "course/numbers/demo.py", "return {", "return [a, b]\n    return {"), "course/numbers/demo.py:1: demo:sums returned list; expected a dict of numbers", 4),
    "dead link in a lab description": (lambda r: edit(r / LAB / "lab.toml", "Write `add(a, b)`.", "Write `add(a, b)`, as in [averages](../average/)."), f"{LAB}/lab.toml:3: dead link '../average/': no such page or file", 1),
    "dead link in a hint": (lambda r: edit(r / LAB / "hints.md", "`return a + b`", "`return a + b`, as in [adding](../adding-up/)"), f"{LAB}/hints.md:5: dead link '../adding-up/': no such page or file", 1),
    # --- labs at build time ---
    "a case for a function the lab does not have": (lambda r: edit(r / LAB / "checks.py", 'checks.case("add", -4, 1)', 'checks.case("ad", -4, 1)'), f"{LAB}/checks.py:5: a case calls ad(), which is not one of lab.toml's functions (add())", 1),
    "wrong answer that never ends": (lambda r: (edit(r / LAB / "lab.toml", 'functions = ["add"]', 'functions = ["add"]\ntime_limit = 1'), edit(r / LAB / "wrong/multiplies.py", "    return a * b", "    while True: pass")), f"{LAB}/wrong/multiplies.py:3: ran for more than 1 second (the lab's time_limit): is there a loop that never ends?", 1),
    "check that never ends": (lambda r: (edit(r / LAB / "lab.toml", 'functions = ["add"]', 'functions = ["add"]\ntime_limit = 1'), edit(r / LAB / "checks.py", 't.require_close(small, "Use the + operator.")', "while True: pass")), f"{LAB}/checks.py:10: ran for more than 1 second (the lab's time_limit)", 1),
    "checks.py calls exit()": (lambda r: edit(r / LAB / "checks.py", "checks = Checks()\n", "checks = Checks()\nexit()\n"), f"{LAB}/checks.py:4: loading the checks raised SystemExit: exit() would end the whole build; a lab's code must not call it", 1),
    "a check raises SystemExit": (lambda r: edit(r / LAB / "checks.py", 't.require_close(small, "Use the + operator.")', "raise SystemExit(3)"), f"{LAB}/checks.py:10: a check raised SystemExit(3): exit() would end the whole build", 1),
    "checks.py imports a package": (lambda r: edit(r / LAB / "checks.py", "from labkit import Checks", "import jinja2\nfrom labkit import Checks"), f"{LAB}/checks.py:1: checks.py imports 'jinja2', which the browser's Python does not have: use only the standard library", 1),
    "solution imports a package": (lambda r: edit(r / LAB / "solution.py", "def add(a, b):", "from jinja2 import Template\n\ndef add(a, b):"), f"{LAB}/solution.py:1: solution.py imports 'jinja2', which the browser's Python does not have", 1),
    # --- a lab's worked example: the lesson's numbers its answers must equal ---
    "lab with nothing to check its answers against": (lambda r: edit(r / LAB / "lab.toml", WORKED, ""), f"{LAB}/lab.toml: nothing checks the solution's answers: add a [[worked_example]]", 1),
    "worked example as one table, not a list": (lambda r: edit(r / LAB / "lab.toml", WORKED, '[worked_example]\ncase = "small"\nnumbers = "demo:sums"\nkey = "total"\n'), f"{LAB}/lab.toml:4: write [[worked_example]], with two brackets on each side: a lab may have several", 1),
    "worked example without its key": (lambda r: edit(r / LAB / "lab.toml", ', key = "total"', ""), f"{LAB}/lab.toml:4: worked_example 1: missing 'key': expected text in quotes", 1),
    "worked example with a misspelt field": (lambda r: edit(r / LAB / "lab.toml", "key =", "kye ="), f"{LAB}/lab.toml:4: worked_example 1: unknown key 'kye' (did you mean 'key'?)", 1),
    "worked example numbers without a colon": (lambda r: edit(r / LAB / "lab.toml", '"demo:sums"', '"demo.sums"'), f"{LAB}/lab.toml:4: worked_example 1: numbers should be \"module:function\" (a function in course/numbers/), not 'demo.sums'", 1),
    "worked example key that is not a path": (lambda r: edit(r / LAB / "lab.toml", 'key = "total"', 'key = "total."'), f"{LAB}/lab.toml:4: worked_example 1: key should name a value in the numbers' result", 1),
    "worked example naming no case": (lambda r: edit(r / LAB / "lab.toml", 'case = "small"', 'case = "smal"'), f"{LAB}/lab.toml:4: worked_example (case 'smal'): checks.py has no case called 'smal' (its cases are small, negative)", 1),
    "worked example naming a missing provider": (lambda r: edit(r / LAB / "lab.toml", '"demo:sums"', '"demo:products"'), f"{LAB}/lab.toml:4: worked_example (case 'small'): course/numbers/demo.py has no function products()", 1),
    "worked example key the numbers lack": (lambda r: edit(r / LAB / "lab.toml", 'key = "total"', 'key = "totl"'), f"{LAB}/lab.toml:4: worked_example (case 'small'): demo:sums: its result has no 'totl' (it has: a, b, halves, total)", 1),
    "worked example of another shape": (lambda r: edit(r / LAB / "lab.toml", 'key = "total"', 'key = "halves"'), f"{LAB}/lab.toml:4: worked_example (case 'small'): the solution returns a number for add(2, 3), but demo:sums's halves is a list of 2 numbers: does it name the right case and key?", 1),
    "model hook for a function no case calls": (lambda r: edit(r / LAB / "lab.toml", WORKED, WORKED + '\nmodel_hook = "attend"'), f"{LAB}/lab.toml:5: model_hook 'attend' checks nothing: no case in checks.py calls attend()", 1),
    "solution that disagrees with the lesson": (lambda r: edit(r / LAB / "solution.py", "return a + b", "return a + b + (a > 0) / 1000"), f"{LAB}/solution.py:1: the solution disagrees with the lesson: add(2, 3) returns 5.001, but the lesson shows 5 (demo:sums's total, the worked example at lab.toml:4)", 1),
    "starter with a syntax error": (lambda r: edit(r / LAB / "starter.py", "def add(a, b):", "def add(a, b)"), f"{LAB}/starter.py:1: syntax error: expected ':'", 1),
}


@pytest.fixture
def previous_site(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("previous site")
    (out / ".course-build").write_text("")  # a site the builder made, so a build may replace it
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_author_mistake_is_refused_with_its_place(case, mini_course, previous_site):
    breaks, message, *count = CASES[case]  # a third entry: how many problems, when follow-ons must stay quiet
    breaks(mini_course)
    result = CliRunner().invoke(main, ["--root", str(mini_course), "build", "--out", str(previous_site)])
    assert result.exit_code == 1, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert any(line.startswith(message) for line in lines), result.output
    if count:
        assert f"The course has {count[0]} problem{'s' if count[0] != 1 else ''};" in result.output, result.output
    assert sorted(p.name for p in previous_site.iterdir()) == [".course-build", "index.html"]
    assert (previous_site / "index.html").read_text() == "previous site"
