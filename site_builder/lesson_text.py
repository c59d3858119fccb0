"""A lesson's text is a small Jinja2 template over its computed numbers.

Lesson text is data, not code: it is rendered in Jinja's immutable sandbox (no reaching Python's
internals from `{{ ... }}`) and within a time limit (no loop can hang the build).
"""

import re
import threading
import traceback

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from site_builder.errors import WidgetError, did_you_mean, exception_text
from site_builder.folded_text import folded_tokens, resolved
from site_builder.memo import TemplateCodeCache, digest
from site_builder.numbers import UNAVAILABLE, NumbersUnavailable
from site_builder.simple_text import simple_fill
from site_builder.time_limit import TimedOut, time_limit

TEMPLATE_NAME = "<template>"  # the file name Jinja gives templates with no file of their own
RENDER_SECONDS = 5  # far more than any lesson needs; a text that takes longer is looping
UNKNOWN_NAME = re.compile(r"'(.+)' is undefined")  # Jinja's message for a name nothing defines
# Template name (a body's digest) -> body, only while Jinja loads it: Jinja then keeps the
# compiled template in its own bounded cache, so `course serve` does not hold every version.
_BODIES = {}
_LOADING = threading.Lock()
_COMPILED = {}  # body digest -> Template
MAX_COMPILED = 20_000


def fixed(value, digits=2):
    return f"{float(value):.{digits}f}"


def grouped(value):
    """A whole number with thousands separators: 4192 -> "4,192"."""
    return f"{int(value):,}"


def vector(values, digits=2):
    return "[" + ", ".join(fixed(value, digits) for value in values) + "]"


def percent(value, digits=0):
    return f"{float(value) * 100:.{digits}f}%"


class UnavailableError(jinja2.UndefinedError):
    """The text used a name whose provider failed (already reported)."""


class MissingNumber(jinja2.StrictUndefined):
    """A key a provider's dict lacks; the message names a close key it has."""

    __slots__ = ()

    @property
    def _undefined_message(self):
        message = super()._undefined_message
        if isinstance(self._undefined_obj, dict):
            message += did_you_mean(self._undefined_name, self._undefined_obj)
        return message


class TextTooSlow(Exception):
    """A text's {% for %} loops ran past RENDER_SECONDS; `line` is the line of the text it was on."""

    def __init__(self, line):
        super().__init__(f"the text took more than {RENDER_SECONDS} seconds to fill in: is a {{% for %}} loop far too long?")
        self.line = line


class NumbersEnvironment(ImmutableSandboxedEnvironment):
    """`{{ walk.keys }}` means the provider's "keys" entry, never the dict's keys() method."""

    def getattr(self, obj, attribute):
        if isinstance(obj, dict):
            return self.getitem(obj, attribute)
        return super().getattr(obj, attribute)


def lesson_body(name):
    """A lesson body by its digest. Nothing else can be loaded: a lesson is one file."""
    if name not in _BODIES:
        raise jinja2.TemplateNotFound(name, f"{name!r} cannot be loaded: a lesson cannot {{% include %}}, {{% import %}} or {{% extends %}} other files")
    return _BODIES[name], None, lambda: True


def make_environment():
    # Bodies are looked up by their digest, which lets Jinja keep their compiled code on
    # disk: compiling costs far more than rendering, so a fresh build skips it.
    environment = NumbersEnvironment(
        loader=jinja2.FunctionLoader(lesson_body),
        bytecode_cache=TemplateCodeCache("lesson-templates"),
        undefined=MissingNumber,
        autoescape=False,
        keep_trailing_newline=True,
        # Jinja's optimizer folds what it can work out when compiling: a lesson's text reads
        # numbers given only at its rendering, so it finds next to nothing, at a sixth of a cold
        # build's compiling (0.1 s).
        optimized=False,
    )
    environment.filters.update(num=fixed, vec=vector, pct=percent, count=grouped)
    return environment


ENVIRONMENT = make_environment()


