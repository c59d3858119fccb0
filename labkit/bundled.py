"""The labs packed into the wheel by the builder: one reader for every caller."""

import json
from pathlib import Path

from labkit.grading import LabBundle
from labkit.protocol import LAB_CHECKS, LAB_INDEX, LAB_META, LABS_DIR

BUNDLED_LABS = Path(__file__).parent / LABS_DIR


def lab_folder(lab_id):
    """A lab's folder in the package data; only ids listed in the index are accepted."""
    index = json.loads((BUNDLED_LABS / LAB_INDEX).read_text(encoding="utf-8"))
    if lab_id not in index:
        raise ValueError(f"No lab called {lab_id!r} in this course.")
    return BUNDLED_LABS / index[lab_id]


def lab_meta(lab_id):
    """The lab's lab.json: protocol.LAB_META_FIELDS, from its title to its expected answers."""
    return json.loads((lab_folder(lab_id) / LAB_META).read_text(encoding="utf-8"))


def lab_bundle(lab_id):
    meta = lab_meta(lab_id)
    return LabBundle(
        id=lab_id,
        checks_source=(lab_folder(lab_id) / LAB_CHECKS).read_text(encoding="utf-8"),
        expected=meta["expected"],
        functions=meta["functions"],
    )
