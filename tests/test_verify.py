from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.verify import verify_labs


def verify(root):
    problems = Problems(root)
    verified = verify_labs(load_course(root).labs, problems)
    return verified, [str(p) for p in problems.found]


def lab_dir(root):
    return root / "labs/01-basics/add"


def test_sound_lab_is_verified_with_the_solution_answers(mini_course):
    verified, found = verify(mini_course)
    assert found == []
    assert verified["01-basics/add"].expected == [5, -3]


def test_solution_that_raises_on_a_case(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return a + c\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py:2: the solution cannot answer the cases: "
        "add(2, 3) raised NameError on line 2: name 'c' is not defined"
    ]


def test_solution_that_raises_at_the_top_level(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("import math\nmath.sqrt(-1)\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/solution.py:2: the solution raised ValueError: math domain error"]


def test_solution_failing_a_property_check(mini_course):
    (lab_dir(mini_course) / "solution.py").write_text("def add(a, b):\n    return -4 if a == -4 else a + b\n")
    _, found = verify(mini_course)
    assert found == [
        "labs/01-basics/add/solution.py: the solution fails its checks (1 of 2 checks failed. "
        "Adds negative numbers: add(-4, 1) returned -4: that is a product. Add with +, not *.)"
    ]


def test_starter_that_passes(mini_course):
    (lab_dir(mini_course) / "starter.py").write_text("def add(a, b):\n    return a + b\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/starter.py: the starter code already passes every check: it should leave work to do"]


def test_wrong_answer_that_passes(mini_course):
    (lab_dir(mini_course) / "wrong/multiplies.py").write_text("# expect: Add with +\ndef add(a, b):\n    return b + a\n")
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/wrong/multiplies.py:1: this wrong answer passes every check: add a check that catches it"]


def test_wrong_answer_caught_with_the_wrong_message(mini_course):
    (lab_dir(mini_course) / "wrong/multiplies.py").write_text("# expect: Did you subtract?\ndef add(a, b):\n    return a * b\n")
    _, found = verify(mini_course)
    assert len(found) == 1
    assert found[0].startswith("labs/01-basics/add/wrong/multiplies.py:1: this wrong answer fails, but no message contains 'Did you subtract?'; it got: add(2, 3) returned 6")


def test_syntax_error_in_checks(mini_course):
    path = lab_dir(mini_course) / "checks.py"
    path.write_text(path.read_text().replace("def adds_small(t):", "def adds_small(t)"))
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/checks.py:9: syntax error: expected ':'"]


def test_check_that_raises(mini_course):
    path = lab_dir(mini_course) / "checks.py"
    path.write_text(path.read_text().replace('t.require_close(small, "Use the + operator.")', "t.expected(small)[0]"))
    _, found = verify(mini_course)
    assert found == ["labs/01-basics/add/checks.py:10: a check raised TypeError: 'int' object is not subscriptable"]


def test_wrong_answers_may_hold_a_syntax_error_or_a_missing_module_on_purpose(mini_course):
    """They are mistakes learners make; the browser answers both with advice."""
    wrong = lab_dir(mini_course) / "wrong"
    (wrong / "no_colon.py").write_text("# expect: SyntaxError on line 2\ndef add(a, b)\n    return a + b\n")
    (wrong / "numpy.py").write_text("# expect: nothing_here is not available here\nimport nothing_here\n")
    _, found = verify(mini_course)
    assert found == []


def test_a_lab_that_never_ends_is_stopped_where_it_loops(mini_course):
    folder = lab_dir(mini_course)
    (folder / "lab.toml").write_text((folder / "lab.toml").read_text() + "time_limit = 1\n")
    (folder / "starter.py").write_text("def add(a, b):\n    return 0\n\n\nwhile True:\n    pass\n")
    _, found = verify(mini_course)
    assert len(found) == 1
    assert found[0] in [f"labs/01-basics/add/starter.py:{line}: ran for more than 1 second (the lab's time_limit): is there a loop that never ends?" for line in (5, 6)]
