"""Questions: a fenced block of TOML in a lesson's Markdown, answered on the page.

    ```question
    type = "choice"
    ask = "Which book gets the most attention?"
    choices = ["book 1", "book 2", "book 3"]
    answer = "book 1"
    why = { "book 2" = "Its key points away from the query.", "book 3" = "..." }
    ```

Four types: "choice" (radio buttons; every wrong choice has its reason), "number" (a
text box; the answer is a `{{ ... }}` of the lesson's numbers, never typed), "output"
(predict what `code` prints: the build runs it) and "order" (put the lines of `code` in
order: the page shuffles them). Every text may use the lesson's `{{ ... }}` numbers.
static/js/question.js checks an answer the moment the learner asks, with no Python.
"""

import contextlib
import io
import math
import random

from site_builder.errors import exception_text
from site_builder.markdown_render import markdown_html, short_markdown_error
from site_builder.memo import digest
from site_builder.numbers import NumbersUnavailable
from site_builder.time_limit import TimedOut, time_limit
from site_builder.tomlfile import Field, check_table, key_line
from site_builder.widgets.kind import WidgetKind

SNIPPET_FILE = "<question code>"
SNIPPET_SECONDS = 5
LABEL_WORDS = 6  # "Question: <its first words>", as the page contract names the group
COMMON = [Field("type", str), Field("ask", str), Field("explain", str, required=False)]
FIELDS = {
    "choice": COMMON + [Field("choices", list, item_kind=str), Field("answer", str), Field("why", dict)],
    "number": COMMON + [Field("answer", str), Field("tolerance", (int, float)), Field("hint", str)],
    "output": COMMON + [Field("code", str), Field("hint", str)],
    "order": COMMON + [Field("code", str), Field("hint", str)],
}
FILLED = ("ask", "explain", "hint", "answer")  # the texts whose {{ ... }} are filled in


class QuestionProblem(ValueError):
    """What is wrong with a question block, and the key whose line shows it."""

    def __init__(self, message, key=None):
        super().__init__(message)
        self.key = key


class Question(WidgetKind):
    name = "question"
    placed = "inline"
    fence = "question"
    template = "question.html"
    scripts = ("question.js",)
    styles = ("question.css",)

    def fenced(self, data, text, line, fill, context, document):
        kind = data.get("type")
        problems, path = context.problems, document.src_path
        if kind not in FIELDS:
            known = ", ".join(repr(name) for name in FIELDS)
            problems.add(path, f"question: type should be one of {known}, not {kind!r}", key_line(text, "type", line) or line)
            return None
        if not check_table(data, FIELDS[kind], path, problems, text, "question", line_offset=line):
            return None
        if kind == "number" and "{{" not in data["answer"]:
            problems.add(path, f"question: the answer should be one of the lesson's numbers, like \"{{{{ worked.total }}}}\", never typed: not {data['answer']!r}", key_line(text, "answer", line) or line)
            return None
        try:
            filled = {key: fill(value) if key in FILLED and isinstance(value, str) else value for key, value in data.items()}
            if kind == "choice":
                filled["choices"] = [fill(choice) for choice in data["choices"]]
                filled["why"] = {fill(choice): fill(reason) for choice, reason in data["why"].items()}
            return checked(kind, filled, context.memo)
        except NumbersUnavailable:
            return None  # its provider failed, and that is reported where the provider is named
        except LookupError as error:
            problems.add(path, f"question: {error}", line)
        except QuestionProblem as problem:
            where = key_line(text, problem.key, line) if problem.key else None
            problems.add(path, f"question: {problem}", where or line)
        return None

    def prepare(self, request, context, document):
        words = plain_words(request["ask"])
        label = " ".join(words[:LABEL_WORDS]) + ("…" if len(words) > LABEL_WORDS else "")
        html = {key: markdown_html(request[key]) if request[key] else "" for key in ("ask", "explain", "hint")}
        return {"question": {**request, "label": label, "html": html}, "document_id": document.id}


