"""A lab's `[[worked_example]]` tables: the lesson's numbers that a case's answer must equal.

A lab's expected answers are whatever its solution returns. A worked example names
a second source for one case, the numbers the lesson shows (a provider in
course/numbers/), so that a wrong solution is caught by the build instead of failing
every correct learner:

    [[worked_example]]
    case = "worked"                      # a case in checks.py, by the name it has there
    numbers = "attention:worked_example" # the provider the lesson's numbers come from
    key = "blend"                        # where in its result: "blend", "first_m.vector", "steps[4].output"

This module reads and validates the declaration; site_builder/cross_check.py compares.
"""

import re
from dataclasses import dataclass

from site_builder import tomlfile
from site_builder.tomlfile import Field

TABLE = "worked_example"
FIELDS = [Field("case", str), Field("numbers", str), Field("key", str)]
KEY_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\])*")
KEY_STEP = re.compile(r"[A-Za-z_]\w*|\[(\d+)\]")


@dataclass(frozen=True)
class WorkedExample:
    line: int | None  # of its [[worked_example]] header in lab.toml
    case: str
    numbers: str  # "module:function" in course/numbers/
    key: str

    def steps(self):
        """The key as the dict keys and list indices to follow: "steps[4].output" -> ["steps", 4, "output"]."""
        return [int(match.group(1)) if match.group(1) else match.group(0) for match in KEY_STEP.finditer(self.key)]

    def value_in(self, numbers):
        """The value at `key` in a provider's result; LookupError naming the first step that is not there."""
        value, followed = numbers, ""
        for step in self.steps():
            if isinstance(step, int):
                if not isinstance(value, (list, tuple)) or step >= len(value):
                    count = f"a list of {len(value)}" if isinstance(value, (list, tuple)) else f"a {type(value).__name__}"
                    raise LookupError(f"{followed or 'its result'} has no item [{step}]: it is {count}")
                value, followed = value[step], f"{followed}[{step}]"
            else:
                if not isinstance(value, dict) or step not in value:
                    has = f" (it has: {', '.join(sorted(map(str, value)))})" if isinstance(value, dict) else ""
                    raise LookupError(f"{followed or 'its result'} has no {step!r}{has}")
                value, followed = value[step], f"{followed}.{step}" if followed else step
        return value


def load_worked_examples(meta, text, path, problems, model_hook):
    """The lab's worked examples (a tuple), or None when any is malformed; each problem is reported.

    A lab needs at least one source for its answers besides its solution: a worked
    example, or a model_hook (the model's own block). The build refuses a lab with
    neither, as it refuses one without wrong answers: its answers are the solution's
    word alone.
    """
    entries = meta.get(TABLE, [])
    if isinstance(entries, dict):  # [worked_example]: one table, where the loader reads a list of them
        problems.add(path, f"write [[{TABLE}]], with two brackets on each side: a lab may have several", tomlfile.table_line(text, TABLE))
        return None
    if not all(isinstance(entry, dict) for entry in entries):
        problems.add(path, f"{TABLE} should be tables ([[{TABLE}]] with case, numbers and key), not {entries!r}", tomlfile.key_line(text, TABLE))
        return None
    if not entries and model_hook is None:
        problems.add(
            path,
            f"nothing checks the solution's answers: add a [[{TABLE}]] naming a case in checks.py and the "
            'numbers the lesson shows for it (case = "...", numbers = "module:function", key = "..."), '
            "or a model_hook if the function is a block of the real model",
        )
        return None
    examples, sound = [], True
    for index, entry in enumerate(entries):
        # A [[worked_example]] header, or one line `worked_example = [{...}]` (which keys can follow).
        line = tomlfile.table_line(text, TABLE, index) or tomlfile.key_line(text, TABLE)
        where = f"{TABLE} {index + 1}"
        if not tomlfile.check_table(entry, FIELDS, path, problems, text, where, after_line=line or 0):
            sound = False
            continue
        example = WorkedExample(line, entry["case"], entry["numbers"], entry["key"])
        problem = declaration_problem(example)
        if problem:
            field, message = problem
            problems.add(path, f"{where}: {message}", tomlfile.key_line(text, field, after_line=line or 0) or line)
            sound = False
        else:
            examples.append(example)
    return tuple(examples) if sound else None


def declaration_problem(example):
    """(field, what is wrong) for a declaration that cannot mean anything, or None."""
    if not example.case.isidentifier():
        return "case", f"case should be the name of a case in checks.py (like worked in `worked = checks.case(...)`), not {example.case!r}"
    module, _, function = example.numbers.partition(":")
    if example.numbers.count(":") != 1 or not module or not function:
        return "numbers", f"numbers should be \"module:function\" (a function in course/numbers/), not {example.numbers!r}"
    if not KEY_PATH.fullmatch(example.key):
        return "key", f"key should name a value in the numbers' result, like \"blend\", \"first_m.vector\" or \"steps[4].output\", not {example.key!r}"
    return None
