"""Widgets: everything a page holds besides its text, one kind per module of this package.

A kind says how an author asks for it, checks the request, computes its data at build
time, and names the template, scripts and styles that draw it. The page templates know
nothing of any one kind: they place what `PageWidgets` gathers. To add a kind, write
`widgets/<kind>.py` (a `WidgetKind`, and `KIND = <Kind>()`), `templates/widgets/<kind>.html`
and `static/js/<kind>.js`: every module of this package but `kind` is a kind, found here
(docs/widgets.md).

An author asks for a widget in one of four ways, which a kind declares with `placed`
and `fence`:
- "inline": a call in the text, `{{ heatmap("emma", head=2) }}`, drawn where it stands;
- "inline" with a `fence`: a fenced block of TOML in the text (```question), drawn there;
- "top" or "bottom": found by the kind in the lesson's own files (its film beside it,
  its labs in the front matter), drawn above or below the text.
"""

import importlib
import pkgutil

from site_builder.widgets.kind import PageWidgets, WidgetContext, WidgetKind  # noqa: F401 (the package's interface)

NOT_KINDS = ("kind",)  # the contract every kind keeps, not a kind of its own
# Labs first: a page loads the scripts in this order, and Python should start first.
FIRST = ("lab",)


def found_kinds():
    """{name: kind} for every module of this package, `FIRST` first, the rest by module name."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if info.name not in NOT_KINDS)
    names.sort(key=lambda name: name not in FIRST)
    kinds = [importlib.import_module(f"{__name__}.{name}").KIND for name in names]
    return {kind.name: kind for kind in kinds}


KINDS = found_kinds()


def inline_names():
    """The functions lesson text may call; a [numbers] entry may not take these names."""
    return [name for name, kind in KINDS.items() if kind.placed == "inline" and not kind.fence]
