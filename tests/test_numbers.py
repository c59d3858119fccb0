"""Providers in course/numbers/: each module runs once per build, and a rebuild reads it anew."""

import pytest

from site_builder.errors import Problems
from site_builder.numbers import ProviderFailed, Providers, document_numbers
from tests.stand_in_workers import NotingWorkers

# Each import of this module adds a line to imports.log beside it.
COUNTED = """\
from pathlib import Path

with Path(__file__).with_name("imports.log").open("a") as log:
    log.write("imported\\n")


def value():
    return {"x": 1}
"""

USER = """\
from . import counted


def doubled():
    return {"x": counted.value()["x"] * 2}
"""


def write_providers(root):
    numbers = root / "course" / "numbers"
    (numbers / "counted.py").write_text(COUNTED)
    (numbers / "user.py").write_text(USER)
    return numbers / "imports.log"


def test_a_provider_that_imports_another_shares_its_module(mini_course):
    log = write_providers(mini_course)
    providers = Providers(mini_course)
    assert providers.compute("counted:value") == {"x": 1}
    assert providers.compute("user:doubled") == {"x": 2}
    assert log.read_text() == "imported\n"


def test_a_provider_imported_first_by_another_is_not_run_again(mini_course):
    log = write_providers(mini_course)
    providers = Providers(mini_course)
    assert providers.compute("user:doubled") == {"x": 2}
    assert providers.compute("counted:value") == {"x": 1}
    assert log.read_text() == "imported\n"


def test_each_build_reads_the_providers_again(mini_course):
    log = write_providers(mini_course)
    Providers(mini_course).compute("user:doubled")
    counted = mini_course / "course/numbers/counted.py"
    counted.write_text(counted.read_text().replace('{"x": 1}', '{"x": 10}'))
    assert Providers(mini_course).compute("user:doubled") == {"x": 20}
    assert log.read_text() == "imported\nimported\n"



def test_a_provider_that_never_ends_is_stopped_at_its_line(mini_course, monkeypatch):
    from site_builder import numbers

    monkeypatch.setattr(numbers, "PROVIDER_SECONDS", 1)
    path = mini_course / "course/numbers/demo.py"
    path.write_text(path.read_text().replace("a, b = 2, 3", "a, b = 2, 3\n    while True:\n        a += 1"))
    problems = Problems(mini_course)
    document_numbers({"demo": "demo:sums"}, Providers(mini_course), mini_course / "x.md", "demo = 'demo:sums'", problems)
    assert [str(problem) for problem in problems.found][0].startswith("course/numbers/demo.py:")
    assert "demo:sums ran for more than 1 seconds: is there a loop that never ends?" in str(problems.found[0])
    assert problems.found[0].line in (3, 4)


def test_a_cold_build_starts_the_modules_that_say_they_are_longest_first(mini_course):
    numbers = mini_course / "course" / "numbers"
    costs = {"quick": None, "slow": "BUILD_SECONDS = 6", "middling": "BUILD_SECONDS = 1.5",
             "odd": 'BUILD_SECONDS = "a lot"', "flagged": "BUILD_SECONDS = True", "broken": "raise ValueError('no')"}
    for name, line in costs.items():
        (numbers / f"{name}.py").write_text(f"{line or ''}\n\ndef value():\n    return {{'x': 1}}\n")
    providers = Providers(mini_course)
    workers = NotingWorkers(run=False, answer={})
    targets = [f"{name}:value" for name in costs] + ["slow:other"]
    providers.prefetch(targets, workers)
    # Longest first; modules that say nothing usable keep the order the course names them in.
    assert [group for _root, group in workers.sent] == [["slow:value", "slow:other"], ["middling:value"], ["quick:value"], ["odd:value"],
                            ["flagged:value"], ["broken:value"]]
    # The broken module's failure is kept for the page that asks, as without workers.
    with pytest.raises(ProviderFailed, match="raised ValueError: no"):
        providers.compute("broken:value")


def test_a_module_that_uses_a_slow_modules_numbers_is_computed_after_it_in_its_piece(mini_course):
    # Sent to a worker of its own, it would only wait there for the other worker's result.
    numbers = mini_course / "course" / "numbers"
    sources = {
        "slow": "BUILD_SECONDS = 6",
        "middle": "from . import slow\nBUILD_SECONDS = 1",  # slow itself, and using a slower one
        "top": "from . import middle",  # uses middle, which joins slow: so does top
        "reader": "from . import slow",
        "alone": "from . import quick",  # quick says nothing of seconds: no reason to wait together
        "quick": "",
        "elsewhere": "from . import kept",  # kept is not computed in this build
        "kept": "BUILD_SECONDS = 3",
    }
    for name, line in sources.items():
        (numbers / f"{name}.py").write_text(f"{line}\n\ndef value():\n    return {{'x': 1}}\n")
    workers = NotingWorkers(run=False, answer={})
    names = ["top", "reader", "alone", "quick", "elsewhere", "middle", "slow"]
    Providers(mini_course).prefetch([f"{name}:value" for name in names], workers)
    assert [group for _root, group in workers.sent] == [["slow:value", "reader:value", "middle:value", "top:value"],
                            ["alone:value"], ["quick:value"], ["elsewhere:value"]]