def fill_numbers(lesson, numbers, problems, widgets=None, body=None):
    """The lesson body with every {{ ... }} replaced; None (and a problem) if one fails.

    `widgets` are the functions the text may call, such as heatmap(...). A name whose
    provider failed (UNAVAILABLE) stops the text quietly: that failure is already reported.
    """
    body = lesson.body if body is None else body
    context = {**(widgets or {}), **numbers_context(numbers)}
    text, prose, body_line = folded_template_of(body, context)
    try:
        return render(compiled(text), **context, **prose)
    except jinja2.TemplateSyntaxError as error:
        problems.add(lesson.src_path, f"in a {{{{ ... }}}} expression: {error.message}", lesson.body_line + body_line(error.lineno) - 1)
    except UnavailableError:
        pass
    except TextTooSlow as error:
        problems.add(lesson.src_path, str(error), lesson.body_line + body_line(error.line) - 1 if error.line else None)
    except Exception as error:
        line = template_line(error)
        where = lesson.body_line + body_line(line) - 1 if line else None
        problems.add(lesson.src_path, describe(error, [*numbers, *(widgets or {})]), where)
    return None


def numbers_context(numbers):
    """What a text's {{ ... }} can read: a name whose provider failed stops the text quietly."""
    return {name: jinja2.StrictUndefined(name=name, exc=UnavailableError) if value is UNAVAILABLE else value for name, value in numbers.items()}


def fill_text(text, numbers):
    """A short text (a caption, a question) with its {{ ... }} filled in from `numbers`.

    Raises NumbersUnavailable when it names numbers whose provider failed (already
    reported), and LookupError with what to change for any other mistake.
    """
    if is_plain(text):
        return text  # what Jinja would make of it, without compiling it (half a course's texts)
    context = numbers_context(numbers)
    filled = simple_fill(text, context, ENVIRONMENT)  # most of the rest, also without compiling
    if filled is not None:
        return filled
    try:
        template, prose, _ = folded_template_of(text, context)
        return render(compiled(template), **context, **prose)
    except TextTooSlow as error:
        raise LookupError(str(error)) from None
    except SecurityError as error:
        raise LookupError(f"in {text!r}: {sandboxed(error)}") from None
    except UnavailableError:
        raise NumbersUnavailable(text) from None
    except jinja2.TemplateSyntaxError as error:
        raise LookupError(f"cannot read the {{{{ ... }}}} in {text!r}: {error.message}; write {{{{ name.path | num(2) }}}} as in lesson text") from None
    except jinja2.UndefinedError as error:
        raise LookupError(undefined_message(error, numbers, "is it declared under [numbers], and does the provider return it?")) from None
    except (TypeError, ValueError, ArithmeticError) as error:
        raise LookupError(f"in {text!r}: {type(error).__name__}: {error}") from None


def is_plain(text):
    """Whether `text` has nothing for Jinja to do: no tag, expression or comment, and no \\r to make \\n of."""
    return not any(mark in text for mark in ("{{", "{%", "{#", "\r"))


def render(template, **context):
    """`template` filled in, within RENDER_SECONDS."""
    try:
        with time_limit(RENDER_SECONDS, lambda filename: filename == TEMPLATE_NAME, "a lesson's text"):
            return template.render(**context)
    except TimedOut as timeout:
        # The stack's lines are of Jinja's compiled code; the template maps them back to the text's.
        line = next((line for filename, line in timeout.stack if filename == TEMPLATE_NAME), None)
        raise TextTooSlow(template.get_corresponding_lineno(line) if line else None) from None


def sandboxed(error):
    return f"lesson text can read numbers, not reach into Python ({error})"


def compiled(body):
    """The text compiled, once per process: Jinja's own cache holds 400 and a course has over a thousand."""
    name = digest([body])
    if name not in _COMPILED:
        if len(_COMPILED) >= MAX_COMPILED:
            _COMPILED.clear()  # `course serve` running all day: start again rather than grow
        with _LOADING:
            _BODIES[name] = body
            try:
                _COMPILED[name] = ENVIRONMENT.get_template(name)
            finally:
                del _BODIES[name]
    return _COMPILED[name]


