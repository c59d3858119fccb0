"""site_builder/page_scripts.py: the scripts pages load, bundled by esbuild with what they
share split into chunks. Two scripts that import one module share one copy of it (its state
too, checked in Node); the editor and the build's constants stay files of their own; a page
is told every file its scripts import; the bundle is made once for the same sources; and a
missing script or a broken module is a clear error that leaves no half-made bundle behind.
"""

import re
import shutil
import subprocess

import pytest

from site_builder import page_scripts
from site_builder.errors import BuildError
from site_builder.page_scripts import PageScripts, Ready, page_entries
from site_builder.pages import TEMPLATES
from site_builder.widgets import KINDS
from tests.conftest import PROJECT

COUNTER = "export let count = 0;\nexport function bump() { count += 1; return count; }\n"
FIRST = 'import { bump } from "./counter.js";\nimport { OUTPUT_CAP } from "./course-constants.js";\nexport const first = bump() + OUTPUT_CAP * 0;\n'
SECOND = 'import { bump } from "./counter.js";\nimport { drawn } from "./drawing.js";\nexport const second = bump() + drawn;\n'
DRAWING = "export const drawn = 0;\n"
ALONE = 'export const alone = "nothing shared";\n'


@pytest.fixture
def sources(tmp_path):
    folder = tmp_path / "js"
    folder.mkdir()
    for name, text in {"counter.js": COUNTER, "first.js": FIRST, "second.js": SECOND, "drawing.js": DRAWING, "alone.js": ALONE}.items():
        (folder / name).write_text(text)
    return folder


def bundle(sources, cache, entries=("first.js", "second.js", "alone.js")):
    return PageScripts.start(cache, source=sources, entries=entries).result()


def test_two_scripts_that_import_one_module_share_one_copy_of_it_in_a_chunk(sources, tmp_path):
    scripts = bundle(sources, tmp_path / "cache")
    chunks = [name for name in scripts.files if name.startswith("chunk-")]
    assert sorted(scripts.files) == sorted(["first.js", "second.js", "alone.js", *chunks])
    assert len(chunks) == 1, "the counter and the drawing (only the second's) are one chunk or two, never a copy in each"
    shared = [name for name in chunks if "count += 1" in scripts.files[name].read_text()]
    assert len(shared) == 1
    for entry in ("first.js", "second.js"):
        text = scripts.files[entry].read_text()
        assert "count += 1" not in text and f'"./{shared[0]}"' in text, entry
    assert scripts.graph["alone.js"] == []


