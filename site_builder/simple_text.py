"""Short texts filled in without compiling a template, when Jinja would fill them in the same way.

Most of a course's captions, questions and choices say one or two numbers:
`the loss is {{ ladder.uniform | num(3) }}`. Compiling each of them as a template costs about
a millisecond and a half, and a cold build has some five hundred. A text whose every
`{{ ... }}` is a name, then `.key`, `[index]` or `['key']` steps, then filters with literal arguments, is
filled in here by the environment's own lookups and filters, in the order Jinja's compiled
code would call them. Anything else, and anything that goes wrong (a missing key, a filter
that raises), is left to Jinja (None): its messages are the ones an author sees.
"""

import re

import jinja2

LITERAL = r"""-?\d+(?:\.\d+)?|'[^'"{}()|\\]*'|"[^'"{}()|\\]*\""""
STEP = r"\.[A-Za-z_]\w*|\[-?\d+\]|\['[\w ]*'\]"
FILTER = rf"\|\s*[A-Za-z_]\w*(?:\(\s*(?:(?:{LITERAL})\s*(?:,\s*(?:{LITERAL})\s*)*)?\))?"
EXPRESSION = re.compile(rf"\{{\{{ *([A-Za-z_]\w*)((?:{STEP})*)\s*((?:{FILTER}\s*)*)\}}\}}")
PARTS = {
    "steps": re.compile(r"\.([A-Za-z_]\w*)|\[(-?\d+)\]|\['([\w ]*)'\]"),
    "filters": re.compile(rf"\|\s*([A-Za-z_]\w*)(?:\((.*?)\))?\s*(?=\||$)"),
    "literals": re.compile(LITERAL),
}
# What Jinja's lexer reads as markup: outside the expressions matched, none of it may remain.
MARKUP = ("{{", "}}", "{%", "%}", "{#", "#}", "\r")


def simple_fill(text, context, environment):
    """`text` filled in from `context` as `environment` would render it, or None to let Jinja do it."""
    pieces, at = [], 0
    for match in EXPRESSION.finditer(text):
        between = text[at:match.start()]
        if any(mark in between for mark in MARKUP):
            return None
        value = evaluated(match, context, environment)
        if value is None:
            return None
        pieces += [between, value]
        at = match.end()
    rest = text[at:]
    if not pieces or any(mark in rest for mark in MARKUP):
        return None
    return "".join(pieces) + rest


def evaluated(match, context, environment):
    """The expression's text, as Jinja's code would make it; None when only Jinja can say."""
    name, steps, filters = match.groups()
    read_steps = [("attribute", key) if key else ("item", int(index) if index else quoted) for key, index, quoted in PARTS["steps"].findall(steps)]
    read_filters = [(filter_name, literals(arguments)) for filter_name, arguments in PARTS["filters"].findall(filters.strip())]
    return filled_in(name, read_steps, read_filters, context, environment)


def filled_in(name, steps, filters, context, environment):
    """`name` read from `context`, then each of `steps` (("attribute" or "item", key)), then each of
    `filters` ((filter name, literal arguments)), as text: as Jinja's compiled code makes it, with the
    environment's own lookups and filters in its order; None when only Jinja can say (site_builder/folded_text.py
    fills its folded numbers in with it too)."""
    if name not in context:
        return None
    value = context[name]
    try:
        for kind, key in steps:
            value = environment.getattr(value, key) if kind == "attribute" else environment.getitem(value, key)
        if isinstance(value, jinja2.Undefined):  # a missing key, or a number that failed: Jinja says which, at its line
            return None
        for filter_name, arguments in filters:
            function = environment.filters.get(filter_name)
            if function is None or getattr(function, "jinja_pass_arg", None) is not None:
                return None
            value = function(value, *arguments)
        return None if isinstance(value, jinja2.Undefined) else str(value)
    except Exception:  # noqa: BLE001 - the author's mistake: Jinja says what it is, at its line
        return None


def literals(arguments):
    """The filter's arguments, read as Jinja reads these literals."""
    values = []
    for literal in PARTS["literals"].findall(arguments or ""):
        if literal[0] in "'\"":
            values.append(literal[1:-1])
        else:
            values.append(float(literal) if "." in literal else int(literal))
    return values
