"""The compressed copies the build writes beside the site's larger files."""

import gzip

import brotli

from site_builder.offline import write_service_worker
from site_builder.precompress import SMALLEST, write_compressed
from tests.stand_in_workers import NotingWorkers


def test_large_text_gets_both_copies_and_each_decompresses_to_the_file(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    page = ("<p>attention is a weighted average</p>\n" * 200).encode()
    (site / "index.html").write_bytes(page)
    assert write_compressed(site, cache) == 2
    assert brotli.decompress((site / "index.html.br").read_bytes()) == page
    assert gzip.decompress((site / "index.html.gz").read_bytes()) == page


def test_small_incompressible_and_binary_files_get_none(tmp_path):
    import os

    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "small.js").write_text("x" * (SMALLEST - 1))
    (site / "noise.js").write_bytes(os.urandom(50_000))  # nothing to gain
    (site / "picture.png").write_bytes(b"\x89PNG" + b"\0" * 50_000)  # not a kind worth compressing
    assert write_compressed(site, cache) == 0
    assert sorted(path.name for path in site.iterdir()) == ["noise.js", "picture.png", "small.js"]


def test_a_second_build_reuses_the_cached_copies(tmp_path, monkeypatch):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    (site / "app.js").write_text("const a = 1;\n" * 500)
    write_compressed(site, cache)
    calls = []
    monkeypatch.setitem(__import__("site_builder.precompress").precompress.ENCODINGS, ".br", lambda data: calls.append(1) or b"")
    (site / "app.js.br").unlink()
    write_compressed(site, cache)
    assert calls == [] and (site / "app.js.br").is_file()


def test_the_offline_copy_never_lists_the_compressed_copies(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home</p>" * 500)
    write_compressed(site, tmp_path / "cache")
    write_service_worker(site)
    listed = (site / "sw.js").read_text()
    assert '"./"' in listed and ".br" not in listed and ".gz" not in listed


def test_a_file_rewritten_at_once_with_the_same_size_gets_copies_of_its_new_bytes(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    page = site / "page.html"
    page.write_text("a" * 5000)
    write_compressed(site, cache)
    page.write_text("b" * 5000)  # within the same clock tick, very likely: size and time may look unchanged
    write_compressed(site, cache)
    assert gzip.decompress((site / "page.html.gz").read_bytes()) == b"b" * 5000


def test_copies_begun_early_in_the_builds_workers_are_not_made_again(tmp_path):
    from site_builder.precompress import Compressing

    installed, site, cache = tmp_path / "node_modules", tmp_path / "site", tmp_path / "cache"
    installed.mkdir()
    site.mkdir()
    runtime = ("let python = 'ready';\n" * 2000).encode()
    (installed / "runtime.js").write_bytes(runtime)
    (site / "runtime.js").write_bytes(runtime)  # the stage's copy of the same bytes
    (site / "page.html").write_text("<p>a lesson</p>\n" * 300)
    workers = NotingWorkers()
    compressing = Compressing(workers, cache)
    compressing.start([installed / "runtime.js"])  # at the start of the build
    compressing.start([installed / "runtime.js"])  # asked again: already on its way
    assert copies_sent(workers) == [("runtime.js", ".br"), ("runtime.js", ".gz")]
    assert compressing.write(site) == 4
    assert copies_sent(workers)[2:] == [("page.html", ".br"), ("page.html", ".gz")]
    assert brotli.decompress((site / "runtime.js.br").read_bytes()) == runtime


def test_the_installed_runtimes_copies_are_kept_apart_from_the_builds_and_made_once(tmp_path):
    from site_builder.precompress import Compressing

    installed, site = tmp_path / "node_modules", tmp_path / "site"
    installed.mkdir()
    site.mkdir()
    runtime = ("let python = 'ready';\n" * 2000).encode()
    (installed / "runtime.js").write_bytes(runtime)
    (site / "runtime.js").write_bytes(runtime)
    (site / "page.html").write_text("<p>a lesson</p>\n" * 300)
    workers = NotingWorkers()
    compressing = Compressing(workers, tmp_path / "cache", installed_cache=installed / ".compressed")
    compressing.start([installed / "runtime.js"], installed=True)
    assert compressing.write(site) == 4
    assert sorted(path.suffix for path in (installed / ".compressed").iterdir()) == [".br", ".gz"]
    assert sorted(path.suffix for path in (tmp_path / "cache").iterdir()) == [".br", ".gz"]  # the page's
    assert brotli.decompress((site / "runtime.js.br").read_bytes()) == runtime
    # A build with no cache of its own (a cold build) makes only the page's copies again.
    again = NotingWorkers()
    compressing = Compressing(again, tmp_path / "new-cache", installed_cache=installed / ".compressed")
    compressing.start([installed / "runtime.js"], installed=True)
    assert compressing.write(site) == 4
    assert copies_sent(again) == [("page.html", ".br"), ("page.html", ".gz")]


def copies_sent(workers):
    """(file name, suffix) of each copy sent to the workers, in order."""
    return [(path.name, suffix) for (batch,) in workers.sent for path, _, suffix in batch]


def test_small_files_are_compressed_together_and_a_large_one_alone(tmp_path):
    from site_builder.precompress import BATCH_BYTES, Compressing

    site = tmp_path / "site"
    site.mkdir()
    for index in range(40):
        (site / f"page-{index}.html").write_text(f"<p>lesson {index}</p>\n" * 800)  # about 14 KB each
    (site / "large.js").write_text("let x = 1;\n" * (BATCH_BYTES // 8))
    workers = NotingWorkers()
    assert Compressing(workers, tmp_path / "cache").write(site) == 82
    sizes = [sum((site / path.name).stat().st_size for path, _, _ in batch) for (batch,) in workers.sent]
    assert sizes[0] > BATCH_BYTES and len(workers.sent[0][0]) == 1  # the large file's first copy, alone
    assert all(size <= BATCH_BYTES for size in sizes[2:])
    assert len(workers.sent) < 10  # not 82
    assert sorted(copies_sent(workers)) == sorted((path.name, suffix) for path in site.iterdir() if path.suffix in (".html", ".js") for suffix in (".br", ".gz"))
