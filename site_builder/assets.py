"""The site's assets: static files, the shared constants, the editor bundle, the Pyodide
runtime and the lab wheel.

Slow steps (esbuild, the lock file) are cached under .cache/ by the hash of their
inputs, and Pyodide's large files are hard-linked from the cache, so a rebuild is fast.
"""

import fnmatch
import functools
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pygments.formatters import HtmlFormatter

from site_builder import constants
from site_builder.bundle import write_wheel
from site_builder.compiled_stdlib import NAME as PYODIDE_STDLIB, compiled_stdlib
from site_builder.errors import BuildError, exception_text
from site_builder.file_digests import IN_PROCESS
from site_builder.offline import kept_runtime, runtime_cache_name
from site_builder.paths import write_whole
from site_builder.stage import Stage

LOCK_FILE = "pyodide/pyodide-lock.json"  # made by each build: our wheel registered in Pyodide's own
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
EDITOR_ENTRY = Path("static") / "editor" / "index.js"
# The worker that runs Python: its imports are joined into it, so it starts after one request, not two rounds.
WORKER = "static/js/python-worker.js"
LIGHT_CODE_STYLE = "xcode"
DARK_CODE_STYLE = "github-dark"


# The site's look and runtime ship with the builder, not with a course's content.
PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Assets:
    def __init__(self, root=PROJECT_ROOT, cache_dir=None):
        self.root = Path(root)
        self.cache = Path(cache_dir or self.root / ".cache" / "build")
        self.node_modules = self.root / "node_modules"
        self._stdlib = None

    def write(self, stage, page_scripts=None):
        """Write every asset but the lab wheel and the lock file into the staging folder `stage` (a Path or a Stage).

        `page_scripts` (a PageScripts) are the bundled scripts the pages load, in place of their sources.
        None of these depends on the labs' verdicts: a build writes them while the labs are verified.
        """
        stage = stage if isinstance(stage, Stage) else Stage(stage)
        runtime = self.runtime_sources()
        # The sizes of what the course's Python downloads, for the loading bar (a host that
        # compresses them sends another length): Pyodide's own standard library is shipped, for
        # whoever loads Pyodide from the site as it is, but the course loads the compiled copy.
        sizes = {name: path.stat().st_size for name, path in runtime.items() if name != PYODIDE_STDLIB}
        constants_text = constants.browser_module(
            RUNTIME_SIZES=sizes, RUNTIME_STDLIB=self.stdlib().digest[:16], RUNTIME_CACHE=runtime_cache_name(kept_runtime(runtime)),
        )
        worker, worker_joined = self.worker_bundle(constants_text)
        # A module joined into a bundle is left out: what pages and the worker load are the bundles.
        joined = worker_joined | (page_scripts.joined if page_scripts else frozenset())
        self.copy_static(stage, leave_out=joined)
        for name, bundled in (page_scripts.files if page_scripts else {}).items():
            stage.link(f"static/js/{name}", bundled)
        stage.write_text("static/css/code.css", code_css())
        stage.write_text(constants.BROWSER_MODULE, constants_text)
        stage.link(WORKER, worker)
        stage.link("static/js/editor.js", self.editor_bundle())
        for name, path in runtime.items():
            stage.link(f"pyodide/{name}", path)

    def write_wheel(self, verified_labs, stage, checkpoint=None, names=None):
        """Write the lab wheel and the lock file that registers it into `stage`; return the wheel's file name."""
        stage = stage if isinstance(stage, Stage) else Stage(stage)
        # Compressing the wheel costs more than the rest of the assets: one per content is kept.
        wheel = write_wheel(verified_labs, self.cache / "wheels", checkpoint, names, reuse=True)
        stage.link(f"pyodide/{wheel.name}", wheel)
        stage.link(LOCK_FILE, self.lock_file(wheel))
        return wheel.name

    def copy_static(self, stage, leave_out=frozenset()):
        """Copy static/ into the stage, but the scripts named in `leave_out` (joined into a bundle)."""
        source = self.root / "static"
        if not source.is_dir():
            raise BuildError(f"missing {source}: the site's CSS and JavaScript")
        # The editor's sources are bundled into one file (editor_bundle); source maps are not published.
        stage.copy_tree(source, "static", skip=lambda name: name == "editor" or name in leave_out or fnmatch.fnmatch(name, "*.map"))

    def runtime_files(self):
        """The Pyodide runtime's files the site ships, those installed (pyodide_source says what is missing)."""
        try:
            return list(self.runtime_sources().values())
        except BuildError:
            folder = self.node_modules / "pyodide"
            return [folder / name for name in PYODIDE_FILES if (folder / name).is_file()]

    def runtime_sources(self):
        """{file name: where it is} of the Pyodide runtime the site ships: Pyodide's own files, and
        its standard library compiled ahead (compiled_stdlib.py), which the course's Python loads."""
        folder = self.pyodide_source()
        return {**{name: folder / name for name in PYODIDE_FILES}, constants.COMPILED_STDLIB: self.stdlib().path}

    def stdlib(self):
        """The compiled standard library (made once per installed Pyodide; looked up once per Assets)."""
        if self._stdlib is None:
            self._stdlib = compiled_stdlib(self.node_modules)
        return self._stdlib

    def pyodide_source(self):
        folder = self.node_modules / "pyodide"
        missing = [name for name in (*PYODIDE_FILES, "pyodide-lock.json") if not (folder / name).is_file()]
        if missing:
            raise BuildError(f"Pyodide is not installed ({', '.join(missing)} missing in {folder}): run `npm ci`")
        return folder

    def editor_bundle(self):
        """The CodeMirror bundle, rebuilt by esbuild only when its inputs change."""
        entry_dir = self.root / EDITOR_ENTRY.parent
        inputs = sorted(entry_dir.rglob("*.js")) + [self.root / "package-lock.json"]
        cached = self.cache / "editor" / f"{hash_files(inputs)}.js"
        return self.esbuild(self.root / EDITOR_ENTRY, cached, "the editor", "--minify")

    def worker_bundle(self, constants_text):
        """python-worker.js with every module it imports joined in (not minified: it is read when a
        lab fails), the constants `constants_text` among them; and the names of the modules joined.

        esbuild runs in a folder of the sources and the constants; the comments naming each
        module are paths relative to it, the same in every build.
        """
        source = self.root / Path(WORKER).parent
        digest = hashlib.sha256(f"{sources_digest(source, self.root)}\0{constants_text}".encode()).hexdigest()
        cached = self.cache / "worker" / f"{digest}.js"
        joined = cached.with_suffix(".joined.json")
        if not (cached.is_file() and joined.is_file()):  # the list is written last: a bundle without it is made again
            cached.parent.mkdir(parents=True, exist_ok=True)
            # A folder of its own: another build may be bundling the same sources beside this one.
            work = Path(tempfile.mkdtemp(prefix=f"{digest[:16]}.", suffix=".sources", dir=cached.parent))
            try:
                for script in source.glob("*.js"):
                    shutil.copyfile(script, work / script.name)
                (work / Path(constants.BROWSER_MODULE).name).write_text(constants_text, encoding="utf-8")
                meta = work / "meta.json"
                self.esbuild(Path(WORKER).name, cached, "the Python worker", f"--metafile={meta}", cwd=work, again=True)
                write_joined(meta, joined)
            finally:
                shutil.rmtree(work, ignore_errors=True)
        return cached, frozenset(json.loads(joined.read_text(encoding="utf-8")))

    def esbuild(self, entry, cached, what, *options, cwd=None, again=False):
        """`cached`, made by esbuild from `entry` (bundled, as an ES module) unless it is already
        there (and not to be made `again`)."""
        if cached.is_file() and not again:
            return cached
        esbuild = esbuild_program(self.node_modules)
        cached.parent.mkdir(parents=True, exist_ok=True)
        temporary = cached.with_suffix(".tmp.js")
        command = [str(esbuild), str(entry), "--bundle", "--format=esm", *options, "--log-level=warning", f"--outfile={temporary}"]
        run_tool(command, f"esbuild could not bundle {what}", cwd=cwd)
        temporary.replace(cached)
        return cached

    def lock_file(self, wheel):
        """pyodide-lock.json with our wheel registered as pyodide-build's `pyodide lockfile add-wheels`
        registers one (its own library, pyodide-lock, in this process), pruned to what we ship."""
        source = self.pyodide_source() / "pyodide-lock.json"
        cached = self.cache / "lock" / f"{hash_files([source])[:16]}-{wheel.name}.json"
        if cached.is_file():
            return cached
        # Imported here: every `course` command would pay for it, and only a new wheel needs it.
        from pyodide_lock import PyodideLockSpec
        from pyodide_lock.utils import add_wheels_to_spec

        try:
            spec = add_wheels_to_spec(PyodideLockSpec.from_json(source), [wheel], base_path=wheel.parent)
        except Exception as error:  # noqa: BLE001 - whatever pyodide-lock says is wrong with the wheel or the lock
            raise BuildError(f"pyodide-lock could not add the lab wheel to {source}: {exception_text(error)}") from None
        cached.parent.mkdir(parents=True, exist_ok=True)
        work = cached.with_suffix(".tmp.json")
        spec.to_json(work)  # its own JSON, which the site's lock then follows
        lock = json.loads(work.read_text(encoding="utf-8"))
        # The site ships only our wheel; entries for files it does not serve would fail later and vaguely.
        lock["packages"] = {name: spec for name, spec in lock["packages"].items() if spec["file_name"] == wheel.name}
        work.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
        work.replace(cached)  # whole or not at all, with another build at work beside this one
        return cached


