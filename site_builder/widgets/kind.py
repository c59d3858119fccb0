"""The contract every widget kind keeps, and the widgets one page gathers."""

import difflib
import inspect
import re
from dataclasses import dataclass, field

from site_builder import tomlfile
from site_builder.errors import WidgetError

PLACES = ("top", "inline", "bottom")
# Lesson text is rendered before Markdown, so an inline widget first leaves a marker
# paragraph, swapped for its HTML once Markdown has run: Markdown never sees (and so
# never mangles) a widget's markup or data.
MARKER = '<div data-widget="{index}"></div>'
# A kind drawn inside a sentence (a term's link) leaves an inline marker, which Markdown
# keeps inside its paragraph, its emphasis or its table cell.
IN_SENTENCE_MARKER = '<span data-widget="{index}"></span>'
MARKER_PATTERN = re.compile(r'(?:<p>)?<div data-widget="(\d+)"></div>(?:</p>)?|<span data-widget="(\d+)"></span>')
FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<name>[a-z][a-z-]*)\s*$")


@dataclass(frozen=True)
class WidgetContext:
    """What a kind may read while it prepares its data; the same for every page of a build."""

    course: object
    providers: object  # site_builder.numbers.Providers
    problems: object  # site_builder.errors.Problems
    memo: object  # site_builder.memo.Memo


class WidgetKind:
    """One kind of widget. A kind sets the class attributes and overrides the methods it needs."""

    name = ""
    placed = "inline"  # one of PLACES
    fence = None  # an inline kind written as a fenced block of TOML (```question) instead of a call
    template = ""  # under templates/widgets/
    scripts = ()  # ES modules under static/js/, loaded once by a page that holds one (bundled: page_scripts.py)
    starters = ()  # modules that start slow work (Python): run as soon as they load, before the scripts (async)
    styles = ()  # style sheets under static/css/
    in_sentence = False  # an inline kind drawn within the sentence that calls it, not as a block

    def request(self, *args, **kwargs):
        """An inline call's arguments, checked, as the request `prepare` takes.

        Its signature is the call's: Python binds the author's arguments to it, so a
        misspelt keyword is refused before it runs. Raises WidgetError for a bad value.
        """
        raise NotImplementedError(f"{self.name} is not an inline widget")

    def fenced(self, data, text, line, fill, context, document):
        """A fenced kind's request from its block's TOML `data` (`text`, starting at file line `line`).

        `fill(text)` fills in {{ ... }} from the document's numbers. Problems are recorded
        by the kind at their lines of the document's file; None leaves the block out.
        """
        raise NotImplementedError(f"{self.name} is not written as a fenced block")

    def declared(self, document, context):
        """A "top" or "bottom" kind's requests, found in the document's own files.

        Problems with those files are recorded by the kind, at their own lines; a request
        that has one is left out.
        """
        return []

    def numbers_named(self, course):
        """The providers ("module:function") this kind's own files name, for the build to start
        computing early; one it leaves out is computed when it is asked for. Says no problems."""
        return []

    def prepare(self, request, context, document):
        """The template's context for one widget. Raises WidgetError for what the author must change."""
        raise NotImplementedError

    def files(self, request):
        """{site path: text} the site publishes for this widget, beside the pages."""
        return {}

    def check_course(self, course, problems):
        """Problems only the whole course shows (such as a film whose lesson is gone)."""


@dataclass
class Widget:
    kind: WidgetKind
    request: object
    context: dict
    html: str = ""


@dataclass(frozen=True)
class RenderedDocument:
    """A lesson's or page's body and widgets as HTML, with what the page must load for them."""

    body: str
    top: tuple = ()
    bottom: tuple = ()
    scripts: tuple = ()
    starters: tuple = ()
    styles: tuple = ()
    files: dict = field(default_factory=dict)


