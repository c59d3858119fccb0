"""Values the builder, the browser code and the tests must agree on, each written once.

Python imports them from here. The build writes them into the site as an ES module,
static/js/course-constants.js (`browser_module`), which the page's scripts and the Python
worker import; so a value changed here changes everywhere on the next build. Tests import
them from here instead of typing the numbers again.

Two kinds of value live here. The model's sizes are read from the course's own microgpt
(its GPTConfig, which trained the committed checkpoint), never restated. The rest are
decisions about the site, made here and nowhere else.

Two places cannot import this module and keep a pinned copy that tests compare with it:
static/js/theme.js (a classic script that must run before the first paint, so it cannot
import a module) and labkit/realmodel.py (it runs inside Pyodide, where the builder is not).
"""

import json

from microgpt import GPTConfig

_MODEL = GPTConfig()

# ---------- The model ----------

CONTEXT = _MODEL.block_size  # positions the model reads at once: the start marker, then letters
MAX_NAME_LETTERS = CONTEXT - 1  # the start marker takes the first position
HEADS = _MODEL.n_head  # attention heads: the heatmap has a switch for each

# ---------- The lab ----------

OUTPUT_CAP = 100_000  # characters of one run's output the page keeps; more would freeze it
DEFAULT_TIME_LIMIT = 10.0  # seconds a lab's code may run when its lab.toml sets no time_limit

# ---------- What the browser remembers (localStorage keys) ----------

PROGRESS_KEY = "zero-to-microgpt:progress:v1"  # drafts, passed labs, hints seen (progress.js)
THEME_KEY = "zero-to-microgpt:theme"  # the reader's light or dark choice (theme.js)

# ---------- Python's runtime ----------

# Pyodide's standard library with bytecode beside its most imported modules (compiled_stdlib.py),
# shipped beside Pyodide's own files, which the site publishes as npm installed them.
COMPILED_STDLIB = "python_stdlib-compiled.zip"

# ---------- For the browser ----------

BROWSER_MODULE = "static/js/course-constants.js"  # where the build writes them, inside the site
FOR_THE_BROWSER = {
    "CONTEXT": CONTEXT,
    "MAX_NAME_LETTERS": MAX_NAME_LETTERS,
    "HEADS": HEADS,
    "OUTPUT_CAP": OUTPUT_CAP,
    "DEFAULT_TIME_LIMIT": DEFAULT_TIME_LIMIT,
    "PROGRESS_KEY": PROGRESS_KEY,
    "THEME_KEY": THEME_KEY,
    "COMPILED_STDLIB": COMPILED_STDLIB,
}


# Values the build measures as it writes the site, exported beside the ones above.
MEASURED_BY_THE_BUILD = (
    "RUNTIME_SIZES",  # {file name: bytes} of Pyodide's runtime, for the loading bar (download-watch.js)
    "RUNTIME_STDLIB",  # the digest of the standard library's zip shipped (compiled_stdlib.py): a picture of
    # Python's memory holds offsets into it, so it names the picture (python-snapshot.js)
    "RUNTIME_CACHE",  # the cache the offline copy keeps the runtime in (offline.runtime_cache_name), which
    # the Python worker reads the runtime from
)


def browser_module(**measured):
    """The text of static/js/course-constants.js: one `export const` per shared value, and per
    value the build measured (`measured`, such as the runtime's file sizes).

    JSON is also JavaScript for numbers, strings and objects, so json.dumps writes each literal.
    """
    unknown = set(measured) - set(MEASURED_BY_THE_BUILD)
    if unknown:
        raise ValueError(f"not a value the build measures: {', '.join(sorted(unknown))} (see MEASURED_BY_THE_BUILD)")
    lines = [
        "// Written by the build from site_builder/constants.py: change the values there.",
        "",
    ]
    for name, value in {**FOR_THE_BROWSER, **measured}.items():
        lines.append(f"export const {name} = {json.dumps(value)};")
    return "\n".join(lines) + "\n"