def esbuild_program(node_modules=PROJECT_ROOT / "node_modules"):
    """The path of the esbuild that `npm ci` installed; a BuildError saying so when there is none."""
    esbuild = node_modules / ".bin" / "esbuild"
    if not esbuild.exists():
        raise BuildError(f"esbuild is not installed ({esbuild}): run `npm ci`")
    return esbuild


def sources_digest(folder, root=PROJECT_ROOT):
    """A digest of the scripts in `folder` and of the lock file (which esbuild), all a bundle of them is made of but its options."""
    return hash_files(sorted(Path(folder).glob("*.js")) + [Path(root) / "package-lock.json"], named=False)


def write_joined(metafile, path):
    """Write the names of the sources esbuild joined (its `metafile` says) to `path`, as JSON."""
    inputs = json.loads(Path(metafile).read_text(encoding="utf-8"))["inputs"]
    write_whole(path, json.dumps(sorted(Path(name).name for name in inputs)))


@functools.cache  # the same text in every build of this process
def code_css():
    """Pygments colours for code blocks: light by default, dark when the reader prefers it."""
    light = HtmlFormatter(style=LIGHT_CODE_STYLE).get_style_defs(".highlight")
    dark = HtmlFormatter(style=DARK_CODE_STYLE).get_style_defs(":root:not([data-theme=light]) .highlight")
    forced_dark = HtmlFormatter(style=DARK_CODE_STYLE).get_style_defs(":root[data-theme=dark] .highlight")
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n{forced_dark}\n"


