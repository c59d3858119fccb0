"""Running a learner's code and describing its errors in the learner's own lines."""

import traceback

from labkit.guard import NO_INPUT, keep, learner_builtins, protected
from labkit.protocol import LEARNER_FILE


class LearnerError(Exception):
    """The learner's code failed; `details` is the dict the page shows."""

    def __init__(self, details):
        super().__init__(details["message"])
        self.details = details


def run_code(code, module_name):
    """Execute the learner's code in a fresh namespace and return it.

    Raises LearnerError for a syntax error or an exception at the top level (exit()
    included). KeyboardInterrupt (the Stop button) passes through untouched.
    """
    namespace, error = run_code_partly(code, module_name)
    if error:
        raise LearnerError(error)
    return namespace


def run_code_partly(code, module_name):
    """(the namespace as far as the code got, the top-level error's details or None).

    A top-level error after the functions are defined still leaves them to check.
    A syntax error raises LearnerError: then nothing ran at all.
    """
    try:
        compiled = compile(code, LEARNER_FILE, "exec")
    except SyntaxError as error:
        raise LearnerError(syntax_error_details(error)) from None
    namespace = {"__name__": module_name, "__builtins__": learner_builtins()}
    keep(namespace)
    try:
        with protected():
            exec(compiled, namespace)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
        keep(error)
        return namespace, exception_details(error, code)
    return namespace, None


MAX_MESSAGE = 2_000  # characters of an error's message the page shows; a 20 MB message is the learner's, not ours to lay out


def error_message(error):
    """An exception's message as text, never raising: the learner's class may define a __str__ that fails (or exits)."""
    try:
        message = str(error)
    except KeyboardInterrupt:
        raise
    except BaseException as problem:
        return f"(its message could not be shown: its __str__ raised {type(problem).__name__})"
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE]}... (cut: the message has {len(message):,} characters)"
    return message


def syntax_error_details(error):
    line = error.lineno
    kind = type(error).__name__
    text = f"{kind} on line {line}: {error.msg}" if line else f"{kind}: {error.msg}"
    source_line = (error.text or "").rstrip("\n")
    if source_line:
        stripped = source_line.lstrip()
        caret_at = max(0, (error.offset or 1) - 1 - (len(source_line) - len(stripped)))
        text += f"\n    {stripped}\n    {' ' * caret_at}^"
    return {"type": kind, "line": line, "top_line": line, "message": error.msg, "text": text}


def learner_frames(error):
    """The (line, function) pairs of the traceback that are in the learner's code."""
    return [
        (frame.lineno, frame.name)
        for frame in traceback.extract_tb(error.__traceback__)
        if frame.filename == LEARNER_FILE
    ]


def advice_for(error):
    """A sentence for the errors a beginner cannot be expected to decode alone."""
    if isinstance(error, ModuleNotFoundError):
        return f"The labs run plain Python with its standard library only: {error.name} is not available here. Lists, loops and the math module are all you need."
    if isinstance(error, MemoryError) or (isinstance(error, OverflowError) and "index-sized" in error_message(error)):
        return "Your code asked for more memory than the browser can give. Look for a list that grows forever or one made far too big (like [0] * 10**10)."
    if isinstance(error, RecursionError):
        return "A function kept calling itself and never stopped. Check that it has a case where it returns without calling itself again."
    if isinstance(error, EOFError):  # the real input(), reached through `import builtins`
        return NO_INPUT
    if isinstance(error, SystemExit):
        return "exit() ends the whole program, so nothing after it runs. In a lab, let your code run to its end, and use return to leave a function."
    return ""


def exception_details(error, code):
    """A traceback that shows only the learner's lines, never the checker's."""
    kind = type(error).__name__
    message = error_message(error)
    lines = code.splitlines()
    frames = learner_frames(error)
    if isinstance(error, RecursionError):
        # Thousands of identical frames help nobody: show where the recursion is.
        frames = frames[:1] + frames[-1:] if len(frames) > 1 else frames
    text_lines = ["Traceback (your code, most recent call last):"] if frames else []
    for line, function in frames:
        where = f"line {line}" if function == "<module>" else f"line {line}, in {function}"
        text_lines.append(f"  {where}")
        if 0 < line <= len(lines):
            text_lines.append(f"    {lines[line - 1].strip()}")
    text_lines.append(f"{kind}: {message}" if message else kind)
    advice = advice_for(error)
    if advice:
        text_lines.append(advice)
    return {
        "type": kind,
        "line": frames[-1][0] if frames else None,  # where it was raised
        "top_line": frames[0][0] if frames else None,  # the outermost of the learner's lines: the call that led there
        "message": message,
        "text": "\n".join(text_lines),
    }
