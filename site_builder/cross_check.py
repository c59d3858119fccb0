"""A lab's expected answers, checked against sources that are not its solution.

The expected answers are whatever the solution returns, so a wrong solution would
fail every correct learner, and its wrong answers would seem to be at fault. Two
sources do not depend on it: the numbers the lesson shows (a lab's
[[worked_example]], see site_builder/worked_examples.py) and, for a lab whose
function is a block of microgpt (its model_hook), the model's own function.
"""

import ast
import copy
from pathlib import Path

import labkit
import microgpt
from labkit import Case, show
from labkit.model_views import TABLE_BLOCKS
from labkit.realmodel import MODEL_BLOCKS as BLOCKS
from labkit.values import NotPlainData, close, plain, same_shape, shape_of
from site_builder import tomlfile
from site_builder.numbers import ProviderFailed

# The model's own block for each hook; for a class (the drop-in's Value), the course's own class;
# for Module 9's forward pass, loss and updates, the course's own code called the learner's way.
MODEL_BLOCKS = {**BLOCKS, **TABLE_BLOCKS, "Value": microgpt.Value}

# Relative. Both sides compute the same numbers, perhaps in another order, so they agree
# to the last few bits; a wrong solution is off by far more.
AGREEMENT = 1e-9
SHOWN_DIGITS = (4, 6, 9, 12, 15, 17)
SHOWN_ITEMS = 8  # labkit.show writes this many items of a list, then "... n more"


def cross_check(lab, checks_namespace, expected, providers, problems):
    """True when every source besides the solution agrees with its answers; else each disagreement is a problem."""
    before = len(problems.found)
    cases = checks_namespace["checks"].cases
    for example in lab.worked_examples:
        check_worked_example(lab, example, checks_namespace, cases, expected, providers, problems)
    if lab.model_hook:
        check_model_block(lab, cases, expected, problems)
    return len(problems.found) == before


def check_worked_example(lab, example, checks_namespace, cases, expected, providers, problems):
    toml = lab.src_dir / "lab.toml"
    where = f"worked_example (case {example.case!r})"
    case = checks_namespace.get(example.case)
    if not any(case is known for known in cases):
        named = [name for name, value in checks_namespace.items() if isinstance(value, Case)]
        listed = f"its cases are {', '.join(named)}" if named else "it names none of its cases"
        problems.add(toml, f"{where}: checks.py has no case called {example.case!r} ({listed})", example.line)
        return
    try:
        numbers = providers.compute(example.numbers)
    except ProviderFailed as failure:
        providers.report(failure, problems)
        problems.add(toml, f"{where}: {example.numbers} {failure.summary}", example.line)
        return
    except LookupError as error:
        problems.add(toml, f"{where}: {error}", example.line)
        return
    try:
        shown = plain(example.value_in(numbers))
    except (LookupError, NotPlainData) as error:
        problems.add(toml, f"{where}: {example.numbers}: {error}", example.line)
        return
    answer = expected[case.index]
    source = f"{example.numbers}'s {example.key}"
    if not same_shape(answer, shown):
        says = f"the solution returns {shape_of(answer)} for {case.call_text()}, but {source} is {shape_of(shown)}"
        problems.add(toml, f"{where}: {says}: does it name the right case and key?", example.line)
    elif not close(answer, shown, AGREEMENT):
        got, want = shown_apart(answer, shown)
        message = f"{case.call_text()} returns {got}, but the lesson shows {want} ({source}, the worked example at lab.toml:{example.line}){differ_at(answer, shown)}"
        problems.add(lab.src_dir / "solution.py", f"the solution disagrees with the lesson: {message}", def_line(lab.solution, case.function))


def check_model_block(lab, cases, expected, problems):
    """The model's own block gives the expected answer on every case that calls the lab's function of that name."""
    hook = lab.model_hook
    block = MODEL_BLOCKS[hook]
    taken, wrong = 0, []
    for case in cases:
        if case.function != hook:
            continue
        try:
            model = plain(case.caller(block)(*copy.deepcopy(case.args)))
        except Exception:  # a case the model's block cannot take: an input the model never gives it
            continue
        taken += 1
        if not (same_shape(expected[case.index], model) and close(expected[case.index], model, AGREEMENT)):
            wrong.append((case, model))
    if not taken:
        line = tomlfile.key_line((lab.src_dir / "lab.toml").read_text(encoding="utf-8"), "model_hook")
        message = f"model_hook {hook!r} checks nothing: no case in checks.py calls {hook}() with arguments the model's own block can take"
        problems.add(lab.src_dir / "lab.toml", message, line)
    if wrong:
        case, model = wrong[0]
        got, want = shown_apart(expected[case.index], model)
        more = f" (the two differ on {len(wrong) - 1} more of the {taken} cases it takes)" if len(wrong) > 1 else ""
        message = f"{case.call_text()} returns {got}, but the model's own {hook} gives {want}{more}{differ_at(expected[case.index], model)}"
        problems.add(lab.src_dir / "solution.py", f"the solution disagrees with the real model: {message}", def_line(lab.solution, case.function))


def shown_apart(a, b):
    """Both values, rounded to the fewest digits that show them differ."""
    for digits in SHOWN_DIGITS:
        if rounded(a, digits) != rounded(b, digits):
            break
    return show(a, digits), show(b, digits)


def rounded(value, digits):
    if isinstance(value, list):
        return [rounded(item, digits) for item in value]
    return round(float(value), digits) if isinstance(value, (int, float)) else value


def differ_at(a, b, where=""):
    """"; they first differ at [4][0]: 3.5324 against 3.0522", for a list of lists or a long list.

    Nothing for a number or a short list of numbers: both are shown whole already.
    """
    if not where and (not isinstance(a, list) or (len(a) <= SHOWN_ITEMS and not any(isinstance(x, list) for x in a))):
        return ""
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b)):
            if not close(x, y, AGREEMENT):
                return differ_at(x, y, f"{where}[{index}]")
        return ""
    x, y = shown_apart(a, b)
    return f"; they first differ at {where}: {x} against {y}"


def def_line(source, function):
    """The line of `def function` at the top of a solution, or None."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    return next((node.lineno for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function), None)


def fingerprint(lab, providers, model_source=None):
    """What cross_check reads besides the lab's own files, for the build's memo of sound labs.

    `model_source`: model_source_text(), or a digest of it, worked out once for every lab of a build.
    """
    parts = []
    for example in lab.worked_examples:
        try:
            parts.append(providers.as_text(example.numbers))
        except (LookupError, ProviderFailed) as error:
            parts.append(repr(error))
    if lab.model_hook:
        parts.append(model_source if model_source is not None else model_source_text())
    return "\n".join(parts)


def model_source_text():
    """The model's and the checker's source, which a lab with a model_hook is checked against."""
    paths = [*sorted(Path(microgpt.__file__).parent.glob("*.py")), *sorted(Path(labkit.__file__).parent.glob("*.py"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)
