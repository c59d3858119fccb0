"""The sentences a failure is made of: what a call did to its arguments, what it printed."""

import inspect

from labkit.calls import plain_or_not_compared
from labkit.values import shown_apart


def sentence(text):
    return text if text.endswith((".", "?", "!")) else text + "."


def joined(*parts):
    """Sentences and paragraphs of a message, the empty ones left out."""
    text = ""
    for part in parts:
        if not part:
            continue
        text += "" if not text or part.startswith("\n") else " "
        text += part
    return text


def parameter_names(function):
    try:
        return list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return []


def changed_arguments(outcome, function, subject="It"):
    """"It changed its argument x while it ran: x went in as [8, -4, 4, 2] and came out as [1.6, ...]." or ""."""
    names = parameter_names(function)
    said = []
    for index in outcome.changed_args():
        name = names[index] if index < len(names) else f"number {index + 1}"
        before, after = outcome.args[index], outcome.args_after[index]
        part = name
        if isinstance(before, list) and any(isinstance(item, list) for item in before) and len(before) == len(after):
            row = next(row for row, (old, new) in enumerate(zip(before, after)) if plain_or_not_compared(old) != new)
            part, before, after = f"{name}[{row}]", before[row], after[row]  # a table: the row that changed
        came_out, went_in, _ = shown_apart(after, plain_or_not_compared(before), tolerance=0)
        said.append(f"{subject} changed its argument {name} while it ran: {part} went in as {went_in} and came out as {came_out}.")
    return " ".join(said)


PRINTED_SHOWN = 3  # lines of a call's prints quoted in a failure
PRINTED_WIDTH = 100  # characters of each


def clipped(line):
    return line if len(line) <= PRINTED_WIDTH else line[: PRINTED_WIDTH - 3] + "..."


def printed_note(outcome):
    lines = outcome.printed_lines()
    if not lines:
        return ""
    quoted = "\n".join(f"    {clipped(line)}" for line in lines[:PRINTED_SHOWN])
    left = outcome.printed_count - min(len(lines), PRINTED_SHOWN)
    more = f"\n    ... and {left} more line{'s' if left != 1 else ''}" if left > 0 else ""
    return f"\nWhile the checker called it, it printed:\n{quoted}{more}"


def printed_instead(outcome):
    lines = outcome.printed_lines()
    first = clipped(lines[0]) if lines else ""
    left = outcome.printed_count - 1
    more = f" (and {left} more line{'s' if left != 1 else ''})" if left > 0 else ""
    return (
        f"{outcome.text} printed {first}{more}, but returned None. print only shows a value on the screen; "
        "the checks read what your function gives back with return."
    )
