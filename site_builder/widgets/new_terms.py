"""The terms a lesson introduces, linked to the glossary, for its recap: `{{ new_terms() }}`."""

from site_builder.errors import WidgetError
from site_builder.glossary import GLOSSARY_FILE, glossary_of
from site_builder.widgets.kind import WidgetKind


class NewTermsKind(WidgetKind):
    name = "new_terms"
    placed = "inline"
    template = "new_terms.html"
    styles = ("glossary.css",)

    def request(self):
        return {}

    def prepare(self, request, context, document):
        if document not in context.course.lessons():
            raise WidgetError("new_terms() lists the terms a lesson introduces: use it in a lesson")
        glossary = glossary_of(context.course)
        terms = glossary.introduced_by(document)
        if not terms and not glossary.problems:  # an entry left out for its own problem may be this lesson's
            raise WidgetError(f"new_terms(): no term in {GLOSSARY_FILE} names this lesson, {document.id!r}, as the one that introduces it")
        return {"terms": terms}


KIND = NewTermsKind()
