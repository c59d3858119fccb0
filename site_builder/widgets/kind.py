"""The contract every widget kind keeps, and the widgets one page gathers."""

import difflib
import inspect
import re
from dataclasses import dataclass, field

from site_builder.errors import WidgetError

PLACES = ("top", "inline", "bottom")
# Lesson text is rendered before Markdown, so an inline widget first leaves a marker
# paragraph, swapped for its HTML once Markdown has run: Markdown never sees (and so
# never mangles) a widget's markup or data.
MARKER = '<div data-widget="{index}"></div>'
MARKER_PATTERN = re.compile(r'(?:<p>)?<div data-widget="(\d+)"></div>(?:</p>)?')


@dataclass(frozen=True)
class WidgetContext:
    """What a kind may read while it prepares its data; the same for every page of a build."""

    course: object
    providers: object  # site_builder.numbers.Providers
    problems: object  # site_builder.errors.Problems
    memo: object  # site_builder.memo.Memo
    verified: dict  # lab id -> verify.VerifiedLab


class WidgetKind:
    """One kind of widget. A kind sets the class attributes and overrides the methods it needs."""

    name = ""
    placed = "inline"  # one of PLACES
    template = ""  # under templates/widgets/
    scripts = ()  # ES modules under static/js/, loaded once by a page that holds one
    styles = ()  # style sheets under static/css/
    preloads = ()  # modules the scripts import, fetched early

    def request(self, *args, **kwargs):
        """An inline call's arguments, checked, as the request `prepare` takes.

        Its signature is the call's: Python binds the author's arguments to it, so a
        misspelt keyword is refused before it runs. Raises WidgetError for a bad value.
        """
        raise NotImplementedError(f"{self.name} is not an inline widget")

    def declared(self, document, context):
        """A "top" or "bottom" kind's requests, found in the document's own files.

        Problems with those files are recorded by the kind, at their own lines; a request
        that has one is left out.
        """
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
    styles: tuple = ()
    preloads: tuple = ()
    files: dict = field(default_factory=dict)


class PageWidgets:
    """The widgets of one document: declared ones found at once, inline ones as the text calls them."""

    def __init__(self, kinds, context, document):
        self.kinds = kinds
        self.context = context
        self.document = document
        self.widgets = []
        for kind in kinds.values():
            if kind.placed != "inline":
                for request in kind.declared(document, context):
                    try:
                        self.add(kind, request)
                    except WidgetError as error:
                        context.problems.add(document.src_path, f"{kind.name}: {error}")

    def functions(self):
        """{name: function} the document's text may call."""
        return {name: self.caller(kind) for name, kind in self.kinds.items() if kind.placed == "inline"}

    def caller(self, kind):
        def call(*args, **kwargs):
            try:
                bound = inspect.signature(kind.request).bind(*args, **kwargs)
            except TypeError as error:
                raise WidgetError(f"{kind.name}(): {error}{keyword_suggestion(kind, kwargs)}") from None
            self.add(kind, kind.request(*bound.args, **bound.kwargs))
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
        body = MARKER_PATTERN.sub(lambda match: self.widgets[int(match.group(1))].html, body)
        files = {}
        for widget in self.widgets:
            files.update(widget.kind.files(widget.request))

        def placed(where):
            return tuple(widget.html for widget in self.widgets if widget.kind.placed == where)

        def loaded(attribute):
            return tuple(dict.fromkeys(path for widget in self.widgets for path in getattr(widget.kind, attribute)))

        return RenderedDocument(body, placed("top"), placed("bottom"), loaded("scripts"), loaded("styles"), loaded("preloads"), files)


def keyword_suggestion(kind, kwargs):
    """" (did you mean 'head'?)" for a misspelt keyword, or ""."""
    known = [name for name, parameter in inspect.signature(kind.request).parameters.items() if parameter.kind is parameter.KEYWORD_ONLY]
    for name in kwargs:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            if close:
                return f" (did you mean {close[0]!r}?)"
    return ""
