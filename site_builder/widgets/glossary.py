"""The glossary page's list of every term, alphabetical, each with its anchor: `{{ glossary() }}`."""

from markupsafe import Markup

from site_builder.errors import WidgetError
from site_builder.glossary import GLOSSARY_FILE, GLOSSARY_PAGE, glossary_of
from site_builder.markdown_render import markdown_html
from site_builder.widgets.kind import WidgetKind


class GlossaryKind(WidgetKind):
    name = "glossary"
    placed = "inline"
    template = "glossary.html"
    styles = ("glossary.css",)

    def request(self):
        return {}

    def prepare(self, request, context, document):
        if document.id != GLOSSARY_PAGE:
            raise WidgetError(f"glossary() lists every term, and every term links to pages/{GLOSSARY_PAGE}.md: use it there only")
        glossary = glossary_of(context.course)
        if not glossary.exists:
            raise WidgetError(f"glossary(): the course has no glossary: write {GLOSSARY_FILE} (see docs/authoring.md, \"Glossary\")")
        entries = [
            {"name": term.name, "anchor": term.anchor, "definition": Markup(markdown_html(term.definition)), "lesson": term.lesson}
            for term in glossary.terms
        ]
        return {"entries": entries}


KIND = GlossaryKind()
