"""The labs packed into the wheel by the builder: one reader for every caller."""

import json
from pathlib import Path

from labkit.grading import LabBundle

BUNDLED_LABS = Path(__file__).parent / "labs"


def lab_folder(lab_id):
    """A lab's folder in the package data; only ids listed in the index are accepted."""
    index = json.loads((BUNDLED_LABS / "index.json").read_text(encoding="utf-8"))
    if lab_id not in index:
        raise ValueError(f"No lab called {lab_id!r} in this course.")
    return BUNDLED_LABS / index[lab_id]


def lab_meta(lab_id):
    """Title, functions, time limit, model hook and expected answers, from lab.json."""
    return json.loads((lab_folder(lab_id) / "lab.json").read_text(encoding="utf-8"))


def lab_bundle(lab_id):
    meta = lab_meta(lab_id)
    return LabBundle(
        id=lab_id,
        checks_source=(lab_folder(lab_id) / "checks.py").read_text(encoding="utf-8"),
        expected=meta["expected"],
        functions=meta["functions"],
    )