class PageWidgets:
    """The widgets of one document: declared and fenced ones found at once, the called ones as the text calls them.

    `body` is the document's text with every fenced widget replaced by its marker (and
    blank lines, so the text keeps its line numbers); `fill` fills in a text's numbers.
    """

    def __init__(self, kinds, context, document, fill=str):
        self.kinds = kinds
        self.context = context
        self.document = document
        self.widgets = []
        self.body = self.take_fences(document, fill) if document is not None else ""
        for kind in kinds.values():
            if kind.placed != "inline":
                for request in kind.declared(document, context):
                    try:
                        self.add(kind, request)
                    except WidgetError as error:
                        context.problems.add(document.src_path, f"{kind.name}: {error}")

    def functions(self):
        """{name: function} the document's text may call."""
        return {name: self.caller(kind) for name, kind in self.kinds.items() if kind.placed == "inline" and not kind.fence}

    def take_fences(self, document, fill):
        fenced = {kind.fence: kind for kind in self.kinds.values() if kind.fence}
        lines = document.body.splitlines(keepends=True)
        out, index = [], 0
        while index < len(lines):
            opened = FENCE_OPEN.match(lines[index].rstrip("\n"))
            kind = fenced.get(opened.group("name")) if opened else None
            if kind is None:
                out.append(lines[index])
                index += 1
                continue
            close = next((end for end in range(index + 1, len(lines)) if lines[end].strip() == opened.group("fence")), None)
            first_line = document.body_line + index  # the opening fence's line in the file
            if close is None:
                self.context.problems.add(document.src_path, f"this {kind.fence} block is never closed: end it with a line {opened.group('fence')}", first_line)
                return document.body
            text = "".join(lines[index + 1 : close])
            data = tomlfile.parse(text, document.src_path, self.context.problems, line_offset=first_line)
            request = None if data is None else kind.fenced(data, text, first_line, fill, self.context, self.document)
            marker = ""
            if request is not None:
                try:
                    self.add(kind, request)
                    marker = MARKER.format(index=len(self.widgets) - 1)
                except WidgetError as error:
                    self.context.problems.add(document.src_path, f"{kind.name}: {error}", first_line)
            # As many lines as the block had, the marker alone in a paragraph of its own.
            out.append("\n" + marker + "\n" + "\n" * (close - index - 1))
            index = close + 1
        return "".join(out)

    def caller(self, kind):
        def call(*args, **kwargs):
            try:
                bound = inspect.signature(kind.request).bind(*args, **kwargs)
            except TypeError as error:
                raise WidgetError(f"{kind.name}(): {error}{keyword_suggestion(kind, kwargs)}") from None
            self.add(kind, kind.request(*bound.args, **bound.kwargs))
            if kind.in_sentence:
                return IN_SENTENCE_MARKER.format(index=len(self.widgets) - 1)
            return "\n\n" + MARKER.format(index=len(self.widgets) - 1) + "\n\n"

        call.__name__ = kind.name
        return call

    def add(self, kind, request):
        number = 1 + sum(1 for widget in self.widgets if widget.kind is kind)
        context = kind.prepare(request, self.context, self.document)
        self.widgets.append(Widget(kind, request, {"number": number, **context}))

    def rendered(self, body, root, templates):
        """The finished document: every widget drawn, inline ones where the text called them."""
        for widget in self.widgets:
            widget.html = templates.get_template(f"widgets/{widget.kind.template}").render(root=root, **widget.context)
        body = MARKER_PATTERN.sub(lambda match: self.widgets[int(match.group(1) or match.group(2))].html, body)
        files = {}
        for widget in self.widgets:
            files.update(widget.kind.files(widget.request))

        def placed(where):
            return tuple(widget.html for widget in self.widgets if widget.kind.placed == where)

        def loaded(attribute):
            return tuple(dict.fromkeys(path for widget in self.widgets for path in getattr(widget.kind, attribute)))

        loads = {attribute: loaded(attribute) for attribute in ("scripts", "starters", "styles")}
        return RenderedDocument(body, placed("top"), placed("bottom"), files=files, **loads)


def keyword_suggestion(kind, kwargs):
    """" (did you mean 'head'?)" for a misspelt keyword, or ""."""
    known = [name for name, parameter in inspect.signature(kind.request).parameters.items() if parameter.kind is parameter.KEYWORD_ONLY]
    for name in kwargs:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            if close:
                return f" (did you mean {close[0]!r}?)"
    return ""
