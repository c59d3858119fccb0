"""The modules a page loads, bundled by esbuild: one file for each script a page names, with
the code that several of them share split into chunks.

A lab page names a dozen scripts, which import forty modules between them. Each module is a
request the service worker answers from its cache, and asking for forty of them while Python
starts costs a lab page about 30 ms of its warm start. Bundled, the page asks for its scripts
and a handful of chunks, and the page says which chunks (a modulepreload each), so they are
asked for at once rather than found one import at a time. Code the scripts share sits in one
chunk, so a page still has one of each module (one Python client, one record of progress).

    scripts = PageScripts.start(cache_folder)    # esbuild runs in a process of its own ...
    scripts = scripts.result()                   # ... until the pages need its answer
    scripts.files                                # {file name: bundled file} for static/js/
    scripts.imports(["lab.js"])                  # the files those import, as far as they reach
    scripts.joined                               # the sources joined in, which the site leaves out

The pages' scripts are found where they are named, not listed here: the widget kinds'
`scripts` and `starters`, and each `<script type="module">` of the page templates. The
editor (its own bundle) and the build's constants (written by each build) stay files of
their own, which the chunks import. The modules joined into the bundle are not published
as they are: a page that imported one would get a second copy of its state.
"""

import hashlib
import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.assets import PROJECT_ROOT, esbuild_program, sources_digest, start_tool
from site_builder.constants import BROWSER_MODULE
from site_builder.errors import BuildError
from site_builder.pages import TEMPLATES
from site_builder.widgets import KINDS

SOURCE = PROJECT_ROOT / "static" / "js"
SEPARATE = ("editor.js", Path(BROWSER_MODULE).name)  # made by the build: imported, not joined in
TEMPLATE_MODULE = re.compile(r'<script type="module"[^>]*\ssrc="[^"]*static/js/([\w.-]+\.js)"')
META = "meta.json"


def page_entries():
    """The scripts pages name: the widget kinds' and the templates' module scripts."""
    names = {name for kind in KINDS.values() for name in (*kind.scripts, *kind.starters)}
    for template in sorted(TEMPLATES.rglob("*.html")):
        names.update(TEMPLATE_MODULE.findall(template.read_text(encoding="utf-8")))
    return sorted(names)


@dataclass(frozen=True)
class PageScripts:
    files: dict  # {file name in static/js/: the bundled file}
    graph: dict  # {file name: the file names it imports statically, in order}
    joined: frozenset = frozenset()  # the sources joined into the bundle: the site needs none of them as they are

    @classmethod
    def start(cls, cache_folder, source=SOURCE, entries=None):
        """The bundle, from the cache when these sources were bundled before, else being made."""
        entries = page_entries() if entries is None else list(entries)
        missing = [name for name in entries if not (source / name).is_file()]
        if missing:
            raise BuildError(f"a page loads {', '.join(missing)}, which {source} does not hold")
        # The bundle is made of the sources, esbuild and the list of entries.
        made_of = f"{sources_digest(source)}\0" + "\n".join(entries)
        folder = Path(cache_folder) / "pages" / hashlib.sha256(made_of.encode()).hexdigest()[:32]
        if (folder / META).is_file():
            return Ready(cls.read(folder))
        return Bundling(folder, source, entries)

    @classmethod
    def read(cls, folder):
        meta = json.loads((folder / META).read_text(encoding="utf-8"))
        graph = {}
        for output, facts in meta["outputs"].items():
            imports = [Path(found["path"]).name for found in facts.get("imports", ()) if found.get("kind") == "import-statement"]
            graph[Path(output).name] = list(dict.fromkeys(imports))
        files = {name: folder / name for name in graph}  # the outputs only: the separate files are not in the folder
        return cls(files, graph, frozenset(Path(path).name for path in meta["inputs"]))

    def imports(self, scripts, besides=()):
        """The files `scripts` import, and those import, in the order they are met; none of
        `besides` nor what they import (asked for already), nor the scripts themselves."""
        done = set(scripts) | set(besides) | {found for name in besides for found in self._reached(name)}
        found = []
        for script in scripts:
            for name in self._reached(script):
                if name not in done:
                    done.add(name)
                    found.append(name)
        return found

    def _reached(self, script):
        order, waiting, seen = [], list(self.graph.get(script, ())), set()
        while waiting:
            name = waiting.pop(0)
            if name in seen:
                continue
            seen.add(name)
            order.append(name)
            waiting.extend(self.graph.get(name, ()))
        return order


class Ready:
    def __init__(self, scripts):
        self.scripts = scripts

    def result(self):
        return self.scripts


class Bundling:
    """esbuild at work on the pages' scripts in its own process; `result()` waits for it."""

    def __init__(self, folder, source, entries):
        esbuild = esbuild_program()
        self.folder = folder
        folder.parent.mkdir(parents=True, exist_ok=True)
        self.work = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))  # put in place whole, once made
        externals = [f"--external:./{name}" for name in SEPARATE]
        command = [str(esbuild), *entries, "--bundle", "--splitting", "--format=esm", "--chunk-names=chunk-[hash]",
                   *externals, "--log-level=warning", f"--outdir={self.work}", f"--metafile={self.work / META}"]
        self.finish = start_tool(command, "esbuild could not bundle the pages' scripts", cwd=source)

    def result(self):
        try:
            self.finish()
            try:
                self.work.replace(self.folder)
            except OSError:
                if not (self.folder / META).is_file():  # else another build put the same bundle in place first
                    raise
        finally:
            shutil.rmtree(self.work, ignore_errors=True)
        return PageScripts.read(self.folder)
