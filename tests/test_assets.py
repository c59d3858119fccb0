import json

from site_builder import constants
from site_builder.assets import PROJECT_ROOT, PYODIDE_FILES, Assets, code_css, link_or_copy
from site_builder.bundle import write_wheel


def test_code_css_has_light_and_dark_rules():
    css = code_css()
    assert ".highlight .k" in css
    assert "@media (prefers-color-scheme: dark)" in css
    assert ":root[data-theme=dark] .highlight" in css


def test_lock_file_registers_only_the_wheel_and_is_cached(tmp_path):
    assets = Assets(cache_dir=tmp_path / "cache")
    wheel = write_wheel({}, tmp_path)
    first = assets.lock_file(wheel)
    lock = json.loads(first.read_text())
    assert list(lock["packages"]) == ["labkit"]
    assert lock["packages"]["labkit"]["imports"] == ["labkit", "microgpt"]
    assert lock["info"]["python"].startswith("3.14")
    first.write_text(first.read_text() + " ")  # a second call must reuse, not redo
    assert assets.lock_file(wheel).read_text().endswith(" ")


def test_link_or_copy_gives_the_same_bytes(tmp_path):
    source = tmp_path / "a.bin"
    source.write_bytes(b"pyodide")
    assert link_or_copy(source, tmp_path / "deep" / "b.bin").read_bytes() == b"pyodide"


def test_the_site_gets_the_shared_constants_as_a_module(tmp_path):
    stage = tmp_path / "stage"
    Assets().write({}, stage)
    written = stage / constants.BROWSER_MODULE
    sizes = {name: (stage / "pyodide" / name).stat().st_size for name in PYODIDE_FILES}
    assert written.read_text(encoding="utf-8") == constants.browser_module(RUNTIME_SIZES=sizes)
    assert not (PROJECT_ROOT / constants.BROWSER_MODULE).exists(), "only the build writes it, never the source tree"
