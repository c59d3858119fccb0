"""Pyodide's standard library with its most imported modules compiled ahead (compile_stdlib.mjs).

The site ships this copy beside Pyodide's own python_stdlib.zip (constants.COMPILED_STDLIB), and
the course's Python loads it: started from nothing (a first visit), it loads their bytecode
rather than compiling their source, which took most of its start. It is made once per
installed Pyodide, by Pyodide itself under Node (a few seconds), and kept beside the packages
npm installed, as part of the installed runtime: `make` makes it after `npm ci`, and a build
makes it when it is missing.

    python -m site_builder.compiled_stdlib        # make it now, if it is not made yet
"""

import functools
import hashlib
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.errors import BuildError

PROJECT_ROOT = Path(__file__).resolve().parent.parent

SCRIPT = Path(__file__).with_name("compile_stdlib.mjs")
FOLDER = ".compiled-stdlib"  # under node_modules: npm ci removes it with the Pyodide it was made from
NAME = "python_stdlib.zip"
DIGEST = "sha256"  # the file beside it holding its own digest


@dataclass(frozen=True)
class CompiledStdlib:
    path: Path
    digest: str  # of the file's bytes: a picture of Python's memory holds offsets into it


def compiled_stdlib(node_modules=PROJECT_ROOT / "node_modules", say=lambda text: print(text, file=sys.stderr)):
    """The compiled copy for the Pyodide installed in `node_modules`, made first if need be."""
    source = Path(node_modules) / "pyodide" / NAME
    if not source.is_file():
        raise BuildError(f"Pyodide is not installed ({source} missing): run `npm ci`")
    folder = Path(node_modules) / FOLDER / made_from(source, *stamp(source), *stamp(SCRIPT))
    try:
        if (folder / NAME).is_file():
            return CompiledStdlib(folder / NAME, (folder / DIGEST).read_text(encoding="utf-8").strip())
    except OSError:
        pass  # no digest: not made whole
    say("Compiling Python's standard library ahead, once for this Pyodide (a few seconds)...")
    return make(source.parent, folder)


def stamp(path):
    status = path.stat()
    return status.st_size, status.st_mtime_ns


@functools.cache
def made_from(source, *stamps):
    """What the copy is made from, as a name: the library's bytes and the script's (hashed once
    per process while their sizes and times of change stay the same, as `course serve` rebuilds)."""
    return hashlib.sha256(source.read_bytes() + SCRIPT.read_bytes()).hexdigest()[:16]


def make(pyodide, folder):
    # Made in a folder of its own and moved into place whole: a build stopped halfway, or two
    # at once, never leave a copy without its digest.
    from site_builder.assets import run_tool  # assets imports this module

    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".making-"))
    work.chmod(0o755)  # mkdtemp makes it for its owner alone; it is part of the installed runtime
    try:
        run_tool(["node", str(SCRIPT), str(pyodide), str(work / NAME)], "could not compile Python's standard library ahead")
        digest = hashlib.sha256((work / NAME).read_bytes()).hexdigest()
        (work / DIGEST).write_text(digest + "\n", encoding="utf-8")
        for older in folder.parent.iterdir():
            if older.is_dir() and not older.name.startswith(".making-"):
                shutil.rmtree(older, ignore_errors=True)
        try:
            work.rename(folder)
        except OSError:
            if not (folder / DIGEST).is_file():  # not another build's copy, made meanwhile
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return CompiledStdlib(folder / NAME, (folder / DIGEST).read_text(encoding="utf-8").strip())


if __name__ == "__main__":
    try:
        compiled_stdlib()
    except BuildError as error:
        sys.exit(f"error: {error}")
