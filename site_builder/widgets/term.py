"""A word linked to its glossary entry, inside the sentence that uses it: `{{ term("softmax") }}`.

`{{ term("head", "heads") }}` shows another wording of the same term. The rules (the term
exists, and the lesson does not come before the one that introduces it) live in
site_builder/glossary.py.
"""

from site_builder.errors import WidgetError
from site_builder.glossary import check_glossary, glossary_of
from site_builder.widgets.kind import WidgetKind


class TermKind(WidgetKind):
    name = "term"
    placed = "inline"
    in_sentence = True
    template = "term.html"
    styles = ("glossary.css",)

    def request(self, name, text=None):
        """The term's name as the glossary writes it, and the words to show if they differ."""
        if text is not None and (not isinstance(text, str) or not text.strip()):
            raise WidgetError(f"term({name!r}, ...): the second argument is the words to show, in quotes, not {text!r}")
        return {"name": name, "text": text}

    def prepare(self, request, context, document):
        glossary = glossary_of(context.course)
        shown = request["text"] or request["name"]
        if glossary.is_broken(request["name"]):
            return {"term": None, "text": shown}  # its entry's own problem is already reported
        term = glossary.find(request["name"])
        glossary.check_order(term, document, context.course)
        return {"term": term, "text": shown}

    def check_course(self, course, problems):
        check_glossary(course, problems)


KIND = TermKind()