KIND = Question()


def checked(kind, data, memo):
    """The question as the page needs it, or QuestionProblem."""
    for key in ("ask", "explain", "hint"):
        if key in data and short_markdown_error(data[key]):
            raise QuestionProblem(str(short_markdown_error(data[key])), key)
    base = {"type": kind, "ask": data["ask"], "explain": data.get("explain", ""), "hint": data.get("hint", "")}
    if kind == "choice":
        return {**base, **checked_choice(data)}
    if kind == "number":
        return {**base, **checked_number(data)}
    lines = [line for line in data["code"].strip("\n").splitlines()]
    if kind == "output":
        return {**base, "code": "\n".join(lines), "output": memo.get("question-output", [data["code"]], lambda: run_snippet(data["code"]), persist=True)}
    if len(lines) < 2:
        raise QuestionProblem("an order question needs at least two lines of code to put in order", "code")
    return {**base, "lines": lines, "shuffled": shuffled(lines)}


def checked_choice(data):
    choices, answer, why = data["choices"], data["answer"], data["why"]
    if len(choices) < 2 or len(set(choices)) != len(choices):
        raise QuestionProblem("a choice question needs at least two different choices", "choices")
    if answer not in choices:
        raise QuestionProblem(f"the answer {answer!r} is not one of the choices {choices}", "answer")
    wrong = [choice for choice in choices if choice != answer]
    missing = [choice for choice in wrong if choice not in why]
    if missing:
        raise QuestionProblem(f"why has no reason for the wrong choice {missing[0]!r}: a learner who picks it should learn why it is wrong", "why")
    extra = [choice for choice in why if choice not in wrong]
    if extra:
        raise QuestionProblem(f"why gives a reason for {extra[0]!r}, which is not a wrong choice", "why")
    return {"choices": choices, "answer": choices.index(answer), "why": [why.get(choice, "") for choice in choices]}


def checked_number(data):
    answer, tolerance = data["answer"], data["tolerance"]
    try:
        value = float(answer)
    except ValueError:
        raise QuestionProblem(f"the answer should be one number, but its {{{{ ... }}}} gives {answer!r}", "answer") from None
    if not math.isfinite(value):
        raise QuestionProblem(f"the answer is {value}, which is not a finite number", "answer")
    if not (math.isfinite(tolerance) and tolerance > 0):
        raise QuestionProblem(f"tolerance should be a number above 0, not {tolerance!r}", "tolerance")
    return {"answer": value, "tolerance": tolerance}


def run_snippet(code):
    """What `code` prints, run with the standard library and a time limit; QuestionProblem if it fails."""
    printed = io.StringIO()
    try:
        compiled = compile(code, SNIPPET_FILE, "exec")
        with contextlib.redirect_stdout(printed), time_limit(SNIPPET_SECONDS, lambda filename: filename == SNIPPET_FILE, "a question's code"):
            exec(compiled, {"__name__": "__question__"})
    except TimedOut:
        raise QuestionProblem(f"the code ran for more than {SNIPPET_SECONDS} seconds: is there a loop that never ends?", "code") from None
    except SyntaxError as error:
        raise QuestionProblem(f"the code has a syntax error: {error.msg}", "code") from None
    except Exception as error:
        raise QuestionProblem(f"the code raised {exception_text(error)}; a predict-the-output question needs code that runs", "code") from None
    output = printed.getvalue()
    if not output.strip():
        raise QuestionProblem("the code prints nothing, so there is nothing to predict", "code")
    return output


def shuffled(lines):
    """The lines in an order that is not the right one, the same at every build."""
    order = list(range(len(lines)))
    random.Random(digest(lines)).shuffle(order)
    if order == sorted(order) or [lines[i] for i in order] == lines:
        order = order[1:] + order[:1]
    return order


def plain_words(markdown):
    """The words of a short Markdown text without its markup, for the question's label."""
    text = markdown.replace("`", "").replace("*", "").replace("$", "")
    return text.split()