def test_the_shared_module_is_one_instance_when_both_scripts_run(sources, tmp_path):
    scripts = bundle(sources, tmp_path / "cache")
    site = tmp_path / "site"
    site.mkdir()
    for name, path in scripts.files.items():
        shutil.copy(path, site / name)
    (site / "course-constants.js").write_text("export const OUTPUT_CAP = 100;\n")
    node = shutil.which("node")
    assert node, "Node.js is needed to run the bundled modules"
    script = 'const a = await import(process.argv[1]); const b = await import(process.argv[2]); console.log(a.first, b.second);'
    done = subprocess.run([node, "--input-type=module", "-e", script, (site / "first.js").as_uri(), (site / "second.js").as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "2"], "a second copy of the counter would count 1 again"


def test_the_editor_and_the_constants_are_imported_not_joined_in(sources, tmp_path):
    (sources / "first.js").write_text(FIRST + 'import { createEditor } from "./editor.js";\nexport const made = createEditor;\n')
    scripts = bundle(sources, tmp_path / "cache")
    assert "editor.js" not in scripts.files and "course-constants.js" not in scripts.files
    assert {"course-constants.js", "editor.js"} <= set(scripts.imports(["first.js"]))


def test_imports_follows_every_static_import_once_and_leaves_out_what_was_asked_for(sources, tmp_path):
    scripts = bundle(sources, tmp_path / "cache")
    first = scripts.imports(["first.js"])
    second = scripts.imports(["second.js"])
    assert "course-constants.js" in first and len(first) == len(set(first))
    both = scripts.imports(["first.js", "second.js"])
    assert both == list(dict.fromkeys(first + second))
    assert scripts.imports(["second.js"], besides=["first.js"]) == [name for name in second if name not in first]
    assert scripts.imports(["alone.js"]) == []
    assert scripts.imports(["not-bundled.js"]) == []


def test_the_same_sources_are_bundled_once(sources, tmp_path, monkeypatch):
    first = bundle(sources, tmp_path / "cache")

    def no_esbuild(*args, **kwargs):
        raise AssertionError("esbuild ran again for sources it had bundled")

    monkeypatch.setattr(page_scripts, "start_tool", no_esbuild)
    again = PageScripts.start(tmp_path / "cache", source=sources, entries=("first.js", "second.js", "alone.js"))
    assert isinstance(again, Ready) and again.result() == first
    (sources / "alone.js").write_text(ALONE + "export const more = 1;\n")
    with pytest.raises(AssertionError, match="esbuild ran again"):
        PageScripts.start(tmp_path / "cache", source=sources, entries=("first.js", "second.js", "alone.js"))
    with pytest.raises(AssertionError, match="esbuild ran again"):  # another list of entries is another bundle
        PageScripts.start(tmp_path / "cache", source=sources, entries=("first.js", "second.js"))


def test_a_script_a_page_names_that_is_not_there_is_refused_by_name(sources, tmp_path):
    with pytest.raises(BuildError, match=r"a page loads missing\.js, which .*js does not hold"):
        PageScripts.start(tmp_path / "cache", source=sources, entries=("first.js", "missing.js"))


def test_a_broken_module_fails_the_build_with_esbuilds_words_and_leaves_no_bundle(sources, tmp_path):
    (sources / "drawing.js").write_text("export const drawn = ;\n")
    with pytest.raises(BuildError, match=r"(?s)esbuild could not bundle the pages' scripts:.*drawing\.js"):
        bundle(sources, tmp_path / "cache")
    assert list((tmp_path / "cache" / "pages").iterdir()) == [], "neither a bundle nor its work folder is left"


def test_the_entries_are_every_script_the_kinds_and_the_templates_load():
    entries = page_entries()
    for kind in KINDS.values():
        assert set(kind.scripts + kind.starters) <= set(entries), kind.name
    named = set()
    for template in TEMPLATES.rglob("*.html"):
        named.update(re.findall(r'<script type="module"[^>]*src="[^"]*static/js/([\w.-]+)"', template.read_text()))  # not {{ script }}
    assert named and named <= set(entries)
    assert {"course-nav.js", "offline.js", "livereload.js", "search.js"} <= named
    assert all((PROJECT / "static/js" / name).is_file() for name in entries)
    assert "python-worker.js" not in entries, "the worker is bundled on its own: it must start after one request"


def test_a_built_page_loads_the_bundled_scripts_and_preloads_all_they_import(mini_course, tmp_path):
    from site_builder.assets import Assets
    from site_builder.build import build

    build(mini_course, tmp_path / "dist")
    scripts = PageScripts.start(Assets().cache).result()  # the bundle that build made: the same sources
    served = tmp_path / "dist/static/js"
    for name, bundled in scripts.files.items():
        assert (served / name).read_bytes() == bundled.read_bytes(), name
    lab_page = (tmp_path / "dist/01-basics/adding/index.html").read_text()
    loaded = re.findall(r'<script type="module"[^>]*src="[^"]*static/js/([^"]+)"', lab_page)
    preloaded = re.findall(r'<link rel="modulepreload" href="[^"]*static/js/([^"]+)"', lab_page)
    assert {"python-start.js", "lab.js"} <= set(loaded)
    assert preloaded == scripts.imports(["python-start.js"]) + scripts.imports(["lab.js"], besides=["python-start.js"])
    assert "editor.js" in preloaded and all((served / name).is_file() for name in preloaded)
    for page in (tmp_path / "dist").rglob("*.html"):
        for name in re.findall(r'<script type="module"[^>]*src="[^"]*static/js/([^"]+)"', page.read_text()):
            assert name in scripts.files, (page, name)
