"""What the builder and labkit agree on, written once: both sides import it.

The builder packs a wheel that labkit reads in the browser, and it reads the
tracebacks of code that labkit ran. Standard library only, like the rest of
labkit: this module runs under Pyodide too.
"""

import json

PACKAGE = "labkit"

# --- the wheel: paths inside the labkit package ------------------------------------

LABS_DIR = "labs"
LAB_INDEX = "index.json"  # in LABS_DIR: {lab id: the lab's folder}
LAB_INDEX_PATH = f"{LABS_DIR}/{LAB_INDEX}"
CHECKPOINT = "data/checkpoint.json"  # the trained model, for heatmaps and "your code on the real model"
NAMES = "data/names.txt"  # makemore's names, for a lab that samples from them (labkit.realnames); not in every wheel
LAB_META = "lab.json"  # one per lab folder: the fields below
LAB_CHECKS = "checks.py"  # one per lab folder: the lab's checks, as the author wrote them
LAB_META_FIELDS = ("id", "title", "functions", "time_limit", "model_hook", "expected")


def lab_folder(lab_id):
    """The folder a lab's files go in: "08-attention/causal-masking" -> "08-attention__causal-masking"."""
    return lab_id.replace("/", "__")


def lab_file(lab_id, name):
    """A lab's file (LAB_META or LAB_CHECKS), as a path inside the package."""
    return f"{LABS_DIR}/{lab_folder(lab_id)}/{name}"


def in_wheel(path):
    """A path inside the package, as the wheel's archive names it."""
    return f"{PACKAGE}/{path}"


def lab_meta_json(**fields):
    """lab.json's text. Every field in LAB_META_FIELDS, and no other, so the reader never guesses."""
    if set(fields) != set(LAB_META_FIELDS):
        raise TypeError(f"lab.json takes exactly {', '.join(LAB_META_FIELDS)}; got {', '.join(sorted(fields))}")
    # In the fields' own order, not sorted: sorting would reorder the keys of a dict the solution
    # returned too, and the browser would then show the expected answer in another order than CPython.
    return json.dumps({name: fields[name] for name in LAB_META_FIELDS})


# --- names of the code labkit runs, as tracebacks show them --------------------------

LEARNER_FILE = "<your code>"
_CHECKS_PREFIX = "<checks for "


def checks_filename(lab_id):
    """The file name a lab's checks are compiled under, so a traceback can be traced back to checks.py."""
    return f"{_CHECKS_PREFIX}{lab_id}>"


def is_checks_filename(filename):
    return filename.startswith(_CHECKS_PREFIX)