def run_tool(command, failure, cwd=None):
    """Run `command`, a BuildError saying `failure` and the tool's words if it fails."""
    start_tool(command, failure, cwd)()


def start_tool(command, failure, cwd=None):
    """Start `command` in a process of its own, which works on another core while the build goes
    on; return a function that waits for it, raising a BuildError saying `failure` and the tool's
    words if it failed. Its output goes to files, not pipes, so that a talkative tool never waits
    for this process to read it."""
    out, err = (tempfile.TemporaryFile("w+", encoding="utf-8") for _ in range(2))
    try:
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True, cwd=cwd)
    except FileNotFoundError:
        out.close()
        err.close()
        raise BuildError(f"{failure}: {command[0]} is not installed") from None

    def finish():
        try:
            if process.wait() != 0:
                out.seek(0)
                err.seek(0)
                raise BuildError(f"{failure}:\n{err.read().strip() or out.read().strip()}")
        finally:
            out.close()
            err.close()

    finish.process = process
    return finish


def hash_files(paths, named=True):
    """A sha256 of the files' bytes, and of their full paths unless `named` is False
    (a stage's files: the stage's folder has a new name in every build)."""
    digest = hashlib.sha256()
    for path in paths:
        name = str(path) if named else Path(path).name
        # Each file's digest as file_digests.py keeps it: a rebuild asks about the same 700 KB of scripts.
        digest.update(f"{name}\0{IN_PROCESS.of(path)}\n".encode())
    return digest.hexdigest()


def link_or_copy(source, dest):
    """Hard-link when we can (instant, no extra disk), copy otherwise."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, dest)
    except OSError:
        shutil.copy2(source, dest)
    return dest