# A lesson's template apart from its prose: each run of plain text is read from this list.
PROSE = "lesson_prose__"
# Where a new line may begin, as an empty comment: after text or a tag, never inside one.
BETWEEN_TAGS = frozenset({"data", "variable_end", "block_end", "comment_end", "raw_begin", "raw_end"})


def template_of(body):
    """(the text to compile for `body`, what to render it with, the body's line of each of its lines).

    Compiling a lesson costs far more than rendering it, and an author mostly edits prose.
    So the text compiled is the body's skeleton: each run of text (Jinja's "data") becomes
    {{ lesson_prose__[i] }}, read from the list passed in, and the lines between two tags
    become one. Saving a sentence, or a whole new paragraph, reuses the compiled code. The
    third item maps a line of the skeleton back to the body's, for messages. A body this
    cannot take apart exactly is compiled whole.
    """
    taken_apart = skeleton(body)
    if taken_apart is None:
        return body, {}, lambda line: line
    text, prose, lines = taken_apart
    return text, {PROSE: prose}, body_lines(lines)


def folded_template_of(body, context):
    """template_of(body), its simple numbers filled in from `context` as part of its prose
    (site_builder/folded_text.py); when one cannot be, or the body cannot be folded, template_of(body)."""
    taken_apart = skeleton(body, fold=True)
    if taken_apart is not None:
        text, runs, lines = taken_apart
        prose = [run if isinstance(run, str) else resolved(run, context, ENVIRONMENT) for run in runs]
        if None not in prose:
            return text, {PROSE: prose}, body_lines(lines)
    return template_of(body)


def body_lines(lines):
    """The body's line of a skeleton's line, from `lines` (one for each line of the skeleton)."""
    return lambda line: lines[line - 1] if line and line <= len(lines) else line


def skeleton(body, fold=False):
    """(the body's skeleton, its runs of text, the body's line of each skeleton line), or None to compile it whole.

    With `fold`, a run of text is a tuple of text and folded Expressions where it holds any (folded_text.py).
    """
    try:
        tokens = list(ENVIRONMENT.lexer.tokeniter(body, TEMPLATE_NAME))
    except jinja2.TemplateSyntaxError:
        return None  # compiled whole, its error is the one Jinja's parser meets first, as always
    if fold:
        tokens = folded_tokens(tokens, ENVIRONMENT)
        if tokens is None:
            return None
    parts, prose, lines = [], [], [1]
    previous = "data"
    for lineno, kind, value in tokens:
        if kind == "name" and value == PROSE:
            return None
        if lineno != lines[-1]:  # a token on a later line: so it is in the skeleton, whatever lies between
            if lineno < lines[-1] or previous not in BETWEEN_TAGS:
                return None
            parts.append("{#\n#}")
            lines.append(lineno)
        if kind == "data":
            parts.append(f"{{{{ {PROSE}[{len(prose)}] }}}}")
            prose.append(value)
        elif kind not in ("raw_begin", "raw_end"):  # a raw block's text is plain text like any other
            parts.append(value)
            lines += range(lines[-1] + 1, lines[-1] + 1 + value.count("\n"))  # a tag's own lines, one for one
        previous = kind
    return "".join(parts), prose, lines


def template_line(error):
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == TEMPLATE_NAME]
    return frames[-1].lineno if frames else None


def undefined_message(error, names, hint):
    """Jinja's message for a name or key nothing defines, with the close one meant, or else `hint`."""
    unknown = UNKNOWN_NAME.fullmatch(error.message)
    message = error.message + (did_you_mean(unknown[1], names) if unknown else "")
    return message if "(did you mean" in message else f"{message} ({hint})"


def describe(error, names=()):
    """What went wrong in the text; `names` are those it may use, for a close one to suggest."""
    if isinstance(error, jinja2.UndefinedError):
        hint = "is it in the lesson's [numbers], and does the provider return it?"
        return f"a computed number failed: {undefined_message(error, names, hint)}"
    if isinstance(error, WidgetError):
        return f"a widget failed: {error}"
    if isinstance(error, jinja2.TemplateNotFound):
        return error.message
    if isinstance(error, SecurityError):
        return sandboxed(error)
    return f"a computed number failed: {exception_text(error)}"
