"""Widgets: everything a page holds besides its text, one kind per module of this package.

A kind says how an author asks for it, checks the request, computes its data at build
time, and names the template, scripts and styles that draw it. The page templates know
nothing of any one kind: they place what `PageWidgets` gathers. To add a kind, write
`widgets/<kind>.py` (a `WidgetKind`), `templates/widgets/<kind>.html` and
`static/js/<kind>.js`, and list it in `KINDS` below.

An author asks for a widget in one of four ways, which a kind declares with `placed`
and `fence`:
- "inline": a call in the text, `{{ heatmap("emma", head=2) }}`, drawn where it stands;
- "inline" with a `fence`: a fenced block of TOML in the text (```question), drawn there;
- "top" or "bottom": found by the kind in the lesson's own files (its film beside it,
  its labs in the front matter), drawn above or below the text.
"""

from site_builder.widgets import capstone, chart, film, glossary, grid, heatmap, lab, new_terms, next_letters, question, term, training
from site_builder.widgets.kind import PageWidgets, WidgetContext, WidgetKind  # noqa: F401 (the package's interface)

# Labs first: a page loads the scripts in this order, and Python should start first.
KINDS = {kind.name: kind for kind in (lab.KIND, film.KIND, heatmap.KIND, question.KIND, chart.KIND, grid.KIND, next_letters.KIND, training.KIND, capstone.KIND, term.KIND, glossary.KIND, new_terms.KIND)}


def inline_names():
    """The functions lesson text may call; a [numbers] entry may not take these names."""
    return [name for name, kind in KINDS.items() if kind.placed == "inline" and not kind.fence]
