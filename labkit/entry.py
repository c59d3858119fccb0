"""The one entry point the browser's worker calls, with and returning plain dicts."""

import json
from pathlib import Path

from labkit import grading

BUNDLED_LABS = Path(__file__).parent / "labs"


def handle(request):
    """`{"action": "run" | "check", "lab": id, "code": str}` -> a result dict."""
    request = dict(request)
    action = request.get("action")
    code = str(request.get("code", ""))
    if action == "run":
        return grading.run(code)
    if action == "check":
        return grading.check(bundled_lab(str(request.get("lab", ""))), code)
    raise ValueError(f"Unknown action {action!r}: expected 'run' or 'check'.")


def bundled_lab(lab_id):
    """Read a lab from the package data; only ids listed in the index are accepted."""
    index = json.loads((BUNDLED_LABS / "index.json").read_text(encoding="utf-8"))
    if lab_id not in index:
        raise ValueError(f"No lab called {lab_id!r} in this course.")
    folder = BUNDLED_LABS / index[lab_id]
    meta = json.loads((folder / "lab.json").read_text(encoding="utf-8"))
    return grading.LabBundle(
        id=lab_id,
        checks_source=(folder / "checks.py").read_text(encoding="utf-8"),
        expected=meta["expected"],
        functions=meta["functions"],
    )
